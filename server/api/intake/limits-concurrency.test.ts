import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimableSites } from "~/content/claimable-sites";
import { createTestApp } from "../../../tests/support/app";
import { createInquiry } from "../../services/inquiry-chat";
import { QUESTIONS } from "../../services/inquiry-questions";

/**
 * The public limits under a spike: 50 requests at once from one address. The
 * counters are single upsert statements, so exactly the limit get through and
 * the rest are refused with 429 (never a 500), and nothing refused is stored.
 * app.request() has no socket, so every request comes from the one address
 * "unknown"; each form has its own counter.
 */
const AT_ONCE = 50;
const MESSAGE_LIMIT = 7;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // The default PUBLIC_FORM_LIMIT (5) and INQUIRY_CREATE_LIMIT (10); a small message limit.
  ctx = await createTestApp({ env: { INQUIRY_MESSAGE_LIMIT: String(MESSAGE_LIMIT) } });
});
afterAll(() => ctx.close());
// Each test starts from empty windows, so the tests stay independent of their order.
beforeEach(async () => {
  await ctx.db.execute(sql`delete from rate_limits`);
});

const marker = () => `spike.${Math.random().toString(36).slice(2, 10)}`;

const postJson = (path: string, body: unknown) =>
  ctx.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** Fires all requests at once; checks every answer is 2xx or a 429 with a JSON error and Retry-After. */
async function spike(send: (i: number) => Response | Promise<Response>, okStatus: number) {
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, async (_, i) => send(i)));
  const statuses = answers.map((res) => res.status);
  expect(
    statuses.filter((s) => s >= 500),
    "no answer is a 5xx",
  ).toEqual([]);
  expect(
    statuses.filter((s) => s !== okStatus && s !== 429),
    "only successes and 429s",
  ).toEqual([]);
  for (const res of answers.filter((r) => r.status === 429)) {
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await res.json()) as { error?: unknown };
    expect(body.error).toEqual(expect.stringMatching(/too many/i));
  }
  return {
    succeeded: statuses.filter((s) => s === okStatus).length,
    refused: statuses.filter((s) => s === 429).length,
  };
}

const count = async (query: ReturnType<typeof sql>) => {
  const { rows } = await ctx.db.execute<{ n: number }>(query);
  return rows[0]!.n;
};

describe("public limits under 50 simultaneous requests from one address", () => {
  it("POST /api/submissions: exactly PUBLIC_FORM_LIMIT succeed and are stored", async () => {
    const tag = marker();
    const { succeeded, refused } = await spike(
      (i) =>
        postJson("/api/submissions", {
          name: "Maria Santos",
          email: `${tag}.${i}@example.com`,
          siteType: "business",
          budget: "500-plus",
          timeline: "asap",
          description: "A site for my bakery on Atwells Avenue with our menu, hours and holiday trays.",
          readiness: "ready",
        }),
      200,
    );
    expect(succeeded).toBe(ctx.env.PUBLIC_FORM_LIMIT);
    expect(ctx.env.PUBLIC_FORM_LIMIT).toBe(5);
    expect(refused).toBe(AT_ONCE - 5);
    const like = `${tag}.%`;
    expect(await count(sql`select count(*)::int as n from contacts where email like ${like}`)).toBe(succeeded);
    expect(
      await count(sql`select count(*)::int as n from project_contacts p join contacts c on c.id = p.contact_id
        where c.email like ${like}`),
    ).toBe(succeeded);
  });

  it("POST /api/contact: exactly PUBLIC_FORM_LIMIT succeed and are stored", async () => {
    const tag = marker();
    const { succeeded, refused } = await spike(
      (i) =>
        postJson("/api/contact", {
          name: "Dev Patel",
          email: `${tag}.${i}@example.com`,
          subject: "Menu update",
          message: "Can you add our fall menu?",
        }),
      200,
    );
    expect(succeeded).toBe(5);
    expect(refused).toBe(AT_ONCE - 5);
    const like = `${tag}.%`;
    expect(await count(sql`select count(*)::int as n from contacts where email like ${like}`)).toBe(succeeded);
    expect(
      await count(sql`select count(*)::int as n from communications m join contacts c on c.id = m.contact_id
        where c.email like ${like}`),
    ).toBe(succeeded);
  });

  it("the contact form's plain form post: exactly PUBLIC_FORM_LIMIT are stored, the rest go back with rate_limited", async () => {
    const tag = marker();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        ctx.app.request("/api/contact", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            name: "Ann Lee",
            email: `${tag}.${i}@example.com`,
            subject: "",
            message: "Hello!",
          }).toString(),
        }),
      ),
    );
    const locations = answers.map((res) => `${res.status} ${res.headers.get("location")?.split("&")[0]}`);
    expect(locations.filter((l) => l === "303 /contact/thank-you")).toHaveLength(5);
    expect(locations.filter((l) => l === "303 /contact?error=rate_limited")).toHaveLength(AT_ONCE - 5);
    expect(await count(sql`select count(*)::int as n from contacts where email like ${`${tag}.%`}`)).toBe(5);
  });

  it("POST /api/claims: exactly PUBLIC_FORM_LIMIT succeed and are stored", async () => {
    const tag = marker();
    const { succeeded, refused } = await spike(
      (i) =>
        postJson("/api/claims", {
          siteId: claimableSites[0]!.id,
          name: "Joe Medeiros",
          phone: "(401) 555-0111",
          email: `${tag}.${i}@example.com`,
          verification: "I'm the owner; the shop's registration is in my name and I answer the store phone.",
        }),
      200,
    );
    expect(succeeded).toBe(5);
    expect(refused).toBe(AT_ONCE - 5);
    const like = `${tag}.%`;
    expect(await count(sql`select count(*)::int as n from contacts where email like ${like}`)).toBe(succeeded);
    expect(
      await count(sql`select count(*)::int as n from communications m join contacts c on c.id = m.contact_id
        where c.email like ${like}`),
    ).toBe(succeeded);
  });

  it("POST /api/inquiries/create: exactly INQUIRY_CREATE_LIMIT chats are started", async () => {
    expect(ctx.env.INQUIRY_CREATE_LIMIT).toBe(10);
    const before = await count(sql`select count(*)::int as n from inquiries`);
    const { succeeded, refused } = await spike(() => ctx.app.request("/api/inquiries/create", { method: "POST" }), 201);
    expect(succeeded).toBe(10);
    expect(refused).toBe(AT_ONCE - 10);
    expect(await count(sql`select count(*)::int as n from inquiries`)).toBe(before + succeeded);
  });

  it("POST /api/inquiries/{id}/messages: exactly INQUIRY_MESSAGE_LIMIT answers are taken", async () => {
    // One open chat per request, so every answer within the limit is a valid one (201).
    const chats: string[] = [];
    for (let i = 0; i < AT_ONCE; i++) chats.push((await createInquiry(ctx.db)).session.id);
    const first = QUESTIONS[0]!.type;
    const { succeeded, refused } = await spike(
      (i) =>
        postJson(`/api/inquiries/${chats[i]}/messages`, {
          author_type: "visitor",
          content: "Dana Whitfield",
          message_type: "answer",
          question_type: first,
        }),
      201,
    );
    expect(succeeded).toBe(MESSAGE_LIMIT);
    expect(refused).toBe(AT_ONCE - MESSAGE_LIMIT);
    const ids = sql.join(
      chats.map((id) => sql`${id}`),
      sql`, `,
    );
    expect(
      await count(sql`select count(*)::int as n from inquiry_messages
        where author_type = 'visitor' and inquiry_id in (${ids})`),
    ).toBe(succeeded);
  });
});

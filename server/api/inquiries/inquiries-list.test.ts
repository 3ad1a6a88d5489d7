import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InquiryListSchema, type CreateInquiryResponse, type InquiryMessage } from "~/contracts/inquiries";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";

/**
 * GET /api/admin/inquiries with its `search` and `status` parameters (docs/product/inquiries.md
 * "The list": search by name, e-mail, project type or ID, a status filter All, Active, Completed),
 * against real inquiries made through the chat's own API.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;

/** A tag no other row holds, so each search has a known answer. */
const tag = Math.random().toString(36).slice(2, 8);

const made: Record<"ana" | "ben" | "cleo", { id: string; projectId?: string }> = {
  ana: { id: "" },
  ben: { id: "" },
  cleo: { id: "" },
};

async function startChat(): Promise<string> {
  const res = await ctx.app.request("/api/inquiries/create", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as CreateInquiryResponse).inquiryId;
}

/** Answers the chat's current question, as the chat page does. */
async function reply(id: string, content: string) {
  const read = await ctx.app.request(`/api/inquiries/${id}/messages`);
  const { messages } = (await read.json()) as { messages: InquiryMessage[] };
  const question = messages.filter((m) => m.message_type === "question").at(-1);
  const res = await ctx.app.request(`/api/inquiries/${id}/messages`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      inquiry_id: id,
      author_type: "visitor",
      content,
      message_type: "answer",
      question_type: question?.question_type,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { session: { project_id: string | null } };
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { INQUIRY_CREATE_LIMIT: "100", INQUIRY_MESSAGE_LIMIT: "1000" } });
  auth = (await createAdminToken(ctx.db)).auth;

  // Ana: a completed small-business inquiry (it became a project).
  made.ana.id = await startChat();
  let last;
  for (const answer of [
    `Ana Ferreira ${tag}`,
    `ana.${tag}@example.com`,
    "Small business",
    "$500+",
    "1-2 weeks",
    "A site for a bakery on Federal Hill.",
    "That's everything",
  ])
    last = await reply(made.ana.id, answer);
  made.ana.projectId = last!.session.project_id!;

  // Ben: an active portfolio inquiry, three answers in.
  made.ben.id = await startChat();
  for (const answer of [`Ben Okafor ${tag}`, `ben.${tag}@example.com`, "Portfolio"]) await reply(made.ben.id, answer);

  // Cleo: an active inquiry that has only just begun (no name yet).
  made.cleo.id = await startChat();
});
afterAll(() => ctx.close());

async function list(query: string, headers: Record<string, string> = auth) {
  const res = await ctx.app.request(`/api/admin/inquiries${query}`, { headers });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

/** The ids among ours that the query returns, in the order returned. */
async function ours(query: string): Promise<string[]> {
  const { res, body } = await list(query);
  expect(res.status, JSON.stringify(body)).toBe(200);
  const parsed = InquiryListSchema.parse(body);
  expect(parsed).toEqual(body);
  const mine = new Set([made.ana.id, made.ben.id, made.cleo.id]);
  return parsed.inquiries.map((i) => i.id).filter((id) => mine.has(id));
}

describe("GET /api/admin/inquiries: status and search", () => {
  it("answers 401 without a token or with a bad one, whatever the parameters", async () => {
    for (const query of ["", "?status=active", `?search=${tag}`, "?status=nope"]) {
      const none = await list(query, {});
      expect(none.res.status).toBe(401);
      expect(none.body.error).toEqual(expect.any(String));
      const bad = await list(query, { Authorization: "Bearer not-a-real-token-at-all-123456" });
      expect(bad.res.status).toBe(401);
    }
  });

  it("lists every inquiry, newest first, without parameters", async () => {
    expect(await ours("")).toEqual([made.cleo.id, made.ben.id, made.ana.id]);
  });

  it("narrows to active or completed inquiries, with a total that counts the matches", async () => {
    expect(await ours("?status=active")).toEqual([made.cleo.id, made.ben.id]);
    expect(await ours("?status=completed")).toEqual([made.ana.id]);
    const { body } = await list("?status=completed");
    const parsed = InquiryListSchema.parse(body);
    expect(parsed.inquiries.every((i) => i.status === "completed")).toBe(true);
    expect(parsed.total).toBe(parsed.inquiries.length);
  });

  it("finds by part of the name, case-insensitively, and by e-mail", async () => {
    expect(await ours(`?search=${encodeURIComponent(`ferreira ${tag}`)}`)).toEqual([made.ana.id]);
    expect(await ours(`?search=${encodeURIComponent(`BEN OKAFOR ${tag}`)}`)).toEqual([made.ben.id]);
    expect(await ours(`?search=${encodeURIComponent(`ana.${tag}@`)}`)).toEqual([made.ana.id]);
    expect(await ours(`?search=${tag}`)).toEqual([made.ben.id, made.ana.id]);
  });

  it("finds by project type, its label or its stored value", async () => {
    expect(await ours("?search=small%20business")).toEqual([made.ana.id]);
    expect(await ours("?search=business")).toEqual([made.ana.id]);
    expect(await ours("?search=Portfolio")).toEqual([made.ben.id]);
  });

  it("finds by the inquiry's ID, whole or in part, and by the project it became", async () => {
    expect(await ours(`?search=${made.cleo.id}`)).toEqual([made.cleo.id]);
    expect(await ours(`?search=${made.ben.id.slice(3, 15)}`)).toEqual([made.ben.id]);
    expect(await ours(`?search=${made.ana.projectId}`)).toEqual([made.ana.id]);
  });

  it("combines search and status, and trims the search", async () => {
    expect(await ours(`?search=${tag}&status=active`)).toEqual([made.ben.id]);
    expect(await ours(`?search=${tag}&status=completed`)).toEqual([made.ana.id]);
    expect(await ours(`?search=${encodeURIComponent(`  ${tag}  `)}&status=completed`)).toEqual([made.ana.id]);
    // Blank is no search at all.
    expect(await ours("?search=%20%20")).toEqual([made.cleo.id, made.ben.id, made.ana.id]);
  });

  it("takes LIKE wildcards and quotes in the search as plain text", async () => {
    // As wildcards, `${tag}_` would match "<tag>@" in the e-mails and "%" everything.
    for (const text of ["%", "\\", "' or '1'='1", `${tag}%`, `${tag}_`]) {
      const { res, body } = await list(`?search=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      expect(InquiryListSchema.parse(body).inquiries).toEqual([]);
    }
  });

  it("pages a busy list: limit and offset in the answer, the total over every page", async () => {
    const mark = `bulk${tag}`;
    await ctx.db.execute(sql`
      insert into inquiries (id, visitor_name, visitor_email, status, created_at)
      select ${mark} || lpad(g::text, 4, '0'), 'Visitor ' || ${mark} || ' ' || g, null,
             (array['active','completed'])[1 + g % 2], now() - make_interval(mins => g)
      from generate_series(1, 230) g`);
    const first = InquiryListSchema.parse((await list(`?search=${mark}`)).body);
    expect(first).toMatchObject({ total: 230, limit: 50, offset: 0 });
    expect(first.inquiries[0]!.id).toBe(`${mark}0001`);
    const last = InquiryListSchema.parse((await list(`?search=${mark}&limit=100&offset=200`)).body);
    expect(last.inquiries.map((i) => i.id).at(-1)).toBe(`${mark}0230`);
    expect(last).toMatchObject({ total: 230, limit: 100, offset: 200 });
    expect(InquiryListSchema.parse((await list(`?search=${mark}&status=completed`)).body).total).toBe(115);
    expect((await list(`?limit=101`)).res.status).toBe(400);
  });

  it("refuses a bad status or search with a clear 400", async () => {
    for (const status of ["open", "ACTIVE", "all", ""]) {
      const { res, body } = await list(`?status=${status}`);
      expect(res.status).toBe(400);
      expect(body.error).toContain("status must be 'active' or 'completed'");
      expect(body.fields).toMatchObject({ status: expect.stringContaining("'active' or 'completed'") });
    }
    const long = await list(`?search=${"x".repeat(201)}`);
    expect(long.res.status).toBe(400);
    expect(long.body.error).toContain("search must be at most 200 characters");

    const twice = await list("?status=active&status=completed");
    expect(twice.res.status).toBe(400);
    expect(twice.body.error).toContain("status");
    const repeated = await list(`?search=a&search=b`);
    expect(repeated.res.status).toBe(400);
    expect(repeated.body.error).toContain("search");
  });
});

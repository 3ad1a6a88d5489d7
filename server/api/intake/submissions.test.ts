import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PublicFormErrorSchema } from "~/contracts/intake";
import { SubmissionAnswerSchema } from "~/contracts/intake";
import { HIGH_SCORE } from "~/contracts/contacts";
import { createTestApp } from "../../../tests/support/app";
import { PROJECT_ID_PATTERN } from "../../services/projects/project-id";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let ipCounter = 0;
/** Each test posts from its own address, so the rate limit of one never touches another. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const post = (body: unknown, ip = freshIp(), raw?: string) =>
  ctx.app.request("/api/submissions", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: raw ?? JSON.stringify(body),
  });

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: "Maria Santos",
  email: `maria.${Math.random().toString(36).slice(2)}@example.com`,
  siteType: "business",
  budget: "500-plus",
  timeline: "asap",
  description: "A site for my bakery on Atwells Avenue with our menu, hours and a way to pre-order holiday trays.",
  readiness: "ready",
  attribution: {
    landing_page: "/?utm_source=google",
    referrer: "https://www.google.com/",
    utm_source: "google",
    utm_medium: "cpc",
  },
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: "true" } });
});
afterAll(() => ctx.close());

describe("POST /api/submissions", () => {
  it("stores the contact and the project together and answers the project ID", async () => {
    const input = valid();
    const res = await post(input);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ success: true, emailSignIn: false, projectId: expect.stringMatching(PROJECT_ID_PATTERN) });

    const { rows: contacts } = await ctx.db.execute(sql`select * from contacts where email = ${input.email}`);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      name: "Maria Santos",
      status: "submitted",
      source: "website",
      initial_message: input.description,
      lead_score: 20 + 15,
      submission_data: { site_type: "business", budget: "500-plus", timeline: "asap", readiness: "ready" },
      landing_page: "/?utm_source=google",
      referrer: "https://www.google.com/",
      utm_source: "google",
      utm_medium: "cpc",
    });
    const { rows: projects } = await ctx.db.execute(sql`select * from projects where id = ${body.projectId}`);
    expect(projects[0]).toMatchObject({
      status: "submitted",
      project_type: "small_business",
      budget_range: "500-plus",
      description: input.description,
      legacy_data: { site_type: "business", timeline: "asap", readiness: "ready" },
    });
    const { rows: links } = await ctx.db.execute(
      sql`select * from project_contacts where project_id = ${body.projectId}`,
    );
    expect(links).toEqual([expect.objectContaining({ contact_id: contacts[0]!.id, role: "client", is_primary: true })]);
  });

  it("takes an optional phone and business name, so the best lead scores High (50 or more)", async () => {
    const input = valid({
      phone: " (401) 555-0142 ",
      company: "Santos Family Bakery",
      description:
        "A site for my bakery on Atwells Avenue with our menu, hours, catering trays and a way to pre-order for the holidays.",
    });
    const res = await post(input);
    expect(res.status).toBe(200);
    const { projectId } = await res.json();
    const { rows } = await ctx.db.execute(
      sql`select id, phone, company, lead_score from contacts where email = ${input.email}`,
    );
    expect(rows[0]).toMatchObject({ phone: "(401) 555-0142", company: "Santos Family Bakery", lead_score: 60 });
    expect(Number(rows[0]!.lead_score)).toBeGreaterThanOrEqual(HIGH_SCORE);
    const { rows: mail } = await ctx.db.execute(
      sql`select text from email_outbox where project_id = ${projectId} and kind = 'lead_notification'`,
    );
    expect(mail[0]!.text).toContain("Phone: (401) 555-0142");
    expect(mail[0]!.text).toContain("Business: Santos Family Bakery");
    expect(mail[0]!.text).toContain(`/admin/contacts?contact=${rows[0]!.id}`);

    const bad = await post(valid({ phone: "call me" }));
    expect(bad.status).toBe(400);
    expect(PublicFormErrorSchema.parse(await bad.json()).fields).toMatchObject({
      phone: "Enter a phone number, like (401) 555-0100",
    });
  });

  it("updates the same contact for the same e-mail in any case, with a second project", async () => {
    const first = valid({ budget: "", timeline: "", description: "short" });
    await post(first);
    const again = await post(valid({ email: first.email.toUpperCase(), name: "Maria S." }));
    expect(again.status).toBe(200);
    const { rows } = await ctx.db.execute(
      sql`select id, name, lead_score from contacts where lower(email) = lower(${first.email})`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Maria S.", lead_score: 35 });
    const { rows: projects } = await ctx.db.execute(
      sql`select count(*)::int as n from project_contacts where contact_id = ${rows[0]!.id}`,
    );
    expect(projects[0]!.n).toBe(2);
  });

  it("defaults readiness to curious and accepts empty options", async () => {
    const input = valid({ siteType: "", budget: "", timeline: "", readiness: undefined });
    const res = await post(input);
    expect(res.status).toBe(200);
    const { rows } = await ctx.db.execute(
      sql`select submission_data, lead_score from contacts where email = ${input.email}`,
    );
    expect(rows[0]).toMatchObject({ submission_data: { readiness: "curious", budget: "" }, lead_score: 0 });
  });

  it.each([
    ["name", { name: "  " }, /Name is required/],
    ["email", { email: "not-an-email" }, /valid email/],
    ["description", { description: "" }, /Project description is required/],
    ["siteType", { siteType: "castle" }, /Site type must be one of/],
    ["budget", { budget: "1000000" }, /Budget must be one of/],
    ["timeline", { timeline: "never" }, /Timeline must be one of/],
    ["readiness", { readiness: "maybe" }, /Readiness/],
    ["name", { name: "x".repeat(101) }, /at most 100/],
    ["description", { description: "x".repeat(5001) }, /at most 5000/],
    ["email", { email: 42 }, /Email/],
  ])("refuses a bad %s with a 400 naming the field, storing nothing", async (field, overrides, message) => {
    const input = valid(overrides);
    const res = await post(input);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.fields[field]).toMatch(message);
    expect(body.error).toContain(field);
    const { rows } = await ctx.db.execute(
      sql`select count(*)::int as n from contacts where email = ${String(input.email)}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("refuses malformed JSON and non-objects with a 400", async () => {
    const bad = await post(undefined, freshIp(), "{not json");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/not valid JSON/);
    const array = await post([1, 2]);
    expect(array.status).toBe(400);
  });

  it("refuses a filled honeypot without storing anything", async () => {
    const input = valid({ hp_extra_info: "http://spam.example" });
    const res = await post(input);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/looked automated/);
    const { rows } = await ctx.db.execute(sql`select count(*)::int as n from contacts where email = ${input.email}`);
    expect(rows[0]!.n).toBe(0);
  });

  it("allows 5 submissions per address in 10 minutes, then answers 429 with a wait time", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post(valid(), ip)).status).toBe(200);
    const limited = await post(valid(), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatch(/Too many messages.*wait \d+ minutes?/);
    expect((await post(valid(), freshIp())).status).toBe(200);
  });

  it("queues the owner's notification and the visitor's confirmation in the outbox when SMTP is off", async () => {
    const input = valid();
    const { projectId } = await (await post(input)).json();
    const { rows } = await ctx.db.execute(
      sql`select kind, to_address, status, subject, text from email_outbox where project_id = ${projectId} order by id`,
    );
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ["lead_notification", "held"],
      ["submission_confirmation", "held"],
    ]);
    expect(rows[1]!.to_address).toBe(input.email);
    expect(String(rows[1]!.text)).toContain(projectId);
  });

  it("answers exactly the declared schemas: the success answer and the public forms' error", async () => {
    const ok = await post(valid());
    expect(SubmissionAnswerSchema.parse(await ok.json()).projectId).toMatch(PROJECT_ID_PATTERN);
    const bad = await post(valid({ email: "nope" }));
    expect(PublicFormErrorSchema.strict().parse(await bad.json()).fields).toHaveProperty("email");
  });

  it("checks the form before counting it: mistyped sends never use up the address's allowance", async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) expect((await post(valid({ email: "not-an-email" }), ip)).status).toBe(400);
    for (let i = 0; i < 6; i++) expect((await post(valid({ hp_extra_info: "spam" }), ip)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await post(valid(), ip)).status).toBe(200);
    expect((await post(valid(), ip)).status).toBe(429);
  });

  it("takes JSON only: a plain form post is refused with the public forms' 400", async () => {
    const res = await ctx.app.request("/api/submissions", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": freshIp() },
      body: new URLSearchParams({ name: "Maria", email: "maria@example.com", description: "A site" }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      error: "Send the form as JSON (Content-Type: application/json)",
    });
  });
});

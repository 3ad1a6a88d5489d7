import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimableSites } from "~/content/claimable-sites";
import { FormSentSchema, PublicFormErrorSchema } from "~/contracts/intake";
import { createTestApp } from "../../../tests/support/app";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let n = 0;
const freshIp = () => `10.2.${Math.floor(++n / 250)}.${n % 250}`;
const email = () => `lead.${Math.random().toString(36).slice(2)}@example.com`;

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: "true" } });
});
afterAll(() => ctx.close());

const json = (path: string, body: unknown, ip = freshIp()) =>
  ctx.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify(body),
  });
const form = (path: string, fields: Record<string, string>, ip = freshIp()) =>
  ctx.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
    body: new URLSearchParams(fields).toString(),
  });

describe("POST /api/contact", () => {
  it("records a contact from the contact page with the message as a communication", async () => {
    const address = email();
    const res = await json("/api/contact", {
      name: "Dev Patel",
      email: address,
      subject: "Menu update",
      message: "Can you add our fall menu?",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const { rows } = await ctx.db.execute(
      sql`select id, source, status, initial_message from contacts where email = ${address}`,
    );
    expect(rows[0]).toMatchObject({
      source: "contact_page",
      status: "new",
      initial_message: "Can you add our fall menu?",
    });
    const { rows: comms } = await ctx.db.execute(
      sql`select type, direction, subject, content, created_by from communications where contact_id = ${rows[0]!.id}`,
    );
    expect(comms).toEqual([
      {
        type: "email",
        direction: "inbound",
        subject: "Menu update",
        content: "Can you add our fall menu?",
        created_by: "system",
      },
    ]);
  });

  it("answers a plain form post (JavaScript off) with a redirect to the thank-you page", async () => {
    const address = email();
    const res = await form("/api/contact", {
      name: "Ann Lee",
      email: address,
      subject: "",
      message: "Hello!",
      form_type: "personal_contact",
      source: "contact_page",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact/thank-you");
    const { rows } = await ctx.db.execute(sql`select count(*)::int as n from contacts where email = ${address}`);
    expect(rows[0]!.n).toBe(1);
  });

  it("sends a form post with an error back to the form with the typed values and the message", async () => {
    const res = await form("/api/contact", { name: "Ann Lee", email: "ann@", subject: "Hi", message: "My text" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!, "http://x");
    expect(location.pathname).toBe("/contact");
    expect(location.searchParams.get("error")).toBe("invalid");
    expect(
      Object.fromEntries(["name", "email", "subject", "message"].map((k) => [k, location.searchParams.get(k)])),
    ).toEqual({
      name: "Ann Lee",
      email: "ann@",
      subject: "Hi",
      message: "My text",
    });
  });

  it("refuses a missing message, a bad form type, the honeypot and floods", async () => {
    expect((await json("/api/contact", { name: "A", email: email(), message: " " })).status).toBe(400);
    expect((await json("/api/contact", { name: "A", email: email(), message: "x", form_type: "other" })).status).toBe(
      400,
    );
    expect((await json("/api/contact", { name: "A", email: email(), message: "x", hp_extra_info: "y" })).status).toBe(
      400,
    );
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await json("/api/contact", { name: "A", email: email(), message: "x" }, ip)).status).toBe(200);
    expect((await json("/api/contact", { name: "A", email: email(), message: "x" }, ip)).status).toBe(429);
    const limitedForm = await form("/api/contact", { name: "A", email: email(), message: "x" }, ip);
    expect(limitedForm.status).toBe(303);
    expect(new URL(limitedForm.headers.get("location")!, "http://x").searchParams.get("error")).toBe("rate_limited");
  });

  it("answers exactly the declared schemas", async () => {
    const ok = await json("/api/contact", { name: "Dev Patel", email: email(), message: "Hello" });
    expect(FormSentSchema.strict().parse(await ok.json())).toEqual({ success: true });
    const bad = await json("/api/contact", { name: "Dev Patel", email: email(), message: "" });
    expect(PublicFormErrorSchema.strict().parse(await bad.json()).fields).toHaveProperty("message");
  });

  it("sends a plain form post that trips the honeypot back with the spam code, storing nothing", async () => {
    const address = email();
    const res = await form("/api/contact", { name: "Ann Lee", email: address, message: "Hi", hp_extra_info: "x" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!, "http://x");
    expect([location.pathname, location.searchParams.get("error"), location.searchParams.get("email")]).toEqual([
      "/contact",
      "spam",
      address,
    ]);
    const { rows } = await ctx.db.execute(sql`select count(*)::int as n from contacts where email = ${address}`);
    expect(rows[0]!.n).toBe(0);
  });

  it("answers an unsupported body type with a 400 JSON error", async () => {
    const res = await ctx.app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "hi",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/JSON/);
  });
});

describe("POST /api/claims", () => {
  const site = claimableSites[0]!;
  const claim = (overrides: Record<string, unknown> = {}) => ({
    siteId: site.id,
    name: "Joe Medeiros",
    phone: "(401) 555-0111",
    email: email(),
    verification: "I'm the owner; the shop's registration is in my name and I can answer from the store phone.",
    ...overrides,
  });

  it("records the claim as a lead with the business and the verification text", async () => {
    const input = claim();
    const res = await json("/api/claims", input);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const { rows } = await ctx.db.execute(
      sql`select id, source, status, phone, company, initial_message, lead_score from contacts where email = ${input.email}`,
    );
    expect(rows[0]).toMatchObject({
      source: "claim",
      status: "new",
      phone: "(401) 555-0111",
      company: site.businessName,
      lead_score: 15,
    });
    expect(String(rows[0]!.initial_message)).toContain(input.verification);
    const { rows: comms } = await ctx.db.execute(
      sql`select content from communications where contact_id = ${rows[0]!.id}`,
    );
    expect(String(comms[0]!.content)).toContain(site.businessName);
    const { rows: mail } = await ctx.db.execute(
      sql`select subject from email_outbox where contact_id = ${rows[0]!.id}`,
    );
    expect(String(mail[0]!.subject)).toBe(`New website claim from Joe Medeiros`);
  });

  it.each([
    ["siteId", { siteId: "no-such-site" }],
    ["phone", { phone: "call me" }],
    ["email", { email: "x" }],
    ["verification", { verification: "" }],
    ["name", { name: undefined }],
  ])("refuses a bad %s with a 400 naming it", async (field, overrides) => {
    const res = await json("/api/claims", claim(overrides));
    expect(res.status).toBe(400);
    expect((await res.json()).fields[field]).toBeTruthy();
  });

  it("answers exactly the declared schemas; a site off the list is refused before the honeypot", async () => {
    expect(FormSentSchema.strict().parse(await (await json("/api/claims", claim())).json())).toEqual({ success: true });
    const offList = await json("/api/claims", claim({ siteId: "no-such-site", hp_extra_info: "x" }));
    expect(PublicFormErrorSchema.strict().parse(await offList.json())).toEqual({
      success: false,
      error: "That site is not on the claim list.",
      fields: { siteId: "Choose one of the listed sites" },
    });
  });

  it("refuses a filled honeypot and answers 429 past the limit", async () => {
    expect((await json("/api/claims", claim({ hp_extra_info: "x" }))).status).toBe(400);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await json("/api/claims", claim(), ip)).status).toBe(200);
    expect((await json("/api/claims", claim(), ip)).status).toBe(429);
  });
});

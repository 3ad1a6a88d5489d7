import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactListSchema } from "~/contracts/contacts";
import { ContactDetailAnswerSchema, DashboardSchema, type Contact } from "~/contracts/contacts";
import { ImportResultSchema, type ImportResult } from "~/contracts/contact-import";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { createProjectForContact } from "../../services/intake/leads";
import { retryOnUniqueViolation } from "../../db/tx";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const call = (method: string, path: string, body?: unknown) =>
  ctx.app.request(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function addContact(overrides: Record<string, unknown> = {}): Promise<Contact> {
  const res = await call("POST", "/api/admin/contacts", {
    name: "Rita Moreau",
    email: `rita.${unique()}@example.com`,
    ...overrides,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).contact;
}

describe("contacts", () => {
  it("1. a lead's row and its details list its projects, newest first; 2. a second of the same name gets a number", async () => {
    const contact = await addContact();
    const name = "Rita Moreau: Small business website, Nov 2026";
    const [first, second] = await retryOnUniqueViolation(ctx.db, async (tx) => [
      await createProjectForContact(tx, contact.id, { name, description: "Cake orders", status: "submitted" }),
      await createProjectForContact(tx, contact.id, { name, description: "A second site", status: "submitted" }),
    ]);
    const detail = ContactDetailAnswerSchema.parse(
      await (await call("GET", `/api/admin/contacts/${contact.id}`)).json(),
    );
    expect(detail.contact.projects.map((p) => [p.id, p.name])).toEqual(
      expect.arrayContaining([
        [first, name],
        [second, `${name} (2)`],
      ]),
    );
    expect(detail.contact.projects).toHaveLength(2);
    const page = ContactListSchema.parse(
      await (await call("GET", `/api/admin/contacts?q=${encodeURIComponent(contact.email!)}`)).json(),
    );
    expect([...page.contacts[0]!.project_ids].sort()).toEqual([first, second].sort());
    const none = await addContact();
    const alone = ContactListSchema.parse(
      await (await call("GET", `/api/admin/contacts?q=${encodeURIComponent(none.email!)}`)).json(),
    );
    expect(alone.contacts[0]!.project_ids).toEqual([]);
  });

  it("9. a partial PUT changes the fields sent and keeps the others; a field sent empty is cleared", async () => {
    const contact = await addContact({
      phone: "401-555-0177",
      company: "Quinn Pottery",
      business_type: "Retail",
      lead_score: 40,
      source: "networking",
    });
    const res = await call("PUT", `/api/admin/contacts/${contact.id}`, {
      name: "Marta Quinn",
      email: contact.email,
      status: "qualified",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).contact).toMatchObject({
      name: "Marta Quinn",
      status: "qualified",
      phone: "401-555-0177",
      company: "Quinn Pottery",
      business_type: "Retail",
      lead_score: 40,
      source: "networking",
    });
    const cleared = await call("PUT", `/api/admin/contacts/${contact.id}`, { company: "", phone: null });
    expect((await cleared.json()).contact).toMatchObject({ company: null, phone: null, business_type: "Retail" });
    const empty = await call("PUT", `/api/admin/contacts/${contact.id}`, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toMatch(/Send at least one field to change: name, email/);
    const blankName = await call("PUT", `/api/admin/contacts/${contact.id}`, { name: " " });
    expect(blankName.status).toBe(400);
  });

  it("adds a contact with the defaults and refuses a second one with the same email in any case", async () => {
    const contact = await addContact({ phone: "401-555-0100", status: "qualified" });
    expect(contact).toMatchObject({ status: "qualified", source: "manual", lead_score: 0, phone: "401-555-0100" });
    const dup = await call("POST", "/api/admin/contacts", { name: "Rita", email: contact.email!.toUpperCase() });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error).toContain("already exists");
  });

  it("requires name and email and limits the initial status", async () => {
    const res = await call("POST", "/api/admin/contacts", { name: " ", email: "" });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toContain("Name is required");
    expect(error).toContain("Email is required");
    const won = await call("POST", "/api/admin/contacts", {
      name: "A",
      email: `a.${unique()}@example.com`,
      status: "won",
    });
    expect(won.status).toBe(400);
    expect((await won.json()).error).toContain("New, Contacted or Qualified");
  });

  it("edits a contact; a lead score that is not a number becomes 0, and 0-100 is enforced", async () => {
    const contact = await addContact();
    const base = { name: "Rita M.", email: contact.email, status: "proposal", source: "website" };
    const res = await call("PUT", `/api/admin/contacts/${contact.id}`, { ...base, lead_score: "abc" });
    expect(res.status).toBe(200);
    expect((await res.json()).contact).toMatchObject({
      name: "Rita M.",
      status: "proposal",
      source: "website",
      lead_score: 0,
    });
    expect((await call("PUT", `/api/admin/contacts/${contact.id}`, { ...base, lead_score: "75" })).status).toBe(200);
    expect((await call("PUT", `/api/admin/contacts/${contact.id}`, { ...base, lead_score: 101 })).status).toBe(400);
    expect((await call("PUT", `/api/admin/contacts/999999`, { ...base, lead_score: 1 })).status).toBe(404);
  });

  it("changes status, lists by status and by view, and shows details with the 3 latest communications", async () => {
    const contact = await addContact();
    expect((await call("PUT", `/api/admin/contacts/${contact.id}/status`, { status: "won" })).status).toBe(200);
    expect((await call("PUT", `/api/admin/contacts/${contact.id}/status`, { status: "complete" })).status).toBe(400);
    const won = (await (await call("GET", "/api/admin/contacts?status=won")).json()).contacts as Contact[];
    expect(won.map((c) => c.id)).toContain(contact.id);
    for (let i = 1; i <= 5; i++)
      await call("POST", `/api/admin/contacts/${contact.id}/communications`, { type: "note", content: `Note ${i}` });
    const detailBody = await (await call("GET", `/api/admin/contacts/${contact.id}`)).json();
    // The answer is exactly what the contract declares (and what the admin client checks).
    expect(ContactDetailAnswerSchema.parse(detailBody)).toEqual(detailBody);
    const detail = detailBody.contact;
    expect(detail.communication_count).toBe(5);
    expect(detail.recent_communications.map((c: { content: string }) => c.content)).toEqual([
      "Note 5",
      "Note 4",
      "Note 3",
    ]);
    const all = (await (await call("GET", `/api/admin/contacts/${contact.id}/communications`)).json()).communications;
    expect(all).toHaveLength(5);
  });

  it("shows website submissions under view=submissions", async () => {
    const email = `form.${unique()}@example.com`;
    await ctx.app.request("/api/submissions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Form Person", email, description: "A site for my shop." }),
    });
    const subsBody = await (await call("GET", "/api/admin/contacts?view=submissions")).json();
    expect(ContactListSchema.parse(subsBody)).toEqual(subsBody);
    const subs = subsBody.contacts as Contact[];
    expect(subs.find((c) => c.email === email)).toMatchObject({
      status: "submitted",
      submission_data: expect.any(Object),
    });
    const manual = await addContact();
    expect(subs.map((c) => c.id)).not.toContain(manual.id);
  });
});

describe("the communication log", () => {
  it.each([
    ["new", "contacted"],
    ["contacted", "qualified"],
    ["submitted", "contacted"],
    ["qualified", "qualified"],
    ["proposal", "proposal"],
  ])("auto-advance moves %s to %s", async (from, to) => {
    const contact = await addContact();
    await call("PUT", `/api/admin/contacts/${contact.id}/status`, { status: from });
    const res = await call("POST", `/api/admin/contacts/${contact.id}/communications`, {
      type: "call",
      direction: "outbound",
      content: "Talked about the menu page",
      auto_advance_status: true,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.contact.status).toBe(to);
    expect(body.communication).toMatchObject({ type: "call", subject: null, created_by: expect.stringContaining("@") });
  });

  it("does not advance without the option; keeps a subject only for email and meeting; needs content", async () => {
    const contact = await addContact();
    const plain = await call("POST", `/api/admin/contacts/${contact.id}/communications`, {
      type: "call",
      subject: "ignored",
      content: "x",
    });
    expect((await plain.json()).contact.status).toBe("new");
    const meeting = await call("POST", `/api/admin/contacts/${contact.id}/communications`, {
      type: "meeting",
      subject: "Kickoff",
      content: "x",
    });
    expect((await meeting.json()).communication.subject).toBe("Kickoff");
    const empty = await call("POST", `/api/admin/contacts/${contact.id}/communications`, {
      type: "note",
      content: "   ",
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toContain("Communication content is required");
  });
});

describe("JSON import", () => {
  const importing = async (contacts: unknown[]) => {
    const res = await call("POST", "/api/admin/contacts/import", { contacts });
    expect(res.status).toBe(200);
    return ImportResultSchema.parse(await res.json()) satisfies ImportResult;
  };

  it("creates new entries with the field mapping and defaults", async () => {
    const tag = unique();
    const result = await importing([
      {
        businessName: `Harbor Bakery ${tag}`,
        email: `bakery.${tag}@example.com`,
        phone: "(401) 555-0111",
        address: "12 Thames St, Newport",
        businessType: "Bakery",
        googleMapsURL: "https://maps.example/1",
        website: "https://bakery.example",
      },
      {
        name: `Joe Plumber ${tag}`,
        phone: "401.555.0199",
        websiteURL: "https://joe.example",
        notes: "Met at the expo",
      },
    ]);
    expect(result).toEqual({ created: 2, updated: 0, failed: [] });
    const { rows } = await ctx.db.execute(sql`select * from contacts where name like ${`%${tag}`} order by id`);
    expect(rows[0]).toMatchObject({
      name: `Harbor Bakery ${tag}`,
      company: `Harbor Bakery ${tag}`,
      business_type: "Bakery",
      google_maps_url: "https://maps.example/1",
      website_url: "https://bakery.example",
      initial_message: "Imported Bakery lead at 12 Thames St, Newport.",
      status: "new",
      lead_score: 0,
      source: "json_import",
    });
    expect(rows[1]).toMatchObject({ website_url: "https://joe.example", initial_message: "Met at the expo" });
  });

  it("reports entries without a name or without a way to reach them", async () => {
    const result = await importing([
      { email: "x@example.com" },
      { name: "No Contact Info" },
      "just a string",
      { name: "Bad", email: "not-an-email" },
    ]);
    expect(result.created).toBe(0);
    expect(result.failed.map((f) => f.error)).toEqual([
      "Missing business name or name",
      "Missing phone or email",
      "Entry is not an object",
      'Invalid email "not-an-email"',
    ]);
    expect(result.failed[1]).toMatchObject({ index: 1, label: "No Contact Info" });
  });

  it("reports an entry that is not an object on its own, and ignores fields of another type", async () => {
    const tag = unique();
    const result = await importing([
      ["an", "array"],
      null,
      { businessName: `Odd Fields ${tag}`, name: true, phone: 4015550188, address: { street: "1 Main St" } },
    ]);
    expect(result).toEqual({
      created: 1,
      updated: 0,
      failed: [
        { index: 0, label: "Entry 1", error: "Entry is not an object" },
        { index: 1, label: "Entry 2", error: "Entry is not an object" },
      ],
    });
    const { rows } = await ctx.db.execute(sql`select phone, address from contacts where name = ${`Odd Fields ${tag}`}`);
    expect(rows[0]).toEqual({ phone: "4015550188", address: null });
  });

  it("merges duplicates by email (any case), by phone digits plus name, and by company plus name", async () => {
    const tag = unique();
    const byEmail = await addContact({ name: `Email Match ${tag}`, email: `match.${tag}@example.com` });
    const byPhone = await addContact({ name: `Phone Match ${tag}`, phone: "(401) 555-0123" });
    const byCompany = await addContact({ name: `Company Match ${tag}`, company: `Acme ${tag}` });
    const result = await importing([
      { name: "Someone", email: `MATCH.${tag}@EXAMPLE.COM`, address: "1 Main St" },
      { name: `phone match ${tag}`, phone: "401-555-0123", businessType: "Plumber" },
      { name: `Company Match ${tag}`, company: `acme ${tag}`, phone: "401-555-0000" },
      { name: `Different Name ${tag}`, phone: "401-555-0123" },
    ]);
    expect(result).toEqual({ created: 1, updated: 3, failed: [] });
    const get = async (id: number) => (await (await call("GET", `/api/admin/contacts/${id}`)).json()).contact;
    expect(await get(byEmail.id)).toMatchObject({ name: `Email Match ${tag}`, address: "1 Main St" });
    expect(await get(byPhone.id)).toMatchObject({ business_type: "Plumber", phone: "(401) 555-0123" });
    expect(await get(byCompany.id)).toMatchObject({ phone: "401-555-0000" });
  });

  it("treats a repeated entry inside one file as a duplicate of the first", async () => {
    const tag = unique();
    const entry = { name: `Twice ${tag}`, email: `twice.${tag}@example.com` };
    expect(await importing([entry, entry])).toEqual({ created: 1, updated: 1, failed: [] });
  });

  it("needs an array", async () => {
    const res = await call("POST", "/api/admin/contacts/import", { contacts: { not: "an array" } });
    expect(res.status).toBe(400);
  });
});

describe("dashboard and stats", () => {
  it("counts contacts, submissions, high scores and active conversations; lists the 5 newest", async () => {
    const before = (await (await call("GET", "/api/admin/contacts/stats")).json()).stats;
    const hot = await addContact({ lead_score: 60, status: "contacted" });
    const after = (await (await call("GET", "/api/admin/contacts/stats")).json()).stats;
    expect(after.total).toBe(before.total + 1);
    expect(after.high_score).toBe(before.high_score + 1);
    expect(after.active_conversations).toBe(before.active_conversations + 1);
    const dash = await (await call("GET", "/api/admin/dashboard")).json();
    expect(DashboardSchema.parse(dash)).toEqual(dash);
    expect(dash.recent_leads).toHaveLength(5);
    expect(dash.recent_leads[0].id).toBe(hot.id);
    expect(Object.keys(dash.stats)).toEqual(
      expect.arrayContaining(["total", "new_submissions", "high_score", "completed_projects"]),
    );
  });
});

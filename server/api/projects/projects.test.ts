import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactStatsAnswerSchema, DashboardSchema, type Contact } from "~/contracts/contacts";
import { PROJECT_STATUSES, type ProjectStatus } from "~/contracts/project-terms";
import { PROJECT_REQUIRED, ProjectAnswerSchema, type ProjectDetail } from "~/contracts/projects";
import { ProjectStatsAnswerSchema } from "~/contracts/project-list";
import { MilestoneAnswerSchema, MilestoneListSchema } from "~/contracts/project-milestones";
import { ProjectUpdateAnswerSchema } from "~/contracts/project-updates";
import { ProjectListSchema } from "~/contracts/projects";
import { site } from "~/config/site";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { startSmtpServer } from "../../../tests/support/smtp";

/**
 * The admin's projects API (docs/product/projects.md: "The screen", "Project", "Project status",
 * "Create and edit", "The calls") against a real database and a real SMTP peer: every answer is
 * parsed with the schema the admin screen checks it with.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;

const unique = () => Math.random().toString(36).slice(2, 8);

function client(ctx: Ctx, auth: Record<string, string>) {
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
  async function addProject(contactIds: number[], overrides: Record<string, unknown> = {}): Promise<ProjectDetail> {
    const res = await call("POST", "/api/admin/projects", {
      contact_ids: contactIds,
      name: `Harbor Bakery Website Project ${unique()}`,
      ...overrides,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ProjectAnswerSchema.parse(await res.json()).project;
  }
  async function read(id: string): Promise<ProjectDetail> {
    const res = await call("GET", `/api/admin/projects/${id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    // The answer is exactly what the contract declares (and what the admin client checks).
    expect(ProjectAnswerSchema.parse(body)).toEqual(body);
    return body.project;
  }
  return { call, addContact, addProject, read };
}

/** Today in the business's time zone, as the server stamps completed dates. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: site.timeZone }).format(new Date());

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: Ctx;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  api = client(ctx, (await createAdminToken(ctx.db)).auth);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe("without a token", () => {
  it.each([
    ["GET", "/api/admin/projects"],
    ["GET", "/api/admin/projects/stats"],
    ["GET", "/api/admin/projects/WBT-2026-ABCDEF"],
    ["POST", "/api/admin/projects"],
    ["PUT", "/api/admin/projects/WBT-2026-ABCDEF"],
    ["POST", "/api/admin/projects/WBT-2026-ABCDEF/contacts"],
    ["PUT", "/api/admin/projects/WBT-2026-ABCDEF/contacts/1"],
    ["DELETE", "/api/admin/projects/WBT-2026-ABCDEF/contacts/1"],
    ["POST", "/api/admin/projects/WBT-2026-ABCDEF/milestones"],
    ["PUT", "/api/admin/projects/WBT-2026-ABCDEF/milestones/order"],
    ["PUT", "/api/admin/projects/WBT-2026-ABCDEF/milestones/1"],
    ["DELETE", "/api/admin/projects/WBT-2026-ABCDEF/milestones/1"],
    ["POST", "/api/admin/projects/WBT-2026-ABCDEF/updates"],
    ["DELETE", "/api/admin/projects/WBT-2026-ABCDEF/updates/1"],
  ])("%s %s answers 401", async (method, path) => {
    const res = await ctx.app.request(path, {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "GET" || method === "DELETE" ? undefined : JSON.stringify({ name: "x", contact_ids: [1] }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toEqual(expect.any(String));
  });

  it("a revoked-looking token is refused too", async () => {
    const res = await ctx.app.request("/api/admin/projects", { headers: { Authorization: "Bearer not-a-token" } });
    expect(res.status).toBe(401);
  });
});

describe("creating and reading", () => {
  it("creates a project with its contacts: status planning, the first contact primary, every field kept", async () => {
    const rita = await api.addContact({ name: "Rita Moreau", phone: "401-555-0100" });
    const sam = await api.addContact({ name: "Sam Lee" });
    const res = await api.call("POST", "/api/admin/projects", {
      contact_ids: [rita.id, sam.id],
      name: "  Harbor Bakery Website Project  ",
      description: "A site that takes cake orders.",
      project_type: "small_business",
      budget_range: "500-plus",
      start_date: "2026-11-02",
      target_completion: "2026-12-01",
      client_notes: "The menu page goes live first.",
      internal_notes: "Wants a quote by Friday.",
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(ProjectAnswerSchema.parse(body)).toEqual(body);
    const project: ProjectDetail = body.project;
    expect(project.id).toMatch(/^WBT-\d{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    expect(project).toMatchObject({
      name: "Harbor Bakery Website Project",
      status: "planning",
      project_type: "small_business",
      budget_range: "500-plus",
      start_date: "2026-11-02",
      target_completion: "2026-12-01",
      client_notes: "The menu page goes live first.",
      internal_notes: "Wants a quote by Friday.",
      completed_at: null,
      contact_names: "Rita Moreau, Sam Lee",
      contact_name: "Rita Moreau",
      contact_email: rita.email,
      milestones: [],
      updates: [],
      milestone_count: 0,
    });
    expect(project.contacts).toEqual([
      {
        contact_id: rita.id,
        contact_name: "Rita Moreau",
        contact_email: rita.email,
        contact_phone: "401-555-0100",
        role: "client",
        is_primary: true,
      },
      {
        contact_id: sam.id,
        contact_name: "Sam Lee",
        contact_email: sam.email,
        contact_phone: null,
        role: "client",
        is_primary: false,
      },
    ]);
    expect(await api.read(project.id)).toEqual(project);
  });

  it("defaults the type to personal and leaves blank fields empty", async () => {
    const c = await api.addContact();
    const project = await api.addProject([c.id], { description: "  ", start_date: "" });
    expect(project).toMatchObject({ project_type: "personal", description: null, start_date: null });
  });

  it("lists newest first, filtered by status and found by name, ID or a contact's e-mail", async () => {
    const tag = unique();
    const c = await api.addContact({ email: `list.${tag}@example.com`, name: `Lister ${tag}` });
    const older = await api.addProject([c.id], { name: `Older ${tag}` });
    const newer = await api.addProject([c.id], { name: `Newer ${tag}` });
    await api.call("PUT", `/api/admin/projects/${older.id}`, { status: "review" });

    const listBody = await (await api.call("GET", `/api/admin/projects?q=${tag}`)).json();
    expect(ProjectListSchema.parse(listBody)).toEqual(listBody);
    expect(listBody.projects.map((p: { id: string }) => p.id)).toEqual([newer.id, older.id]);
    expect(listBody.projects[0]).toMatchObject({ contact_names: `Lister ${tag}`, contact_email: c.email });

    const byEmail = await (await api.call("GET", `/api/admin/projects?q=${encodeURIComponent(`list.${tag}@`)}`)).json();
    expect(byEmail.projects).toHaveLength(2);
    const byId = await (await api.call("GET", `/api/admin/projects?q=${older.id.toLowerCase()}`)).json();
    expect(byId.projects.map((p: { id: string }) => p.id)).toEqual([older.id]);
    const review = await (await api.call("GET", `/api/admin/projects?status=review&q=${tag}`)).json();
    expect(review.projects.map((p: { id: string }) => p.id)).toEqual([older.id]);
    // A wildcard typed in the search is a character, not a pattern.
    expect((await (await api.call("GET", "/api/admin/projects?q=%25%25%25")).json()).projects).toEqual([]);
    expect((await api.call("GET", "/api/admin/projects?status=finished")).status).toBe(400);
  });

  it("answers 404 for an unknown project", async () => {
    const res = await api.call("GET", "/api/admin/projects/WBT-2020-ZZZZZZ");
    expect(res.status).toBe(404);
    expect((await res.json()).error).toContain("No project with this ID");
  });
});

describe("validation", () => {
  it("needs at least one contact and a name, with the spec's message", async () => {
    for (const body of [
      { contact_ids: [], name: "A project" },
      { name: "A project" },
      { contact_ids: [1], name: "   " },
      { contact_ids: [1] },
    ]) {
      const res = await api.call("POST", "/api/admin/projects", body);
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer.error).toContain(PROJECT_REQUIRED);
      expect(Object.values(answer.fields)).toContain(PROJECT_REQUIRED);
    }
    const both = await (await api.call("POST", "/api/admin/projects", { contact_ids: [], name: "" })).json();
    expect(both.fields).toEqual({ contact_ids: PROJECT_REQUIRED, name: PROJECT_REQUIRED });
  });

  it("refuses contacts that do not exist, bad dates, dates out of order and an unknown type", async () => {
    const c = await api.addContact();
    const missing = await api.call("POST", "/api/admin/projects", { contact_ids: [c.id, 99_999_999], name: "X" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe("Some of the chosen contacts no longer exist. Reload and choose again.");

    const badDate = await api.call("POST", "/api/admin/projects", {
      contact_ids: [c.id],
      name: "X",
      start_date: "2026-02-30",
    });
    expect(badDate.status).toBe(400);
    expect((await badDate.json()).fields).toEqual({ start_date: "Enter a date as YYYY-MM-DD" });

    const order = await api.call("POST", "/api/admin/projects", {
      contact_ids: [c.id],
      name: "X",
      start_date: "2026-12-01",
      target_completion: "2026-11-01",
    });
    expect(order.status).toBe(400);
    expect((await order.json()).error).toContain("The target completion cannot be before the start date");

    const type = await api.call("POST", "/api/admin/projects", {
      contact_ids: [c.id],
      name: "X",
      project_type: "shop",
    });
    expect(type.status).toBe(400);
    expect((await type.json()).error).toContain("Type must be one of: personal, small_business");

    // Nothing was stored by any of them.
    const { rows } = await ctx.db.execute(
      sql`select count(*)::int as n from project_contacts where contact_id = ${c.id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe("editing and the status", () => {
  it("edits the fields sent and keeps the others; a status alone changes only the status", async () => {
    const c = await api.addContact();
    const project = await api.addProject([c.id], { description: "First idea", client_notes: "Hello" });
    const edited = await api.call("PUT", `/api/admin/projects/${project.id}`, {
      name: "Renamed project",
      description: "",
      project_type: "redesign",
      budget_range: "300-500",
      start_date: "2026-11-10",
      target_completion: "2026-12-20",
      internal_notes: "Call on Mondays",
    });
    expect(edited.status).toBe(200);
    const body = await edited.json();
    expect(ProjectAnswerSchema.parse(body)).toEqual(body);
    expect(body.project).toMatchObject({
      name: "Renamed project",
      description: null,
      project_type: "redesign",
      client_notes: "Hello",
      internal_notes: "Call on Mondays",
    });

    const status = await (await api.call("PUT", `/api/admin/projects/${project.id}`, { status: "design" })).json();
    expect(status.project).toMatchObject({ ...body.project, status: "design", updated_at: expect.any(String) });

    // Only the end date against the stored start is checked too.
    const early = await api.call("PUT", `/api/admin/projects/${project.id}`, { target_completion: "2026-11-01" });
    expect(early.status).toBe(400);
    expect((await api.call("PUT", "/api/admin/projects/WBT-2020-ZZZZZZ", { status: "design" })).status).toBe(404);
    expect((await api.call("PUT", `/api/admin/projects/${project.id}`, { status: "done" })).status).toBe(400);
    expect((await api.call("PUT", `/api/admin/projects/${project.id}`, { name: " " })).status).toBe(400);
  });

  it("complete stamps completed_at, maintenance keeps it, going back clears it", async () => {
    const c = await api.addContact();
    const project = await api.addProject([c.id]);
    const set = async (status: ProjectStatus) =>
      ProjectAnswerSchema.parse(await (await api.call("PUT", `/api/admin/projects/${project.id}`, { status })).json())
        .project;
    const done = await set("complete");
    expect(done.completed_at).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(done.completed_at!)).toBeLessThan(60_000);
    expect((await set("maintenance")).completed_at).toBe(done.completed_at);
    expect((await set("complete")).completed_at).toBe(done.completed_at);
    expect((await set("development")).completed_at).toBeNull();
  });

  it("contact_ids replaces the contacts; the primary stays if kept, else the first takes over", async () => {
    const [a, b, d] = [await api.addContact(), await api.addContact(), await api.addContact()];
    const project = await api.addProject([a.id, b.id]);
    const kept = await (
      await api.call("PUT", `/api/admin/projects/${project.id}`, { contact_ids: [d.id, a.id] })
    ).json();
    expect(
      kept.project.contacts.map((c: { contact_id: number; is_primary: boolean }) => [c.contact_id, c.is_primary]),
    ).toEqual([
      [a.id, true],
      [d.id, false],
    ]);
    const swapped = await (await api.call("PUT", `/api/admin/projects/${project.id}`, { contact_ids: [d.id] })).json();
    expect(swapped.project.contacts).toMatchObject([{ contact_id: d.id, is_primary: true }]);
    const none = await api.call("PUT", `/api/admin/projects/${project.id}`, { contact_ids: [] });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toContain(PROJECT_REQUIRED);
  });
});

describe("the stat cards", () => {
  it("count each status, active, completed and on hold, and the dashboard's Completed Projects agrees", async () => {
    const fresh = await createTestApp();
    try {
      const own = client(fresh, (await createAdminToken(fresh.db)).auth);
      const empty = ProjectStatsAnswerSchema.parse(await (await own.call("GET", "/api/admin/projects/stats")).json());
      expect(empty.stats).toMatchObject({ total: 0, active: 0, completed: 0, on_hold: 0 });

      const c = await own.addContact();
      // One project in each status, two in development.
      const statuses: ProjectStatus[] = [...PROJECT_STATUSES, "development"];
      for (const status of statuses) {
        const p = await own.addProject([c.id]);
        if (status !== "planning")
          expect((await own.call("PUT", `/api/admin/projects/${p.id}`, { status })).status).toBe(200);
      }
      const body = await (await own.call("GET", "/api/admin/projects/stats")).json();
      expect(ProjectStatsAnswerSchema.parse(body)).toEqual(body);
      expect(body.stats).toEqual({
        total: 10,
        active: 5, // planning, design, development x2, review
        completed: 2, // complete, maintenance
        on_hold: 1,
        by_status: {
          submitted: 1,
          planning: 1,
          design: 1,
          development: 2,
          review: 1,
          launch: 1,
          complete: 1,
          on_hold: 1,
          maintenance: 1,
        },
      });
      const leads = ContactStatsAnswerSchema.parse(await (await own.call("GET", "/api/admin/contacts/stats")).json());
      expect(leads.stats.completed_projects).toBe(2);
      const dashboard = DashboardSchema.parse(await (await own.call("GET", "/api/admin/dashboard")).json());
      expect(dashboard.stats.completed_projects).toBe(2);
    } finally {
      await fresh.close();
    }
  });
});

describe("the project's contacts", () => {
  it("setting a primary contact clears the others; roles change; the primary cannot simply be unset", async () => {
    const [a, b, d] = [await api.addContact(), await api.addContact(), await api.addContact()];
    const project = await api.addProject([a.id, b.id, d.id]);
    const res = await api.call("PUT", `/api/admin/projects/${project.id}/contacts/${d.id}`, {
      role: "decision_maker",
      is_primary: true,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(ProjectAnswerSchema.parse(body)).toEqual(body);
    expect(body.project.contacts.map((c: { contact_id: number }) => c.contact_id)).toEqual([d.id, a.id, b.id]);
    expect(body.project.contacts.filter((c: { is_primary: boolean }) => c.is_primary)).toHaveLength(1);
    expect(body.project).toMatchObject({ contact_name: d.name, contact_email: d.email });
    expect(body.project.contacts[0]).toMatchObject({ role: "decision_maker", is_primary: true });
    const { rows } = await ctx.db.execute(
      sql`select contact_id from project_contacts where project_id = ${project.id} and is_primary`,
    );
    expect(rows.map((r) => Number(r.contact_id))).toEqual([d.id]);

    const role = await (
      await api.call("PUT", `/api/admin/projects/${project.id}/contacts/${a.id}`, { role: "technical_contact" })
    ).json();
    expect(role.project.contacts.find((c: { contact_id: number }) => c.contact_id === a.id)).toMatchObject({
      role: "technical_contact",
      is_primary: false,
    });
    const unset = await api.call("PUT", `/api/admin/projects/${project.id}/contacts/${d.id}`, { is_primary: false });
    expect(unset.status).toBe(400);
    expect((await unset.json()).error).toContain("make another contact primary");
    expect((await api.call("PUT", `/api/admin/projects/${project.id}/contacts/${d.id}`, { role: "boss" })).status).toBe(
      400,
    );
    const stranger = await api.addContact();
    const notOn = await api.call("PUT", `/api/admin/projects/${project.id}/contacts/${stranger.id}`, {
      role: "client",
    });
    expect(notOn.status).toBe(404);
  });

  it("adds contacts with a role, keeping those already on the project", async () => {
    const [a, b] = [await api.addContact(), await api.addContact()];
    const project = await api.addProject([a.id]);
    const res = await api.call("POST", `/api/admin/projects/${project.id}/contacts`, {
      contact_ids: [a.id, b.id],
      role: "stakeholder",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(ProjectAnswerSchema.parse(body)).toEqual(body);
    expect(body.project.contacts).toMatchObject([
      { contact_id: a.id, role: "client", is_primary: true },
      { contact_id: b.id, role: "stakeholder", is_primary: false },
    ]);
    const none = await api.call("POST", `/api/admin/projects/${project.id}/contacts`, { contact_ids: [] });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toContain("Please select at least one contact");
  });

  it("removes a contact; a removed primary passes it on; the last contact stays", async () => {
    const [a, b, d] = [await api.addContact(), await api.addContact(), await api.addContact()];
    const project = await api.addProject([a.id, b.id, d.id]);
    const removed = await api.call("DELETE", `/api/admin/projects/${project.id}/contacts/${d.id}`);
    expect(removed.status).toBe(200);
    const body = await removed.json();
    expect(ProjectAnswerSchema.parse(body)).toEqual(body);
    expect(body.project.contacts.map((c: { contact_id: number }) => c.contact_id)).toEqual([a.id, b.id]);

    const primaryGone = await (await api.call("DELETE", `/api/admin/projects/${project.id}/contacts/${a.id}`)).json();
    expect(primaryGone.project.contacts).toMatchObject([{ contact_id: b.id, is_primary: true }]);

    const last = await api.call("DELETE", `/api/admin/projects/${project.id}/contacts/${b.id}`);
    expect(last.status).toBe(409);
    expect((await last.json()).error).toContain("at least one contact");
    expect((await api.call("DELETE", `/api/admin/projects/${project.id}/contacts/${a.id}`)).status).toBe(404);
    // The contacts themselves are untouched.
    expect((await api.call("GET", `/api/admin/contacts/${a.id}`)).status).toBe(200);
  });
});

describe("milestones", () => {
  it("adds, edits, completes, reopens, reorders and deletes", async () => {
    const c = await api.addContact();
    const project = await api.addProject([c.id]);
    const base = `/api/admin/projects/${project.id}/milestones`;
    const add = async (body: Record<string, unknown>) => {
      const res = await api.call("POST", base, body);
      expect(res.status, await res.clone().text()).toBe(201);
      const answer = await res.json();
      expect(MilestoneAnswerSchema.parse(answer)).toEqual(answer);
      return answer.milestone as { id: number; position: number };
    };
    const design = await add({ title: "Design approved", due_date: "2026-12-01", description: "Mock-ups" });
    const build = await add({ title: "Site built" });
    const launch = await add({ title: "Launch" });
    expect([design.position, build.position, launch.position]).toEqual([0, 1, 2]);
    expect(design).toMatchObject({ status: "pending", due_date: "2026-12-01", completed_date: null });

    const missingTitle = await api.call("POST", base, { title: "  " });
    expect(missingTitle.status).toBe(400);
    expect((await missingTitle.json()).error).toContain("Milestone title is required");

    const edited = await (await api.call("PUT", `${base}/${build.id}`, { title: "Site built and tested" })).json();
    expect(MilestoneAnswerSchema.parse(edited).milestone).toMatchObject({
      title: "Site built and tested",
      status: "pending",
    });

    const done = await (await api.call("PUT", `${base}/${design.id}`, { status: "completed" })).json();
    expect(done.milestone).toMatchObject({ status: "completed", completed_date: today(), description: "Mock-ups" });
    const reopened = await (await api.call("PUT", `${base}/${design.id}`, { status: "in_progress" })).json();
    expect(reopened.milestone).toMatchObject({ status: "in_progress", completed_date: null });
    await api.call("PUT", `${base}/${design.id}`, { status: "completed" });

    const reorder = await api.call("PUT", `${base}/order`, { ids: [launch.id, design.id, build.id] });
    expect(reorder.status).toBe(200);
    const ordered = await reorder.json();
    expect(MilestoneListSchema.parse(ordered)).toEqual(ordered);
    expect(ordered.milestones.map((m: { id: number; position: number }) => [m.id, m.position])).toEqual([
      [launch.id, 0],
      [design.id, 1],
      [build.id, 2],
    ]);
    for (const ids of [
      [launch.id, design.id],
      [launch.id, design.id, build.id, build.id],
      [launch.id, design.id, 999_999],
    ])
      expect((await api.call("PUT", `${base}/order`, { ids })).status).toBe(400);

    const detail = await api.read(project.id);
    expect(detail.milestones.map((m) => m.title)).toEqual(["Launch", "Design approved", "Site built and tested"]);
    expect(detail).toMatchObject({ milestone_count: 3, milestones_completed: 1 });

    const deleted = await api.call("DELETE", `${base}/${launch.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true });
    expect((await api.call("DELETE", `${base}/${launch.id}`)).status).toBe(404);
    expect((await api.read(project.id)).milestones.map((m) => m.id)).toEqual([design.id, build.id]);

    // Another project's milestone is not reachable through this one.
    const other = await api.addProject([c.id]);
    expect(
      (await api.call("PUT", `/api/admin/projects/${other.id}/milestones/${build.id}`, { title: "x" })).status,
    ).toBe(404);
    expect((await api.call("POST", "/api/admin/projects/WBT-2020-ZZZZZZ/milestones", { title: "x" })).status).toBe(404);
  });

  it("a milestone added as completed carries today's date", async () => {
    const c = await api.addContact();
    const project = await api.addProject([c.id]);
    const res = await api.call("POST", `/api/admin/projects/${project.id}/milestones`, {
      title: "Kick-off call",
      status: "completed",
    });
    expect((await res.json()).milestone).toMatchObject({ status: "completed", completed_date: today() });
  });
});

describe("updates", () => {
  it("with notify_client, queues one e-mail per contact with an address, linking to the client portal", async () => {
    const tag = unique();
    const rita = await api.addContact({ name: "Rita Moreau", email: `rita.${tag}@example.com` });
    const sam = await api.addContact({ name: "Sam Lee", email: `sam.${tag}@example.com` });
    const [noEmail] = (
      await ctx.db.execute(sql`insert into contacts (name, phone) values ('Phone Only', '401-555-0199') returning id`)
    ).rows;
    const project = await api.addProject([rita.id, sam.id, Number(noEmail!.id)], { name: `Bakery ${tag}` });

    const res = await api.call("POST", `/api/admin/projects/${project.id}/updates`, {
      title: "First draft is up",
      content: "Have a look at the home page.",
      notify_client: true,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(ProjectUpdateAnswerSchema.parse(body)).toEqual(body);
    expect(body.emailed_to).toEqual([rita.email, sam.email]);
    expect(body.update).toMatchObject({ title: "First draft is up", emailed_at: expect.any(String) });

    const { rows } = await ctx.db.execute(
      sql`select to_address, kind, contact_id from email_outbox where project_id = ${project.id} order by id`,
    );
    expect(rows.map((r) => [r.to_address, r.kind, Number(r.contact_id)])).toEqual([
      [rita.email, "project_update", rita.id],
      [sam.email, "project_update", sam.id],
    ]);
    await ctx.mailer.settled();
    const mails = smtp.received.filter((m) => m.to.some((to) => to.endsWith(`.${tag}@example.com`)));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([rita.email, sam.email].sort());
    const toRita = mails.find((m) => m.to.includes(rita.email!))!;
    expect(toRita.subject).toContain("First draft is up");
    expect(toRita.body).toContain("Hi Rita,");
    expect(toRita.body).toContain("Have a look at the home page.");
    expect(toRita.body).toContain(`${ctx.env.SITE_URL}/client-portal`);
    expect(toRita.body).toContain(project.id);

    // Each e-mail is on the contact's communication log.
    const log = await (await api.call("GET", `/api/admin/contacts/${sam.id}/communications`)).json();
    expect(log.communications[0]).toMatchObject({ type: "email", direction: "outbound" });

    const detail = await api.read(project.id);
    expect(detail.updates.map((u) => u.title)).toEqual(["First draft is up"]);
  });

  it("without notify_client nothing is e-mailed; an update can be deleted", async () => {
    const c = await api.addContact();
    const project = await api.addProject([c.id]);
    const res = await api.call("POST", `/api/admin/projects/${project.id}/updates`, {
      title: "Note",
      content: "Quiet progress.",
    });
    expect(res.status).toBe(201);
    const body = ProjectUpdateAnswerSchema.parse(await res.json());
    expect(body).toMatchObject({ emailed_to: [], update: { emailed_at: null } });
    const { rows } = await ctx.db.execute(
      sql`select count(*)::int as n from email_outbox where project_id = ${project.id}`,
    );
    expect(rows[0]!.n).toBe(0);

    const blank = await api.call("POST", `/api/admin/projects/${project.id}/updates`, { title: "", content: "" });
    expect(blank.status).toBe(400);
    expect((await blank.json()).fields).toEqual({
      title: "Update title is required",
      content: "Update content is required",
    });

    const gone = await api.call("DELETE", `/api/admin/projects/${project.id}/updates/${body.update.id}`);
    expect(gone.status).toBe(200);
    expect((await api.read(project.id)).updates).toEqual([]);
    expect((await api.call("DELETE", `/api/admin/projects/${project.id}/updates/${body.update.id}`)).status).toBe(404);
    expect(
      (await api.call("POST", "/api/admin/projects/WBT-2020-ZZZZZZ/updates", { title: "a", content: "b" })).status,
    ).toBe(404);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PublicFormErrorSchema } from "~/contracts/intake";
import { PORTAL_MESSAGES } from "~/contracts/portal-terms";
import {
  LookupFoundSchema,
  LookupLinkSentSchema,
  PortalLookupAnswerSchema,
  PortalProjectAnswerSchema,
  PortalProjectsAnswerSchema,
  PortalSignedOutSchema,
  PortalSignInAnswerSchema,
} from "~/contracts/client-portal";
import { createTestApp } from "../../../tests/support/app";
import { startSmtpServer } from "../../../tests/support/smtp";
import { projectMilestones, projectUpdates, projects as projectsTable } from "../../db/schema";
import { createProjectForContact, upsertLeadContact } from "../../services/intake/leads";
import { retryOnUniqueViolation } from "../../db/tx";
import { createSignInLink, SIGN_IN_LINK_MS } from "../../services/portal-access";
import { SIGN_IN_MAILS_PER_WINDOW } from "../../services/client-portal";
import { PortalLookupFailedSchema } from "./client-portal.routes";

/**
 * The client portal against a real database and a real SMTP peer (decision 017): a Project ID
 * opens that project alone; an e-mail address opens nothing by itself, it gets a one-time link.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ipCounter = 0;
/** Each request from its own address unless a test says otherwise, so the lookup limit stays out of the way. */
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const unique = () => Math.random().toString(36).slice(2, 10);

function request(
  app: Ctx["app"],
  path: string,
  init: { body?: unknown; token?: string; ip?: string; method?: string },
) {
  const headers: Record<string, string> = { "X-Forwarded-For": init.ip ?? freshIp() };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  return app.request(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
const lookup = (body: unknown, ip?: string, app = ctx.app) => request(app, "/api/client-portal/lookup", { body, ip });
const signIn = (token: string) => request(ctx.app, "/api/client-portal/sign-in", { body: { token } });
const listProjects = (token?: string) => request(ctx.app, "/api/client-portal/projects", { token });
const getProject = (id: string, token?: string) =>
  request(ctx.app, `/api/client-portal/projects/${encodeURIComponent(id)}`, { token });

async function newProject(name: string, email: string) {
  return retryOnUniqueViolation(ctx.db, async (tx) => {
    const { contact } = await upsertLeadContact(tx, { name, email, source: "website", status: "submitted" });
    return createProjectForContact(tx, contact.id, {
      name: `${name} Website Project`,
      description: "A site for the shop",
      projectType: "small_business",
      budgetRange: "500-plus",
      legacyData: { site_type: "business", timeline: "asap", readiness: "ready" },
      status: "submitted",
    });
  });
}

/** Reads the sign-in link the SMTP peer received for this address (the newest). */
function linkSentTo(email: string): string | undefined {
  const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
  return mail && /https?:\/\/\S+\/client-portal\/sign-in\?token=([A-Za-z0-9_%-]+)/.exec(mail.body)?.[1];
}

const ana = `ana.${unique()}@example.com`;
const ben = `ben.${unique()}@example.com`;
let anaProjects: string[];
let benProject: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" } });
  anaProjects = [await newProject("Ana Souza", ana), await newProject("Ana Souza", ana.toUpperCase())];
  benProject = await newProject("Ben Costa", ben);
  // The first of Ana's projects has a plan and news, and a second contact with another role.
  const [first] = anaProjects;
  await ctx.db.insert(projectMilestones).values([
    { projectId: first!, title: "Launch", status: "pending", position: 2, dueDate: "2026-12-20" },
    { projectId: first!, title: "Kick-off call", status: "completed", position: 0, completedDate: "2026-11-03" },
    { projectId: first!, title: "Design", status: "in_progress", position: 1, description: "Mock-ups" },
  ]);
  await ctx.db.insert(projectUpdates).values([
    { projectId: first!, title: "Older", content: "We met.", createdAt: new Date("2026-11-03T10:00:00Z") },
    { projectId: first!, title: "Newer", content: "Drafts are up.", createdAt: new Date("2026-11-10T10:00:00Z") },
  ]);
  await ctx.db
    .update(projectsTable)
    .set({ clientNotes: "Photos due Dec 1", internalNotes: "never shown", targetCompletion: "2026-12-24" })
    .where(eq(projectsTable.id, first!));
  const [partner] = (
    await ctx.db.execute<{ id: number }>(
      sql`insert into contacts (name, email) values ('Rui Souza', ${`rui.${unique()}@example.com`}) returning id`,
    )
  ).rows;
  await ctx.db.execute(
    sql`insert into project_contacts (project_id, contact_id, role, is_primary) values (${first!}, ${partner!.id}, 'decision_maker', false)`,
  );
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe("POST /api/client-portal/lookup by Project ID", () => {
  it("answers that project in the portal's shape, and a session opened on it alone", async () => {
    const id = anaProjects[0]!;
    const res = await lookup({ type: "project-id", identifier: `  ${id.toLowerCase()} ` });
    expect(res.status).toBe(200);
    const body = LookupFoundSchema.parse(await res.json());
    expect(body.total_projects).toBe(1);
    const [project] = body.projects;
    expect(project).toMatchObject({
      id,
      name: "Ana Souza Website Project",
      status: "submitted",
      project_type: "small_business",
      budget_range: "500-plus",
      target_completion: "2026-12-24",
      description: "A site for the shop",
      legacy_data: { timeline: "asap", readiness: "ready" },
      contact_role: "client",
      contact_name: "Ana Souza",
      contact_email: ana,
      is_primary: true,
      client_notes: "Photos due Dec 1",
    });
    expect(JSON.stringify(project)).not.toContain("never shown");
    expect(project!.all_contacts).toEqual([
      { name: "Ana Souza", email: ana, role: "client", is_primary: true },
      { name: "Rui Souza", email: expect.stringMatching(/^rui\./), role: "decision_maker", is_primary: false },
    ]);
    expect(project!.milestones.map((m) => m.title)).toEqual(["Kick-off call", "Design", "Launch"]);
    expect(project!.milestones[0]).toMatchObject({ status: "completed", completed_date: "2026-11-03", due_date: null });
    expect(project!.updates.map((u) => u.title)).toEqual(["Newer", "Older"]);
    expect(project!.updates[0]!.created_at).toBe("2026-11-10T10:00:00.000Z");

    const list = await listProjects(body.portal_token);
    expect(list.status).toBe(200);
    const listed = PortalProjectsAnswerSchema.parse(await list.json());
    expect(listed.projects.map((p) => p.id)).toEqual([id]);
    expect((await getProject(anaProjects[1]!, body.portal_token)).status, "Ana's other project").toBe(403);
    expect((await getProject(benProject, body.portal_token)).status, "another client's project").toBe(403);
    const one = await getProject(id, body.portal_token);
    expect(one.status).toBe(200);
    expect(PortalProjectAnswerSchema.parse(await one.json()).project).toEqual(project);
  });

  it("answers 404 with the spec's text for an unknown Project ID", async () => {
    const res = await lookup({ type: "project-id", identifier: "WBT-2026-ZZZZZZ" });
    expect(res.status).toBe(404);
    expect(PortalLookupFailedSchema.parse(await res.json())).toEqual({
      success: false,
      projects: [],
      total_projects: 0,
      error: PORTAL_MESSAGES.notFound,
    });
  });

  it("refuses a missing, blank or mistyped identifier with a field message, in the lookup's shape", async () => {
    for (const body of [
      { type: "project-id", identifier: "   " },
      { type: "project-id" },
      { type: "email", identifier: "not-an-address" },
      { type: "phone", identifier: "401" },
    ]) {
      const res = await lookup(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = PortalLookupFailedSchema.parse(await res.json());
      expect(Object.keys(answer.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const broken = await ctx.app.request("/api/client-portal/lookup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(PortalLookupFailedSchema.parse(await broken.json()).projects).toEqual([]);
  });
});

describe("POST /api/client-portal/lookup by e-mail", () => {
  it("answers the same for a known and an unknown address, and mails a link only to the known one", async () => {
    const nobody = `nobody.${unique()}@example.com`;
    const before = smtp.received.length;
    const known = await lookup({ type: "email", identifier: `  ${ben.toUpperCase()} ` });
    const unknown = await lookup({ type: "email", identifier: nobody });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = await known.json();
    expect(knownBody).toEqual(await unknown.json());
    expect(LookupLinkSentSchema.parse(knownBody)).toEqual({
      success: true,
      projects: [],
      total_projects: 0,
      message: PORTAL_MESSAGES.linkSent,
    });
    expect(PortalLookupAnswerSchema.parse(knownBody)).toEqual(knownBody);

    await ctx.mailer.settled();
    const sent = smtp.received.slice(before);
    expect(sent.map((m) => m.to)).toEqual([[ben]]);
    expect(sent[0]!.subject).toContain("sign-in link");
    expect(sent[0]!.body).toContain(`${ctx.env.SITE_URL}/client-portal/sign-in?token=`);
    expect(sent[0]!.body).toContain("30 minutes");
    // Both did the same work: one link row each (only the known one was e-mailed).
    const { rows } = await ctx.db.execute<{ email: string; n: number }>(
      sql`select email, count(*)::int as n from portal_sign_in_links where email in (${ben}, ${nobody}) group by email order by email`,
    );
    expect(rows).toEqual([
      { email: ben, n: 1 },
      { email: nobody, n: 1 },
    ]);
  });

  it("the e-mailed link signs in once, to the address's projects only", async () => {
    await lookup({ type: "email", identifier: ana });
    await ctx.mailer.settled();
    const token = decodeURIComponent(linkSentTo(ana)!);
    expect(token).toBeTruthy();

    const res = await signIn(token);
    expect(res.status).toBe(200);
    const session = PortalSignInAnswerSchema.parse(await res.json());
    expect(new Date(session.expires_at).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);

    const again = await signIn(token);
    expect(again.status, "a link works once").toBe(410);
    expect(PublicFormErrorSchema.parse(await again.json()).error).toBe(PORTAL_MESSAGES.linkExpired);

    const list = PortalProjectsAnswerSchema.parse(await (await listProjects(session.portal_token)).json());
    expect(list.projects.map((p) => p.id).sort()).toEqual([...anaProjects].sort());
    expect(list.total_projects).toBe(2);
    expect(list.projects.every((p) => p.contact_email === ana && p.contact_role === "client")).toBe(true);
    expect((await getProject(anaProjects[1]!, session.portal_token)).status).toBe(200);
    const theirs = await getProject(benProject, session.portal_token);
    expect(theirs.status, "another client's project").toBe(403);
    expect(PublicFormErrorSchema.parse(await theirs.json()).success).toBe(false);
  });

  it("keeps no raw sign-in token in the outbox: the link is made as the mail is sent, and works", async () => {
    const dana = `dana.${unique()}@example.com`;
    await newProject("Dana Reyes", dana);
    await lookup({ type: "email", identifier: dana });
    await ctx.mailer.settled();
    const sent = linkSentTo(dana);
    expect(sent).toBeTruthy();
    const token = decodeURIComponent(sent!);
    // Every text column of every outbox row (a backup holds them all), searched for the token.
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_outbox o where strpos(concat_ws(' ', o.kind, o.to_address, o.reply_to, o.subject, o.text, o.html, o.last_error), ${token}) > 0 or strpos(concat_ws(' ', o.text, o.html), ${sent!}) > 0`,
    );
    expect(rows[0]!.n).toBe(0);
    const [stored] = (
      await ctx.db.execute<{ text: string; status: string }>(
        sql`select text, status from email_outbox where to_address = ${dana} and kind = 'portal_sign_in'`,
      )
    ).rows;
    expect(stored).toMatchObject({ status: "sent" });
    expect(stored!.text).toContain(`${ctx.env.SITE_URL}/client-portal/sign-in?token=`);
    // The delivered link still signs in.
    const res = await signIn(token);
    expect(res.status).toBe(200);
    const session = PortalSignInAnswerSchema.parse(await res.json());
    const list = PortalProjectsAnswerSchema.parse(await (await listProjects(session.portal_token)).json());
    expect(list.total_projects).toBe(1);
  });

  it("an expired or unknown link is refused with the message to ask for a new one", async () => {
    const { token: old } = await createSignInLink(ctx.db, ana, new Date(Date.now() - SIGN_IN_LINK_MS - 1000));
    for (const token of [old, "not-a-real-link"]) {
      const res = await signIn(token);
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({ success: false, error: PORTAL_MESSAGES.linkExpired });
    }
    const empty = await request(ctx.app, "/api/client-portal/sign-in", { body: { token: "  " } });
    expect(empty.status).toBe(400);
  });

  it(`mails one address at most ${SIGN_IN_MAILS_PER_WINDOW} links a window, and still answers the same`, async () => {
    const carol = `carol.${unique()}@example.com`;
    await newProject("Carol Reis", carol);
    for (let i = 0; i < SIGN_IN_MAILS_PER_WINDOW + 2; i++) {
      const res = await lookup({ type: "email", identifier: carol });
      expect(res.status).toBe(200);
      expect(LookupLinkSentSchema.parse(await res.json()).message).toBe(PORTAL_MESSAGES.linkSent);
    }
    await ctx.mailer.settled();
    expect(smtp.received.filter((m) => m.to.includes(carol))).toHaveLength(SIGN_IN_MAILS_PER_WINDOW);
  });
});

describe("portal sessions", () => {
  it("answer 401 without a token or with a wrong one, and end at logout", async () => {
    expect((await listProjects()).status).toBe(401);
    const wrong = await listProjects("not-a-portal-token");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect(PublicFormErrorSchema.parse(await wrong.json()).success).toBe(false);
    expect((await getProject(benProject)).status).toBe(401);

    const found = LookupFoundSchema.parse(await (await lookup({ type: "project-id", identifier: benProject })).json());
    expect((await listProjects(found.portal_token)).status).toBe(200);
    const out = await request(ctx.app, "/api/client-portal/logout", { method: "POST", token: found.portal_token });
    expect(out.status).toBe(200);
    expect(PortalSignedOutSchema.parse(await out.json())).toEqual({ success: true });
    expect((await listProjects(found.portal_token)).status).toBe(401);
    const already = await request(ctx.app, "/api/client-portal/logout", { method: "POST" });
    expect(already.status).toBe(200);
  });
});

describe("the lookup limit", () => {
  let limited: Ctx;
  beforeAll(async () => {
    limited = await createTestApp({ env: { PORTAL_LOOKUP_LIMIT: "2", TRUST_PROXY: "true", SMTP_URL: smtp.url } });
  });
  afterAll(() => limited.close());

  it("answers 429 with Retry-After past PORTAL_LOOKUP_LIMIT per address; invalid input does not count", async () => {
    const ip = "10.9.9.9";
    expect((await lookup({ type: "email", identifier: "" }, ip, limited.app)).status).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await lookup({ type: "email", identifier: `x${i}@example.com` }, ip, limited.app)).status).toBe(200);
    const res = await lookup({ type: "project-id", identifier: "WBT-2026-ABCDEF" }, ip, limited.app);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = PortalLookupFailedSchema.parse(await res.json());
    // 13. It says what was limited (lookups, not messages) and when to try again.
    expect(body.error).toMatch(
      /^Too many project lookups from your connection\. Please wait \d+ minutes? and try again/,
    );
    expect(body.error).not.toMatch(/messages/);
    expect((await lookup({ type: "email", identifier: "y@example.com" }, "10.9.9.10", limited.app)).status).toBe(200);
  });
});

describe("the lookup by e-mail while the site sends no e-mail", () => {
  let mailless: Ctx;
  beforeAll(async () => {
    mailless = await createTestApp({ env: { TRUST_PROXY: "true" } });
    await retryOnUniqueViolation(mailless.db, async (tx) => {
      const { contact } = await upsertLeadContact(tx, {
        name: "Nia Reis",
        email: "nia@example.com",
        source: "website",
        status: "submitted",
      });
      await createProjectForContact(tx, contact.id, {
        name: "Nia's site",
        description: "A site for the studio",
        status: "submitted",
      });
    });
  });
  afterAll(() => mailless.close());

  it("tells every address the same thing, to use the Project ID, and writes no link and no e-mail", async () => {
    const answers = [];
    for (const [identifier, ip] of [
      ["nia@example.com", "10.9.8.1"],
      ["nobody@example.com", "10.9.8.2"],
    ] as const) {
      const res = await lookup({ type: "email", identifier }, ip, mailless.app);
      expect(res.status).toBe(503);
      answers.push(PortalLookupFailedSchema.parse(await res.json()));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({
      success: false,
      error: PORTAL_MESSAGES.emailUnavailable,
      projects: [],
      total_projects: 0,
    });
    expect(PORTAL_MESSAGES.emailUnavailable).toMatch(/Project ID/);
    const { rows } = await mailless.db.execute(
      sql`select (select count(*)::int from portal_sign_in_links) as links, (select count(*)::int from email_outbox where kind = 'portal_sign_in') as mails`,
    );
    expect(rows[0]).toEqual({ links: 0, mails: 0 });
  });
});

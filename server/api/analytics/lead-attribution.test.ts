import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProjectAnswerSchema } from "~/lib/admin/projects";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";

/**
 * The first page, referrer and UTM tags of the visit a lead came from travel onto its contact
 * and its project (the project form's, and one the owner makes for a contact), so the funnel can
 * count them by landing page.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let ip = 0;

const unique = () => Math.random().toString(36).slice(2, 9);
const submit = (email: string, attribution: Record<string, string>) =>
  ctx.app.request("/api/submissions", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.0.${++ip}` },
    body: JSON.stringify({
      name: "Rita Moreau",
      email,
      description: "A site for the bakery with the menu and holiday orders.",
      readiness: "ready",
      attribution,
    }),
  });

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: "true" } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());

describe("lead attribution", () => {
  it("puts the project form's visit on the contact and on its project, which the admin API shows", async () => {
    const email = `rita.${unique()}@example.com`;
    const visit = {
      landing_page: "/newport-web-design?utm_source=gmb&utm_medium=organic",
      referrer: "https://www.google.com/",
      utm_source: "gmb",
      utm_medium: "organic",
      utm_campaign: "fall",
    };
    const res = await submit(email, visit);
    expect(res.status).toBe(200);
    const { projectId } = (await res.json()) as { projectId: string };

    const { rows } = await ctx.db.execute(sql`select * from projects where id = ${projectId}`);
    expect(rows[0]).toMatchObject({
      landing_page: visit.landing_page,
      referrer: visit.referrer,
      utm_source: "gmb",
      utm_medium: "organic",
      utm_campaign: "fall",
    });
    const answer = await ctx.app.request(`/api/admin/projects/${projectId}`, { headers: auth });
    const { project } = ProjectAnswerSchema.parse(await answer.json());
    expect(project).toMatchObject({ landing_page: visit.landing_page, utm_source: "gmb", referrer: visit.referrer });
  });

  it("keeps a returning lead's first visit whole on the contact, and gives the new project its own", async () => {
    const email = `dana.${unique()}@example.com`;
    await submit(email, { landing_page: "/providence-web-design", referrer: "https://www.bing.com/" });
    const second = await submit(email, { landing_page: "/pricing?utm_source=newsletter", utm_source: "newsletter" });
    const { projectId } = (await second.json()) as { projectId: string };
    const { rows: contacts } = await ctx.db.execute(sql`select * from contacts where email = ${email}`);
    expect(contacts[0]).toMatchObject({
      landing_page: "/providence-web-design",
      referrer: "https://www.bing.com/",
      utm_source: null,
    });
    const { rows: projects } = await ctx.db.execute(sql`select * from projects where id = ${projectId}`);
    expect(projects[0]).toMatchObject({ landing_page: "/pricing?utm_source=newsletter", utm_source: "newsletter" });
  });

  it("gives a project the owner makes for a lead that lead's visit", async () => {
    const email = `claim.${unique()}@example.com`;
    const [contact] = (
      await ctx.db.execute<{ id: number }>(
        sql`insert into contacts (name, email, source, landing_page, utm_source)
            values ('Sam Ortiz', ${email}, 'claim', '/claim-your-website?utm_source=flyer', 'flyer') returning id`,
      )
    ).rows;
    const [manual] = (
      await ctx.db.execute<{ id: number }>(
        sql`insert into contacts (name, email) values ('Pat Lee', ${`pat.${unique()}@example.com`}) returning id`,
      )
    ).rows;
    const res = await ctx.app.request("/api/admin/projects", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ contact_ids: [Number(manual!.id), Number(contact!.id)], name: "Sam's Diner Website" }),
    });
    expect(res.status).toBe(201);
    const { project } = ProjectAnswerSchema.parse(await res.json());
    expect(project).toMatchObject({ landing_page: "/claim-your-website?utm_source=flyer", utm_source: "flyer" });
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProjectAnswerSchema } from "~/contracts/projects";
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
const submit = (email: string, attribution: Record<string, string | boolean>) =>
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
  it("5. the funnel's rates use the leads whose visit was counted; the others are a count apart", async () => {
    // A landing page of its own, visited once by a visitor who accepted analytics.
    const page = `/lead-rate-${unique()}`;
    await ctx.db.execute(sql`insert into analytics_events (kind, path, visitor, entry, created_at)
      values ('pageview', ${page}, ${`v-${unique()}`}, true, now())`);
    // Three leads from that page: one consented (counted), one refused, one that did not say.
    for (const consent of [true, false, undefined]) {
      const attribution: Record<string, string | boolean> = { landing_page: page };
      if (consent !== undefined) attribution.analytics_consent = consent;
      expect((await submit(`rate.${unique()}@example.com`, attribution)).status).toBe(200);
    }
    // The range's default: the business's last 30 days, today included.
    const res = await ctx.app.request("/api/admin/analytics", { headers: auth });
    expect(res.status).toBe(200);
    const report = (await res.json()) as {
      totals: { leads: number; leads_without_consent: number };
      funnel: { landing_page: string; visits: number; leads: number; projects: number }[];
    };
    const row = report.funnel.find((f) => f.landing_page === page);
    expect(row).toMatchObject({ leads: 1, projects: 1 });
    // Never more leads than visits from a page: a rate of at most 100 %.
    expect(row!.leads).toBeLessThanOrEqual(row!.visits);
    expect(report.totals.leads_without_consent).toBeGreaterThanOrEqual(2);
    expect(report.totals.leads).toBeGreaterThanOrEqual(report.totals.leads_without_consent + 1);
    const { rows } = await ctx.db.execute(
      sql`select visit_counted from contacts where landing_page = ${page} order by id`,
    );
    expect(rows.map((r) => r.visit_counted)).toEqual([true, false, null]);
  });

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

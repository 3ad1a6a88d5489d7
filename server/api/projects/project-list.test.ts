import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProjectListSchema } from "~/contracts/projects";
import { PROJECT_CSV_HEADER, ProjectOptionListSchema } from "~/contracts/project-list";
import type { Project } from "~/contracts/projects";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { csvRecords, readChunks } from "../../../tests/support/csv-stream";

/**
 * GET /api/admin/projects, /api/admin/projects/options and the projects' CSV export on a busy
 * business's numbers: 600 projects, each with a contact, made by one insert.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
const tag = `p${Math.random().toString(36).slice(2, 8)}`;
const MANY = 600;
const STATUSES = ["planning", "design", "development", "review", "launch", "complete", "on_hold", "maintenance"];

const get = (path: string) => ctx.app.request(path, { headers: auth });
async function page(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries({ q: tag, ...query }).map(([k, v]) => [k, String(v)]));
  const res = await get(`/api/admin/projects?${params}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await res.json();
  expect(ProjectListSchema.parse(body)).toEqual(body);
  return body as { projects: Project[]; total: number; limit: number; offset: number };
}

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
  await ctx.db.execute(sql`
    with made as (
      insert into contacts (name, email, company, created_at)
      select 'Client ' || ${tag} || ' ' || g, 'client' || g || '.' || ${tag} || '@example.com', 'Shop ' || g, now()
      from generate_series(1, ${MANY}::int) g returning id, name
    ), numbered as (select id, row_number() over (order by id) n from made),
    projects_made as (
      insert into projects (id, name, description, project_type, status, created_at, updated_at)
      select 'WBT-2026-' || upper(${tag}) || lpad(g::text, 3, '0'),
             'Site ' || ${tag} || ' ' || g,
             'Pages, gallery and booking for shop ' || g,
             (array['personal','small_business','cause_nonprofit','redesign','maintenance'])[1 + g % 5],
             (array[${sql.join(
               STATUSES.map((s) => sql`${s}`),
               sql`, `,
             )}])[1 + g % 8],
             now() - make_interval(hours => g / 2),
             now() - make_interval(mins => (g * 37) % 600)
      from generate_series(1, ${MANY}::int) g returning id
    )
    insert into project_contacts (project_id, contact_id, is_primary)
    select 'WBT-2026-' || upper(${tag}) || lpad(n::text, 3, '0'), id, true from numbered`);
  // One project with a formula for a name and quotes, for the export's escaping.
  await ctx.db.execute(
    sql`update projects set name = ${`=cmd|' /C calc'!A0 "${tag}"`} where id = ${`WBT-2026-${tag.toUpperCase()}001`}`,
  );
}, 60_000);
afterAll(() => ctx.close());

describe("the projects list", () => {
  it("answers a page with the total; the pages in turn hold every project once, with its contact", async () => {
    const first = await page({});
    expect(first).toMatchObject({ total: MANY, limit: 50, offset: 0 });
    expect(first.projects[0]!.contacts).toHaveLength(1);
    const seen = new Set<string>();
    for (let offset = 0; offset < MANY; offset += 100)
      for (const p of (await page({ limit: 100, offset })).projects) seen.add(p.id);
    expect(seen.size).toBe(MANY);
  });

  it("searches a contact's e-mail, the ID and a type's label, in any case; filters by status", async () => {
    const byEmail = await page({ q: `CLIENT599.${tag.toUpperCase()}@` });
    expect(byEmail.projects.map((p) => p.id)).toEqual([`WBT-2026-${tag.toUpperCase()}599`]);
    expect((await page({ q: `wbt-2026-${tag}42` })).total).toBe(10);
    const design = await page({ status: "design", limit: 100 });
    expect(design.total).toBe(MANY / 8);
    expect(design.projects.every((p) => p.status === "design")).toBe(true);
    // "Small business" is a label: the type's stored value is small_business.
    const [small] = (
      await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int n from projects where project_type = 'small_business' and name like ${`Site ${tag} %`}`,
      )
    ).rows;
    const found = (await (await get(`/api/admin/projects?q=small%20business&limit=1`)).json()) as { total: number };
    expect(found.total).toBeGreaterThanOrEqual(small!.n);
  });

  it("sorts by name and by the latest change, page after page", async () => {
    const both = async (sort: string) => [
      ...(await page({ sort, limit: 100 })).projects,
      ...(await page({ sort, limit: 100, offset: 100 })).projects,
    ];
    const expected = async (order: string) =>
      (
        await ctx.db.execute<{ id: string }>(
          sql.raw(`select id from projects where id like 'WBT-2026-${tag.toUpperCase()}%' order by ${order} limit 200`),
        )
      ).rows.map((r) => r.id);
    expect((await both("name")).map((p) => p.id)).toEqual(await expected("lower(name), id"));
    expect((await both("updated")).map((p) => p.id)).toEqual(await expected("updated_at desc, id desc"));
    expect((await both("oldest")).map((p) => p.id)).toEqual(await expected("created_at, id"));
  });

  it("refuses an unknown sort or status and a page over 100", async () => {
    for (const query of ["sort=cheapest", "status=finished", "limit=101", "offset=-3"])
      expect((await get(`/api/admin/projects?${query}`)).status, query).toBe(400);
  });

  it("names every project for the selects, however many", async () => {
    const res = await get("/api/admin/projects/options");
    const body = ProjectOptionListSchema.parse(await res.json());
    expect(body.projects.filter((p) => p.id.startsWith(`WBT-2026-${tag.toUpperCase()}`))).toHaveLength(MANY);
    expect(Object.keys(body.projects[0]!)).toEqual(["id", "name"]);
  });
});

describe("the projects export", () => {
  it("streams every project of the filtered set with its contact, formulas escaped", async () => {
    const res = await get(`/api/admin/projects.csv?q=${tag}&sort=oldest`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="projects-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = csvRecords((await readChunks(res)).text);
    expect(records[0]).toBe(PROJECT_CSV_HEADER.join(","));
    expect(records).toHaveLength(MANY + 1);
    const upper = tag.toUpperCase();
    expect(records.find((r) => r.startsWith(`WBT-2026-${upper}001,`))).toContain(`,"'=cmd|' /C calc'!A0 ""${tag}""",`);
    expect(records.find((r) => r.startsWith(`WBT-2026-${upper}599,`))).toContain(
      `,Client ${tag} 599,client599.${tag}@example.com,Client ${tag} 599,`,
    );
    const onHold = csvRecords((await readChunks(await get(`/api/admin/projects.csv?q=${tag}&status=on_hold`))).text);
    expect(onHold).toHaveLength(MANY / 8 + 1);
    expect(onHold.slice(1).every((r) => r.split(",")[2] === "On Hold")).toBe(true);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { addDays, dayIn } from "~/contracts/analytics-days";
import { AnalyticsReportSchema, type AnalyticsReport } from "~/contracts/analytics-report";
import { ExclusionAnswerSchema, ExclusionListSchema, MAX_EXCLUSIONS } from "~/contracts/analytics-exclusions";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { analyticsEvents, analyticsExclusions } from "../../db/schema";
import { rollUpDay } from "../../services/analytics/rollups";

/**
 * The owner's one-click exclusions (docs/decisions/033-analytics-flood.md) on a real database:
 * the admin API's contract (token, validation, idempotence, the bound), and the report, its CSV
 * and the rollups read through them: an excluded page, referrer or UTM source leaves its list,
 * an excluded page's pageviews and visits leave the days and totals, nothing is deleted, and
 * "Include again" gives back the report of before.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
const unique = () => Math.random().toString(36).slice(2, 9);
const today = () => dayIn(site.timeZone);
const BASE = "/api/admin/analytics/exclusions";

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) =>
  ctx.app.request(path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function exclude(kind: string, value: string) {
  const res = await call("POST", BASE, { kind, value });
  expect(res.status).toBe(201);
  return ExclusionAnswerSchema.parse(await res.json()).exclusion;
}

async function report(from: string, to: string): Promise<AnalyticsReport> {
  const res = await ctx.app.request(`/api/admin/analytics?from=${from}&to=${to}`, { headers: auth });
  expect(res.status).toBe(200);
  return AnalyticsReportSchema.parse(await res.json());
}

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());

describe("16. the exclusions API", () => {
  it("16. every call needs the admin token", async () => {
    const none = { "Content-Type": "application/json" };
    expect((await call("GET", BASE, undefined, {})).status).toBe(401);
    expect((await call("POST", BASE, { kind: "path", value: "/x" }, none)).status).toBe(401);
    expect((await call("DELETE", `${BASE}/1`, undefined, {})).status).toBe(401);
    const bad = { Authorization: "Bearer not-a-token" };
    expect((await call("GET", BASE, undefined, bad)).status).toBe(401);
  });

  it("16. a value that is not what the report shows answers 400 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ kind: "page", value: "/pricing" }, "kind"],
      [{ kind: "path", value: "pricing" }, "value"],
      [{ kind: "path", value: "/pricing?utm_source=x" }, "value"],
      [{ kind: "path", value: `/${"a".repeat(500)}` }, "value"],
      [{ kind: "referrer", value: "spam host.example" }, "value"],
      [{ kind: "referrer", value: "https://spam.example/" }, "value"],
      [{ kind: "utm_source", value: "   " }, "value"],
      [{ kind: "utm_source" }, "value"],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", BASE, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(answer.error).toContain(field);
      expect(Object.keys(answer.fields)).toContain(field);
    }
    expect((await call("DELETE", `${BASE}/abc`)).status).toBe(400);
    expect((await call("DELETE", `${BASE}/987654`)).status).toBe(404);
  });

  it("16. excluding twice changes nothing (201, then 200 with the same one); a referrer is kept as the report shows it", async () => {
    const host = `spam-${unique()}.example`;
    const first = await call("POST", BASE, { kind: "referrer", value: ` WWW.${host.toUpperCase()} ` });
    expect(first.status).toBe(201);
    const created = ExclusionAnswerSchema.parse(await first.json()).exclusion;
    expect(created).toMatchObject({ kind: "referrer", value: host });
    const second = await call("POST", BASE, { kind: "referrer", value: host });
    expect(second.status).toBe(200);
    expect(ExclusionAnswerSchema.parse(await second.json()).exclusion).toEqual(created);

    const list = ExclusionListSchema.parse(await (await call("GET", BASE)).json());
    expect(list.exclusions.filter((e) => e.value === host)).toEqual([created]);
    const removed = await call("DELETE", `${BASE}/${created.id}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ success: true });
    expect((await call("DELETE", `${BASE}/${created.id}`)).status, "already included again").toBe(404);
  });
});

describe("16. the report, its CSV and the rollups honour the exclusions", () => {
  it("16. an excluded page, referrer and source leave their lists, the page's pageviews and visits the totals; Include again restores all", async () => {
    const t = unique();
    const spamPage = `/cheap-seo-${t}`;
    const realPage = `/pricing-${t}`;
    const spamHost = `seo-offers-${t}.example`;
    const spamSource = `blast-${t}`;
    const yesterday = addDays(today(), -1);
    // Yesterday (summed into the rollups below) and today (read from its rows): per day, a spam
    // visit landing on the spam page that goes on to a real page, and a real visit from Google.
    const rows: (typeof analyticsEvents.$inferInsert)[] = [];
    // Yesterday's early afternoon in Providence, and now (its second page at the same instant,
    // so that it stays today whenever the test runs).
    for (const [at, later] of [
      [new Date(`${yesterday}T17:00:00Z`), new Date(`${yesterday}T17:01:00Z`)],
      [new Date(), new Date()],
    ]) {
      rows.push(
        {
          kind: "pageview",
          path: spamPage,
          visitor: `spam-${t}`,
          referrerHost: spamHost,
          entry: true,
          utmSource: spamSource,
          createdAt: at,
        },
        { kind: "pageview", path: realPage, visitor: `spam-${t}`, entry: false, createdAt: later },
        {
          kind: "pageview",
          path: realPage,
          visitor: `real-${t}`,
          referrerHost: "google.com",
          entry: true,
          utmSource: "gmb",
          createdAt: at,
        },
      );
    }
    await ctx.db.insert(analyticsEvents).values(rows);
    await rollUpDay(ctx.db, yesterday);

    const before = await report(yesterday, today());
    expect(before.top_pages.map((p) => p.path)).toEqual(expect.arrayContaining([spamPage, realPage]));
    expect(before.referrers.map((r) => r.host)).toContain(spamHost);
    expect(before.utm_sources.map((u) => u.source)).toContain(spamSource);
    expect(before.funnel.map((f) => f.landing_page)).toContain(spamPage);

    const made = [
      await exclude("path", spamPage),
      await exclude("referrer", spamHost),
      await exclude("utm_source", spamSource),
    ];
    const after = await report(yesterday, today());
    expect(after.top_pages.map((p) => p.path)).not.toContain(spamPage);
    expect(after.top_pages.map((p) => p.path)).toContain(realPage);
    expect(after.engagement.map((e) => e.path)).not.toContain(spamPage);
    expect(after.funnel.map((f) => f.landing_page)).not.toContain(spamPage);
    expect(after.referrers.map((r) => r.host)).not.toContain(spamHost);
    expect(after.referrers.map((r) => r.host)).toContain("google.com");
    expect(after.utm_sources.map((u) => u.source)).not.toContain(spamSource);
    expect(after.exclusions).toEqual(made);
    // The spam page's pageview and the visit that began there, each day, from the rollup and from the rows.
    expect(after.days.map((d, i) => before.days[i]!.pageviews - d.pageviews)).toEqual([1, 1]);
    expect(after.days.map((d, i) => before.days[i]!.visits - d.visits)).toEqual([1, 1]);
    expect(after.totals.visitors, "a visitor may have seen other pages: kept").toBe(before.totals.visitors);
    expect(before.totals.pageviews - after.totals.pageviews).toBe(2);

    // The CSV says the same, and what it left out.
    const csv = await (
      await ctx.app.request(`/api/admin/analytics.csv?from=${yesterday}&to=${today()}`, { headers: auth })
    ).text();
    expect(csv).toContain("Left out of this report\r\nWhat,Value,Pageviews\r\nOver the daily cap,,0\r\n");
    expect(csv).toContain(`Excluded page,${spamPage},\r\n`);
    expect(csv).toContain(`Excluded referrer,${spamHost},\r\n`);
    expect(csv).toContain(`Excluded UTM source,${spamSource},\r\n`);
    expect(csv.split(spamPage)).toHaveLength(2);
    expect(csv.split(spamHost)).toHaveLength(2);

    // Nothing counted was deleted: the rollup and the rows are as they were.
    const kept = await ctx.db.execute<{ pages: number; referrers: number; raw: number }>(sql`select
      (select count(*)::int from analytics_daily_pages where path = ${spamPage}) as pages,
      (select count(*)::int from analytics_daily_referrers where host = ${spamHost}) as referrers,
      (select count(*)::int from analytics_events where path = ${spamPage}) as raw`);
    expect(kept.rows[0]).toEqual({ pages: 1, referrers: 1, raw: 2 });

    for (const exclusion of made) expect((await call("DELETE", `${BASE}/${exclusion.id}`)).status).toBe(200);
    expect(await report(yesterday, today())).toEqual(before);
  });

  it(`16. at most ${MAX_EXCLUSIONS} are stored: one more answers 409, one already there still 200`, async () => {
    await ctx.db
      .insert(analyticsExclusions)
      .values(Array.from({ length: MAX_EXCLUSIONS }, (_, i) => ({ kind: "path" as const, value: `/bulk-${i}` })));
    const res = await call("POST", BASE, { kind: "path", value: "/one-too-many" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toContain("include some again");
    expect((await call("POST", BASE, { kind: "path", value: "/bulk-7" })).status).toBe(200);
    await ctx.db.delete(analyticsExclusions);
  });
});

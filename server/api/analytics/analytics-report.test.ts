import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { AnalyticsReportSchema, type AnalyticsReport } from "~/contracts/analytics-report";
import { dayIn } from "~/contracts/analytics-days";
import type { ProjectStatus } from "~/contracts/project-terms";
import { COMPLETED_PROJECT_STATUSES } from "~/contracts/projects";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { analyticsDaily, analyticsEvents, contacts, projects } from "../../db/schema";
import { rollUpDay } from "../../services/analytics/rollups";

/**
 * The owner's figures against a count made here: a data set is stored (several days across the
 * end of daylight saving time, visitors with pauses under and over 30 minutes, rows just outside
 * the range, scrolls, time on page, events, leads and projects with and without a landing page),
 * then every figure GET /api/admin/analytics answers is recomputed in TypeScript from the rows
 * as stored and compared. No day has a rollup here (the rollup job does not run in this app):
 * every figure comes from the raw rows (server/services/analytics/facts.ts); the rollups are
 * checked in server/services/analytics/rollups.test.ts and analytics-rollup-report.test.ts.
 */

const FROM = "2026-10-29";
const TO = "2026-11-03"; // daylight saving time ends on Nov 1 in America/New_York
const TZ = site.timeZone;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;

/** A small deterministic generator, so the data set is the same on every run. */
function generator(start: number) {
  let state = start;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

const PAGES = [
  "/",
  "/services",
  "/pricing",
  "/newport-web-design",
  "/providence-web-design",
  "/start-project",
  "/blog",
];
const REFERRERS = [null, null, "google.com", "facebook.com", "bing.com"];
const SOURCES = [null, null, null, "gmb", "newsletter"];
const EVENTS = ["email_click", "phone_click", "chat_open", "project_submission"];
const STATUSES: ProjectStatus[] = ["submitted", "planning", "complete", "maintenance", "on_hold"];

async function seed() {
  const random = generator(20261126);
  // Local midnight of Oct 29 in New York, and a little before and after the range.
  const rangeStart = Date.parse("2026-10-29T04:00:00Z");
  const rangeEnd = Date.parse("2026-11-04T05:00:00Z");
  const rows: (typeof analyticsEvents.$inferInsert)[] = [];
  for (let v = 0; v < 60; v++) {
    const visitor = `visitor-${v}`;
    let at = rangeStart - 2 * 3600_000 + random.int(rangeEnd - rangeStart + 4 * 3600_000);
    const views = 1 + random.int(6);
    const landingSource = random.pick(SOURCES);
    for (let i = 0; i < views; i++) {
      const path = random.pick(PAGES);
      // A visitor's first page comes from elsewhere; later ones mostly from the site, now and
      // then from another site again (a new visit without a pause).
      const referrerHost = i === 0 || random.next() < 0.15 ? random.pick(REFERRERS) : null;
      rows.push({
        kind: "pageview",
        path,
        visitor,
        referrerHost,
        entry: i === 0 || referrerHost !== null,
        utmSource: i === 0 ? landingSource : null,
        utmMedium: i === 0 && landingSource ? random.pick([null, "organic", "email"]) : null,
        createdAt: new Date(at),
      });
      if (random.next() < 0.6)
        rows.push({
          kind: "scroll",
          path,
          visitor,
          scrollDepth: random.pick([25, 50, 75, 90]),
          createdAt: new Date(at + 5000),
        });
      if (random.next() < 0.5)
        rows.push({
          kind: "event",
          name: "time_on_page",
          path,
          visitor,
          seconds: random.pick([30, 60, 120, 300]),
          createdAt: new Date(at + 30_000),
        });
      if (random.next() < 0.2)
        rows.push({ kind: "event", name: random.pick(EVENTS), path, visitor, createdAt: new Date(at + 10_000) });
      // Pauses of exactly 30 minutes (same visit), just over (a new visit), or a few minutes.
      at += random.pick([3 * 60_000, 30 * 60_000, 30 * 60_000 + 1000, 2 * 3600_000]);
    }
  }
  // Exactly on the range's first instant, and one millisecond before it.
  rows.push({ kind: "pageview", path: "/edge", visitor: "edge-in", createdAt: new Date(rangeStart) });
  rows.push({ kind: "pageview", path: "/edge", visitor: "edge-out", createdAt: new Date(rangeStart - 1) });
  await ctx.db.insert(analyticsEvents).values(rows);

  for (let i = 0; i < 25; i++) {
    const landing = random.next() < 0.2 ? null : `${random.pick(PAGES)}${random.next() < 0.5 ? "?utm_source=gmb" : ""}`;
    const createdAt = new Date(rangeStart - 86_400_000 + random.int(rangeEnd - rangeStart + 2 * 86_400_000));
    // Every fourth visitor had not accepted analytics: the lead is outside the funnel.
    const visitCounted = landing === null ? null : i % 4 !== 3;
    await ctx.db
      .insert(contacts)
      .values({ name: `Lead ${i}`, email: `lead.${i}@example.com`, landingPage: landing, createdAt, visitCounted });
    if (random.next() < 0.7)
      await ctx.db.insert(projects).values({
        id: `WBT-2026-T${String(i).padStart(5, "0")}`,
        name: `Project ${i}`,
        status: random.pick(STATUSES),
        landingPage: landing,
        visitCounted,
        createdAt: new Date(createdAt.getTime() + 3600_000),
      });
  }
}

/* ---------------- The count made here ---------------- */

type Event = {
  kind: string;
  entry: boolean;
  name: string | null;
  path: string;
  visitor: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  scroll_depth: number | null;
  seconds: number | null;
  created_at: Date;
  id: number;
};

const localDay = (date: Date) => dayIn(TZ, date);
const inRange = (date: Date) => localDay(date) >= FROM && localDay(date) <= TO;
const landingPath = (value: string) => value.split("?")[0]!.split("#")[0]!;
const countBy = <T>(items: T[], key: (item: T) => string) => {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
};

async function expectedReport(): Promise<Omit<AnalyticsReport, "from" | "to" | "time_zone">> {
  const allEvents = (await ctx.db.execute<Event>(sql`select * from analytics_events`)).rows.map((e) => ({
    ...e,
    created_at: new Date(e.created_at),
  }));
  const events = allEvents.filter((e) => inRange(e.created_at));
  const pageviews = events.filter((e) => e.kind === "pageview");

  // Visits: per visitor in time order, a page reached from elsewhere or a pause over 30 minutes starts one.
  // The pause is measured from the visitor's previous pageview even before the range: a visit
  // belongs to the day it began (docs/decisions/031-analytics-rollups.md).
  const visits: Event[] = [];
  const byVisitor = new Map<string, Event[]>();
  for (const view of allEvents.filter((e) => e.kind === "pageview"))
    byVisitor.set(view.visitor, [...(byVisitor.get(view.visitor) ?? []), view]);
  for (const views of byVisitor.values()) {
    views.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
    views.forEach((view, i) => {
      if (i === 0 || view.entry || view.created_at.getTime() - views[i - 1]!.created_at.getTime() > 30 * 60_000)
        if (inRange(view.created_at)) visits.push(view);
    });
  }
  // A visitor is told apart within a day only: here a visitor's name spans days, a real hash does not.
  const dayVisitor = (e: Event) => `${localDay(e.created_at)}\n${e.visitor}`;

  const days: AnalyticsReport["days"] = [];
  for (
    let day = FROM;
    day <= TO;
    day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  ) {
    const ofDay = pageviews.filter((v) => localDay(v.created_at) === day);
    days.push({
      day,
      pageviews: ofDay.length,
      visits: visits.filter((v) => localDay(v.created_at) === day).length,
      visitors: new Set(ofDay.map((v) => v.visitor)).size,
      kept_out: 0,
    });
  }

  const top_pages = [...countBy(pageviews, (v) => v.path)].map(([path, n]) => ({
    path,
    pageviews: n,
    visitors: new Set(pageviews.filter((v) => v.path === path).map(dayVisitor)).size,
  }));
  const referrers = [
    ...countBy(
      visits.filter((v) => v.referrer_host),
      (v) => v.referrer_host!,
    ),
  ].map(([host, n]) => ({
    host,
    visits: n,
  }));
  const tagged = visits.filter((v) => v.utm_source);
  const utm_sources = [...countBy(tagged, (v) => JSON.stringify([v.utm_source, v.utm_medium]))].map(([key, n]) => {
    const [source, medium] = JSON.parse(key) as [string, string | null];
    return { source, medium, visits: n };
  });

  const pairKey = (e: Event) => `${e.path}\n${dayVisitor(e)}`;
  const seen = new Map(pageviews.map((v) => [pairKey(v), v.path]));
  const maxOf = (kind: string, field: "scroll_depth" | "seconds", name?: string) => {
    const out = new Map<string, number>();
    for (const e of events.filter((x) => x.kind === kind && (!name || x.name === name)))
      out.set(pairKey(e), Math.max(out.get(pairKey(e)) ?? 0, e[field] ?? 0));
    return out;
  };
  const depth = maxOf("scroll", "scroll_depth");
  const stay = maxOf("event", "seconds", "time_on_page");
  const engagement = [...new Set(seen.values())].map((path) => {
    const pairs = [...seen].filter(([, p]) => p === path).map(([key]) => key);
    const reached = (map: Map<string, number>, at: number) => pairs.filter((k) => (map.get(k) ?? 0) >= at).length;
    return {
      path,
      views: pairs.length,
      avg_scroll: Math.round(pairs.reduce((sum, k) => sum + (depth.get(k) ?? 0), 0) / pairs.length),
      reached_75: reached(depth, 75),
      time_30: reached(stay, 30),
      time_60: reached(stay, 60),
      time_120: reached(stay, 120),
      time_300: reached(stay, 300),
    };
  });

  const eventCounts = [
    ...countBy(
      events.filter((e) => e.kind === "event" && e.name !== "time_on_page"),
      (e) => e.name!,
    ),
  ].map(([name, count]) => ({ name, count }));

  const leads = (await ctx.db.select().from(contacts)).filter((c) => c.landingPage && inRange(c.createdAt));
  const siteProjects = (await ctx.db.select().from(projects)).filter((p) => p.landingPage && inRange(p.createdAt));
  const completed = (p: (typeof siteProjects)[number]) => COMPLETED_PROJECT_STATUSES.includes(p.status);
  // The funnel counts the leads and projects whose visit was counted (analytics accepted).
  const countedLeads = leads.filter((c) => c.visitCounted === true);
  const countedProjects = siteProjects.filter((p) => p.visitCounted === true);
  const landings = new Set([
    ...visits.map((v) => v.path),
    ...countedLeads.map((c) => landingPath(c.landingPage!)),
    ...countedProjects.map((p) => landingPath(p.landingPage!)),
  ]);
  const funnel = [...landings].map((landing) => {
    const ofLanding = countedProjects.filter((p) => landingPath(p.landingPage!) === landing);
    return {
      landing_page: landing,
      visits: visits.filter((v) => v.path === landing).length,
      leads: countedLeads.filter((c) => landingPath(c.landingPage!) === landing).length,
      // No call is booked in this data: the bookings' own count is held in server/api/bookings.
      bookings: 0,
      projects: ofLanding.length,
      completed: ofLanding.filter(completed).length,
    };
  });

  return {
    // Every finished day of the range is rolled up by the report itself (decision 049).
    pending_days: 0,
    totals: {
      pageviews: pageviews.length,
      visits: visits.length,
      visitors: days.reduce((sum, d) => sum + d.visitors, 0),
      leads: leads.length,
      leads_without_consent: leads.length - countedLeads.length,
      projects: siteProjects.length,
      completed_projects: siteProjects.filter(completed).length,
    },
    days,
    top_pages,
    referrers,
    utm_sources,
    engagement,
    events: eventCounts,
    // Rows stored here, not sent: nothing was kept out, and no exclusion is made in this file.
    kept_out: { over_cap: 0, spam_referrer: 0 },
    exclusions: [],
    funnel,
  };
}

/** Rows in a stable order of their own, to compare lists whose ties the database may order differently. */
const sorted = <T>(rows: T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The list is ordered by these figures, largest first. */
function expectDescending<T>(rows: T[], ...keys: (keyof T)[]) {
  for (let i = 1; i < rows.length; i++) {
    const a = keys.map((k) => Number(rows[i - 1]![k]));
    const b = keys.map((k) => Number(rows[i]![k]));
    const firstDifference = a.findIndex((value, j) => value !== b[j]);
    if (firstDifference >= 0) expect(a[firstDifference]!).toBeGreaterThan(b[firstDifference]!);
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
  await seed();
});
afterAll(() => ctx.close());

describe("the analytics figures", () => {
  it("match what the stored rows say, figure by figure", async () => {
    const res = await ctx.app.request(`/api/admin/analytics?from=${FROM}&to=${TO}`, { headers: auth });
    expect(res.status).toBe(200);
    const report = AnalyticsReportSchema.parse(await res.json());
    const expected = await expectedReport();

    expect({ from: report.from, to: report.to, time_zone: report.time_zone }).toEqual({
      from: FROM,
      to: TO,
      time_zone: TZ,
    });
    expect(report.days).toEqual(expected.days);
    expect(report.totals).toEqual(expected.totals);
    // Fewer pages and sources than the lists' limit of 20: every row is there.
    expect(sorted(report.top_pages)).toEqual(sorted(expected.top_pages));
    expect(sorted(report.referrers)).toEqual(sorted(expected.referrers));
    expect(sorted(report.utm_sources)).toEqual(sorted(expected.utm_sources));
    expect(sorted(report.engagement)).toEqual(sorted(expected.engagement));
    expect(sorted(report.events)).toEqual(sorted(expected.events));
    expect(sorted(report.funnel)).toEqual(sorted(expected.funnel));
    expect(report.kept_out).toEqual(expected.kept_out);
    expect(report.exclusions).toEqual(expected.exclusions);

    expectDescending(report.top_pages, "pageviews");
    expectDescending(report.referrers, "visits");
    expectDescending(report.utm_sources, "visits");
    expectDescending(report.engagement, "views");
    expectDescending(report.events, "count");
    expectDescending(report.funnel, "leads", "projects", "visits");
  });

  it("has data worth comparing: visits split by pauses, both edges of the range, every kind of row", async () => {
    const expected = await expectedReport();
    expect(expected.totals.visits).toBeGreaterThan(60);
    expect(expected.totals.visits).toBeLessThan(expected.totals.pageviews);
    expect(expected.days.every((d) => d.pageviews > 0)).toBe(true);
    expect(expected.funnel.some((f) => f.leads > 0 && f.projects > 0 && f.completed > 0)).toBe(true);
    expect(expected.referrers.length).toBeGreaterThan(1);
    expect(expected.utm_sources.length).toBeGreaterThan(1);
    expect(expected.events.length).toBeGreaterThan(1);
    const edge = expected.top_pages.find((p) => p.path === "/edge");
    expect(edge, "the range's first instant is in it, the one before is not").toEqual({
      path: "/edge",
      pageviews: 1,
      visitors: 1,
    });
  });

  it("are the same once the days are rolled up, all of them or some", async () => {
    const get = async () =>
      (await ctx.app.request(`/api/admin/analytics?from=${FROM}&to=${TO}`, { headers: auth })).json();
    const fromRawRows = await get();
    for (const day of ["2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"])
      await rollUpDay(ctx.db, day);
    expect(await get(), "Nov 3 from its rows, the days before from their rollups").toEqual(fromRawRows);
    await ctx.db.delete(analyticsDaily).where(sql`day = '2026-10-31'`);
    expect(await get(), "a day the job has not reached, between rolled days").toEqual(fromRawRows);
    await ctx.db.delete(analyticsDaily);
  });

  it("the CSV carries the same figures", async () => {
    const res = await ctx.app.request(`/api/admin/analytics.csv?from=${FROM}&to=${TO}`, { headers: auth });
    const csv = await res.text();
    const report = AnalyticsReportSchema.parse(
      await (await ctx.app.request(`/api/admin/analytics?from=${FROM}&to=${TO}`, { headers: auth })).json(),
    );
    const { totals } = report;
    expect(csv).toContain(
      `\r\n${totals.pageviews},${totals.visits},${totals.visitors},${totals.leads},${totals.leads_without_consent},${totals.projects},${totals.completed_projects}\r\n`,
    );
    for (const day of report.days)
      expect(csv).toContain(`\r\n${day.day},${day.pageviews},${day.visits},${day.visitors},${day.kept_out}\r\n`);
    for (const row of report.funnel)
      expect(csv).toContain(
        `\r\n${row.landing_page},${row.visits},${row.leads},${row.bookings},${row.projects},${row.completed}\r\n`,
      );
  });
});

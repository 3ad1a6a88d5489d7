import { sql, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import { COMPLETED_PROJECT_STATUSES } from "~/contracts/projects";
import { TOP_LIMIT, type AnalyticsReport } from "~/contracts/analytics-report";
import type { Database } from "../../db/client";
import { analyticsDaily } from "../../db/schema/index";
import { endOfDay, factsFromRaw, spansOf, startOfDay } from "./facts";
import { listExclusions } from "./exclusions";
import { daysArray, fillMissingDays, lastClosedDay } from "./rollups";

/**
 * The owner's figures for a range of days (GET /api/admin/analytics and its CSV;
 * docs/decisions/024-analytics.md, 031-analytics-rollups.md). Each figure is a SUM ... GROUP BY
 * over the daily rollups of the range, plus, for the days that have no rollup (today, and days
 * the rollup job has not reached yet), the same per-day figures computed from their raw rows
 * (analytics-facts.ts). So a range is right whether or not the job has run, and a range older
 * than the raw rows' two years still shows its rollups.
 * - "visitors" over several days is the sum of each day's (the hash's salt changes daily);
 * - the funnel follows the landing page a lead's visit began on (stored on the contact and the
 *   project when the lead was sent) against the visits that began there. Leads and projects are
 *   read from the CRM as it stands: a project delivered since counts as completed;
 * - the owner's exclusions (docs/decisions/033-analytics-flood.md) are applied here, to the rollups
 *   and the raw rows alike, never when rows are counted or rolled up: an excluded page, referrer
 *   or UTM source leaves its list, and an excluded page's pageviews and the visits that began on
 *   it leave the days and totals (unique visitors stay: a rollup cannot say whether a visitor
 *   saw other pages). Including it again brings everything back.
 */

/** A report's queries run at most this many at a time: the report pool's size (REPORT_POOL_MAX). */
export const REPORT_QUERY_CONCURRENCY = 2;

const COMPLETED = sql.raw(COMPLETED_PROJECT_STATUSES.map((s) => `'${s}'`).join(", "));

/** A stored landing page ("/newport-web-design?utm_source=gmb") as the path visits are counted by. */
const landingPath = (column: SQL) => sql`nullif(split_part(split_part(${column}, '?', 1), '#', 1), '')`;

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);
const rows = async <T extends Row>(db: Database, query: SQL) => (await db.execute<T>(query)).rows;

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs the tasks at most `limit` at a time, in order, and answers their results in order. After
 * a failure no further task starts: the report has failed, its other queries would be wasted.
 */
export async function runAtMost<const T extends readonly (() => Promise<unknown>)[]>(
  limit: number,
  tasks: T,
): Promise<Results<T>> {
  const results: unknown[] = [];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < tasks.length) {
      const index = next++;
      try {
        results[index] = await tasks[index]!();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results as Results<T>;
}

/**
 * The days of the range without a rollup, each marked `closed` when the job would roll it up (a
 * finished day from the oldest raw row's day on); the others are today and days before any row.
 */
async function daysWithoutRollup(db: Database, from: string, to: string, now: Date) {
  return rows<{ day: string; closed: boolean }>(
    db,
    sql`with bounds as (select (min(created_at) at time zone ${site.timeZone})::date as first from analytics_events)
      select to_char(day, 'YYYY-MM-DD') as day, coalesce(day::date >= bounds.first and day::date <= ${lastClosedDay(now)}::date, false) as closed
      from generate_series(${from}::date, ${to}::date, interval '1 day') as range(day), bounds
      where not exists (select 1 from ${analyticsDaily} where ${analyticsDaily.day} = range.day::date)
      order by day`,
  );
}

/** The values the owner excluded of one kind (analytics_exclusions), as a subquery. */
const excluded = (kind: "path" | "referrer" | "utm_source") =>
  sql`(select value from analytics_exclusions where kind = ${kind})`;

type Figures<K extends string> = Record<K, number>;
interface PageLists extends Row {
  top_pages: ({ path: string } & Figures<"pageviews" | "visitors">)[] | null;
  engagement:
    | ({ path: string } & Figures<
        "views" | "avg_scroll" | "reached_75" | "time_30" | "time_60" | "time_120" | "time_300"
      >)[]
    | null;
  funnel: ({ landing_page: string } & Figures<"visits" | "leads" | "bookings" | "projects" | "completed">)[] | null;
}

/**
 * The three lists read from the pages' figures (top pages, scroll and time per page, the funnel
 * by landing page) in one statement, so those figures are summed (or, for days without a
 * rollup, computed from the raw rows) once, not three times. Each list keeps its SQL order.
 */
function pageListsQuery(pages: SQL, start: SQL, end: SQL): SQL {
  return sql`
    with p as (
      select path, sum(pageviews) as pageviews, sum(visitors) as visitors, sum(entries) as entries,
        sum(scroll_total) as scroll_total, sum(scrolled_75) as reached_75, sum(stayed_30) as time_30,
        sum(stayed_60) as time_60, sum(stayed_120) as time_120, sum(stayed_300) as time_300
      from (${pages}) as page_rows where path not in ${excluded("path")} group by path
    ),
    top as (select path, pageviews, visitors from p order by pageviews desc, path limit ${TOP_LIMIT}),
    engagement as (
      -- The average of each view's deepest milestone: their sum over the number of views.
      select path, visitors as views, round(scroll_total::numeric / nullif(visitors, 0))::int as avg_scroll,
        reached_75, time_30, time_60, time_120, time_300
      from p order by views desc, path limit ${TOP_LIMIT}
    ),
    lead_landings as (
      select ${landingPath(sql`landing_page`)} as landing, count(*) as leads from contacts
      where landing_page is not null and visit_counted and created_at >= ${start} and created_at < ${end} group by 1
    ),
    project_landings as (
      select ${landingPath(sql`landing_page`)} as landing, count(*) as projects,
        count(*) filter (where status in (${COMPLETED})) as completed
      from projects where landing_page is not null and visit_counted and created_at >= ${start} and created_at < ${end} group by 1
    ),
    booking_landings as (
      select ${landingPath(sql`landing_page`)} as landing, count(*) as bookings
      from bookings where landing_page is not null and visit_counted and created_at >= ${start} and created_at < ${end} group by 1
    ),
    funnel as (
      select landing as landing_page, coalesce(visits, 0) as visits, coalesce(leads, 0) as leads,
        coalesce(bookings, 0) as bookings, coalesce(projects, 0) as projects, coalesce(completed, 0) as completed
      from (select path as landing, entries as visits from p where entries > 0) as visit_landings
        full join lead_landings using (landing) full join booking_landings using (landing)
        full join project_landings using (landing)
      where landing is not null and landing not in ${excluded("path")}
      order by leads desc, projects desc, visits desc, landing limit 100
    )
    select
      (select json_agg(top order by pageviews desc, path) from top) as top_pages,
      (select json_agg(engagement order by views desc, path) from engagement) as engagement,
      (select json_agg(funnel order by leads desc, projects desc, visits desc, landing_page) from funnel) as funnel`;
}

/**
 * How long a report rolls up the finished days of its range that have none (after an upgrade or an
 * import, before the job has reached them) before it answers with the rest pending: half a second,
 * so the report answers within a second however many days are missing; the screen asks again
 * while days are pending, and the job, started seconds after the app, fills the newest first.
 */
export const REPORT_FILL_BUDGET_MS = 500;

export interface ReportOptions {
  now?: Date;
  /** See REPORT_FILL_BUDGET_MS. */
  fillBudgetMs?: number;
  /**
   * Where the days without a rollup are rolled up: the main pool, as the job does (unset: `db`).
   * Rollup writes take turns under one lock (analytics-rollups.ts), so this is one connection at
   * a time however many reports ask, and at the visitors' priority: on the reports' pool, at the
   * lowest one, a busy machine left the batches, and the job waiting behind them, without a core.
   */
  fillDb?: Database;
}

export async function analyticsReport(
  db: Database,
  from: string,
  to: string,
  { now = new Date(), fillBudgetMs = REPORT_FILL_BUDGET_MS, fillDb = db }: ReportOptions = {},
): Promise<AnalyticsReport> {
  const started = Date.now();
  const [missing, exclusions] = await runAtMost(REPORT_QUERY_CONCURRENCY, [
    () => daysWithoutRollup(db, from, to, now),
    () => listExclusions(db),
  ]);
  // The finished days without a rollup are rolled up now, in bounded batches (decision 049):
  // computed from their raw rows, a year of them would outlast the statement timeout. Those the
  // budget leaves are pending: left out of this answer's figures, and said so.
  const closed = missing.filter((m) => m.closed).map((m) => m.day);
  const rolled = new Set(
    closed.length > 0 ? await fillMissingDays(fillDb, closed, started + fillBudgetMs, { forReport: true }) : [],
  );
  const unrolled = missing.filter((m) => !rolled.has(m.day));
  const pendingDays = unrolled.filter((m) => m.closed).length;
  const rawDays = unrolled.filter((m) => !m.closed).map((m) => m.day);
  const live = rawDays.length > 0 ? factsFromRaw(spansOf(rawDays)) : undefined;
  // The days read from the rollups are exactly those that had one a moment ago or were rolled up
  // here: one the job fills meanwhile is still read from its raw rows (or left pending), never
  // counted twice.
  const missingDays = daysArray(unrolled.map((m) => m.day));
  /** A rollup table's rows for the range, and the same columns from the raw rows of the days without one. */
  const facts = (table: string, columns: string, raw: SQL | undefined) => sql`
    select ${sql.raw(columns)} from ${sql.identifier(table)}
    where day between ${from}::date and ${to}::date and day <> all(${missingDays}::date[])
    ${raw ? sql`union all select ${sql.raw(columns)} from (${raw}) as raw` : sql``}`;
  const pages = facts(
    "analytics_daily_pages",
    "path, pageviews, visitors, entries, scroll_total, scrolled_75, stayed_30, stayed_60, stayed_120, stayed_300",
    live?.pages,
  );
  const start = startOfDay(from);
  const end = endOfDay(to);
  // The pageviews and visits of excluded pages, per day, to take out of the days' figures.
  const excludedPages = exclusions.some((e) => e.kind === "path")
    ? sql`select day, sum(pageviews) as pageviews, sum(entries) as visits
        from (${facts("analytics_daily_pages", "day, path, pageviews, entries", live?.pages)}) as page_rows
        where path in ${excluded("path")} group by day`
    : sql`select null::date as day, 0 as pageviews, 0 as visits where false`;

  const [days, totals, pageLists, referrers, utmSources, events] = await runAtMost(REPORT_QUERY_CONCURRENCY, [
    () =>
      rows<{ day: string; pageviews: number; visits: number; visitors: number; kept_out: number }>(
        db,
        sql`with d as (${facts("analytics_daily", "day, pageviews, visits, visitors", live?.daily)}),
          x as (${excludedPages}),
          range as (select ${from}::date + i as day from generate_series(0, ${to}::date - ${from}::date) as i)
        select to_char(range.day, 'YYYY-MM-DD') as day,
          coalesce(sum(d.pageviews), 0) - coalesce(sum(x.pageviews), 0) as pageviews,
          coalesce(sum(d.visits), 0) - coalesce(sum(x.visits), 0) as visits, coalesce(sum(d.visitors), 0) as visitors,
          (select coalesce(sum(k.over_cap::bigint + k.spam_referrer), 0) from analytics_kept_out k where k.day = range.day)
            as kept_out
        from range left join d on d.day = range.day left join x on x.day = range.day
        group by range.day order by range.day`,
      ),
    () =>
      rows<{
        leads: number;
        leads_without_consent: number;
        projects: number;
        completed_projects: number;
        over_cap: number;
        spam_referrer: number;
      }>(
        db,
        sql`select
          (select coalesce(sum(over_cap), 0) from analytics_kept_out where day between ${from}::date and ${to}::date) as over_cap,
          (select coalesce(sum(spam_referrer), 0) from analytics_kept_out where day between ${from}::date and ${to}::date)
            as spam_referrer,
          (select count(*) from contacts where landing_page is not null and created_at >= ${start} and created_at < ${end}) as leads,
          (select count(*) from contacts where landing_page is not null and visit_counted is not true
            and created_at >= ${start} and created_at < ${end}) as leads_without_consent,
          (select count(*) from projects where landing_page is not null and created_at >= ${start} and created_at < ${end}) as projects,
          (select count(*) from projects where landing_page is not null and created_at >= ${start} and created_at < ${end}
            and status in (${COMPLETED})) as completed_projects`,
      ),
    () => rows<PageLists>(db, pageListsQuery(pages, start, end)),
    () =>
      rows<{ host: string; visits: number }>(
        db,
        sql`select host, sum(visits) as visits from (${facts("analytics_daily_referrers", "host, visits", live?.referrers)}) as r
        where host not in ${excluded("referrer")}
        group by host order by visits desc, host limit ${TOP_LIMIT}`,
      ),
    () =>
      rows<{ source: string; medium: string | null; visits: number }>(
        db,
        sql`select source, medium, sum(visits) as visits
        from (${facts("analytics_daily_utm", "source, medium, visits", live?.utm)}) as u
        where source not in ${excluded("utm_source")}
        group by source, medium order by visits desc, source, medium nulls first limit ${TOP_LIMIT}`,
      ),
    () =>
      rows<{ name: string; count: number }>(
        db,
        sql`select name, sum(count) as count from (${facts("analytics_daily_events", "name, count", live?.events)}) as e
        group by name order by count desc, name`,
      ),
  ]);
  const { top_pages: topPages, engagement, funnel } = pageLists[0] ?? {};

  return {
    from,
    to,
    time_zone: site.timeZone,
    pending_days: pendingDays,
    totals: {
      pageviews: days.reduce((sum, d) => sum + n(d.pageviews), 0),
      visits: days.reduce((sum, d) => sum + n(d.visits), 0),
      visitors: days.reduce((sum, d) => sum + n(d.visitors), 0),
      leads: n(totals[0]?.leads),
      leads_without_consent: n(totals[0]?.leads_without_consent),
      projects: n(totals[0]?.projects),
      completed_projects: n(totals[0]?.completed_projects),
    },
    days: days.map((d) => ({
      day: d.day,
      pageviews: n(d.pageviews),
      visits: n(d.visits),
      visitors: n(d.visitors),
      kept_out: n(d.kept_out),
    })),
    top_pages: (topPages ?? []).map((p) => ({ path: p.path, pageviews: n(p.pageviews), visitors: n(p.visitors) })),
    referrers: referrers.map((r) => ({ host: r.host, visits: n(r.visits) })),
    utm_sources: utmSources.map((u) => ({ source: u.source, medium: u.medium, visits: n(u.visits) })),
    engagement: (engagement ?? []).map((e) => ({
      path: e.path,
      views: n(e.views),
      avg_scroll: n(e.avg_scroll),
      reached_75: n(e.reached_75),
      time_30: n(e.time_30),
      time_60: n(e.time_60),
      time_120: n(e.time_120),
      time_300: n(e.time_300),
    })),
    events: events.map((e) => ({ name: e.name, count: n(e.count) })),
    kept_out: { over_cap: n(totals[0]?.over_cap), spam_referrer: n(totals[0]?.spam_referrer) },
    exclusions,
    funnel: (funnel ?? []).map((f) => ({
      landing_page: f.landing_page,
      visits: n(f.visits),
      leads: n(f.leads),
      bookings: n(f.bookings),
      projects: n(f.projects),
      completed: n(f.completed),
    })),
  };
}

import { sql, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import { COMPLETED_PROJECT_STATUSES } from "~/contracts/projects";
import { TOP_LIMIT, type AnalyticsReport } from "~/contracts/analytics-report";
import type { Database } from "../../server/db/client";

/**
 * The report as it was computed before the daily rollups (docs/decisions/031-analytics-rollups.md),
 * kept word for word as the reference the rollups are checked against and timed against: every
 * figure from the raw rows of the range, 8 queries at once, four of them grouping every pageview
 * of the range into visits. On real rows (a visitor's hash changes every day) it gives the same
 * report as server/services/analytics/report.ts. It predates the owner's exclusions and the counts
 * of pageviews kept out (docs/decisions/033-analytics-flood.md): it reads the counts as they are
 * stored, and refuses to compare a database with exclusions, whose lists it would not filter.
 */

/** A pause longer than this starts a new visit (the usual web-analytics convention). */
const VISIT_GAP_MINUTES = 30;

const COMPLETED = sql.raw(COMPLETED_PROJECT_STATUSES.map((s) => `'${s}'`).join(", "));

/** Start (inclusive) and end (exclusive) of the range, midnight to midnight in the business's time zone. */
function bounds(from: string, to: string): { start: SQL; end: SQL } {
  const tz = site.timeZone;
  return {
    start: sql`((${from}::date)::timestamp at time zone ${tz})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${tz})`,
  };
}

/** The pageviews of the range and the visits they make, as CTEs for the queries below. */
function visitCtes(start: SQL, end: SQL) {
  return sql`
    pv as (
      select visitor, path, referrer_host, utm_source, utm_medium, entry, created_at,
        lag(created_at) over (partition by visitor order by created_at, id) as previous_at
      from analytics_events
      where kind = 'pageview' and created_at >= ${start} and created_at < ${end}
    ),
    visits as (
      select visitor, path as landing, referrer_host, utm_source, utm_medium, created_at
      from pv
      where entry or previous_at is null
        or created_at - previous_at > make_interval(mins => ${VISIT_GAP_MINUTES})
    )`;
}

/** A stored landing page ("/newport-web-design?utm_source=gmb") as the path visits are counted by. */
const landingPath = (column: SQL) => sql`nullif(split_part(split_part(${column}, '?', 1), '#', 1), '')`;

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);
const rows = async <T extends Row>(db: Database, query: SQL) => (await db.execute<T>(query)).rows;

export async function legacyAnalyticsReport(db: Database, from: string, to: string): Promise<AnalyticsReport> {
  const tz = site.timeZone;
  const { start, end } = bounds(from, to);
  const localDay = sql`(created_at at time zone ${tz})::date`;

  const [days, totals, topPages, referrers, utmSources, engagement, events, funnel] = await Promise.all([
    rows<{ day: string; pageviews: number; visits: number; visitors: number; kept_out: number }>(
      db,
      sql`with ${visitCtes(start, end)},
        range as (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day),
        views as (select ${localDay} as day, count(*) as pageviews, count(distinct visitor) as visitors from pv group by 1),
        visit_days as (select ${localDay} as day, count(*) as visits from visits group by 1)
      select to_char(range.day, 'YYYY-MM-DD') as day, coalesce(views.pageviews, 0) as pageviews,
        coalesce(visit_days.visits, 0) as visits, coalesce(views.visitors, 0) as visitors,
        coalesce((select over_cap + spam_referrer from analytics_kept_out k where k.day = range.day), 0) as kept_out
      from range left join views using (day) left join visit_days using (day)
      order by range.day`,
    ),
    rows<{ leads: number; leads_without_consent: number; projects: number; completed_projects: number }>(
      db,
      sql`select
        (select count(*) from contacts where landing_page is not null and created_at >= ${start} and created_at < ${end}) as leads,
        (select count(*) from contacts where landing_page is not null and visit_counted is not true
          and created_at >= ${start} and created_at < ${end}) as leads_without_consent,
        (select count(*) from projects where landing_page is not null and created_at >= ${start} and created_at < ${end}) as projects,
        (select count(*) from projects where landing_page is not null and created_at >= ${start} and created_at < ${end}
          and status in (${COMPLETED})) as completed_projects`,
    ),
    rows<{ path: string; pageviews: number; visitors: number }>(
      db,
      sql`select path, count(*) as pageviews, count(distinct visitor) as visitors
      from analytics_events
      where kind = 'pageview' and created_at >= ${start} and created_at < ${end}
      group by path order by pageviews desc, path limit ${TOP_LIMIT}`,
    ),
    rows<{ host: string; visits: number }>(
      db,
      sql`with ${visitCtes(start, end)}
      select referrer_host as host, count(*) as visits from visits where referrer_host is not null
      group by referrer_host order by visits desc, host limit ${TOP_LIMIT}`,
    ),
    rows<{ source: string; medium: string | null; visits: number }>(
      db,
      sql`with ${visitCtes(start, end)}
      select utm_source as source, utm_medium as medium, count(*) as visits from visits where utm_source is not null
      group by utm_source, utm_medium order by visits desc, source, medium nulls first limit ${TOP_LIMIT}`,
    ),
    rows<{
      path: string;
      views: number;
      avg_scroll: number;
      reached_75: number;
      time_30: number;
      time_60: number;
      time_120: number;
      time_300: number;
    }>(
      db,
      sql`with seen as (
        select path, visitor from analytics_events
        where kind = 'pageview' and created_at >= ${start} and created_at < ${end} group by path, visitor
      ),
      depth as (
        select path, visitor, max(scroll_depth) as depth from analytics_events
        where kind = 'scroll' and created_at >= ${start} and created_at < ${end} group by path, visitor
      ),
      stay as (
        select path, visitor, max(seconds) as seconds from analytics_events
        where kind = 'event' and name = 'time_on_page' and created_at >= ${start} and created_at < ${end}
        group by path, visitor
      )
      select seen.path, count(*) as views, round(avg(coalesce(depth.depth, 0)))::int as avg_scroll,
        count(*) filter (where depth.depth >= 75) as reached_75,
        count(*) filter (where stay.seconds >= 30) as time_30,
        count(*) filter (where stay.seconds >= 60) as time_60,
        count(*) filter (where stay.seconds >= 120) as time_120,
        count(*) filter (where stay.seconds >= 300) as time_300
      from seen left join depth using (path, visitor) left join stay using (path, visitor)
      group by seen.path order by views desc, seen.path limit ${TOP_LIMIT}`,
    ),
    rows<{ name: string; count: number }>(
      db,
      sql`select name, count(*) as count from analytics_events
      where kind = 'event' and name <> 'time_on_page' and created_at >= ${start} and created_at < ${end}
      group by name order by count desc, name`,
    ),
    rows<{
      landing_page: string;
      visits: number;
      leads: number;
      bookings: number;
      projects: number;
      completed: number;
    }>(
      db,
      sql`with ${visitCtes(start, end)},
        visit_landings as (select landing, count(*) as visits from visits group by landing),
        lead_landings as (
          select ${landingPath(sql`landing_page`)} as landing, count(*) as leads from contacts
          where landing_page is not null and visit_counted and created_at >= ${start} and created_at < ${end} group by 1
        ),
        booking_landings as (
          select ${landingPath(sql`landing_page`)} as landing, count(*) as bookings from bookings
          where landing_page is not null and visit_counted and created_at >= ${start} and created_at < ${end} group by 1
        ),
        project_landings as (
          select ${landingPath(sql`landing_page`)} as landing, count(*) as projects,
            count(*) filter (where status in (${COMPLETED})) as completed
          from projects where landing_page is not null and visit_counted and created_at >= ${start} and created_at < ${end} group by 1
        )
      select landing as landing_page, coalesce(visits, 0) as visits, coalesce(leads, 0) as leads,
        coalesce(bookings, 0) as bookings, coalesce(projects, 0) as projects, coalesce(completed, 0) as completed
      from visit_landings full join lead_landings using (landing) full join booking_landings using (landing)
        full join project_landings using (landing)
      where landing is not null
      order by leads desc, projects desc, visits desc, landing limit 100`,
    ),
  ]);

  const [keptOut] = await rows<{ over_cap: number; spam_referrer: number; exclusions: number }>(
    db,
    sql`select coalesce(sum(over_cap), 0) as over_cap, coalesce(sum(spam_referrer), 0) as spam_referrer,
      (select count(*) from analytics_exclusions) as exclusions
    from analytics_kept_out where day between ${from}::date and ${to}::date`,
  );
  if (n(keptOut?.exclusions) > 0) throw new Error("the legacy report predates exclusions: compare without any");

  const visitorsTotal = days.reduce((sum, d) => sum + n(d.visitors), 0);
  return {
    from,
    to,
    time_zone: tz,
    pending_days: 0,
    totals: {
      pageviews: days.reduce((sum, d) => sum + n(d.pageviews), 0),
      visits: days.reduce((sum, d) => sum + n(d.visits), 0),
      visitors: visitorsTotal,
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
    top_pages: topPages.map((p) => ({ path: p.path, pageviews: n(p.pageviews), visitors: n(p.visitors) })),
    referrers: referrers.map((r) => ({ host: r.host, visits: n(r.visits) })),
    utm_sources: utmSources.map((u) => ({ source: u.source, medium: u.medium, visits: n(u.visits) })),
    engagement: engagement.map((e) => ({
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
    kept_out: { over_cap: n(keptOut?.over_cap), spam_referrer: n(keptOut?.spam_referrer) },
    exclusions: [],
    funnel: funnel.map((f) => ({
      landing_page: f.landing_page,
      visits: n(f.visits),
      leads: n(f.leads),
      bookings: n(f.bookings),
      projects: n(f.projects),
      completed: n(f.completed),
    })),
  };
}

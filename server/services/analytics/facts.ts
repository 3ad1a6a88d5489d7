import { sql, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import { addDays } from "~/contracts/analytics-days";

/**
 * The figures of each day, computed from the raw rows (analytics_events), in the very shape of
 * the rollup tables (server/db/schema/analytics-rollups.ts): the rollup job inserts them for a
 * day that closed, and a report reads them for the days that have no rollup yet (today, or days
 * the job has not reached), so both count alike (docs/decisions/031-analytics-rollups.md).
 *
 * - A visit begins with a pageview that came from another site or from nowhere (not from one of
 *   the site's own pages), or after a pause over 30 minutes; it brings the landing page, the
 *   referrer and the UTM tags of that first pageview. Visitors from one address and browser
 *   share a hash, so a pause is the only other sign of a new visit.
 * - A visit belongs to the day it began: the pause is measured against the visitor's previous
 *   pageview even when that one fell before midnight, so the pages of a visit that runs past
 *   midnight count as the next day's pageviews but start no visit there. (A real visitor's
 *   hash changes at midnight with the day's salt, so in practice they begin a new visit.)
 * - Visitors are told apart within a day only: the day's visitors, and per page the visitors
 *   who saw it that day (the engagement table's "views").
 */

/** A pause longer than this starts a new visit (the usual web-analytics convention). */
export const VISIT_GAP_MINUTES = 30;

/** Consecutive days, first and last included (YYYY-MM-DD, the business's time zone). */
export interface DaySpan {
  first: string;
  last: string;
}

/** Days (YYYY-MM-DD, in order) as runs of consecutive days, each at most `maxDays` long. */
export function spansOf(days: readonly string[], maxDays = Infinity): DaySpan[] {
  const spans: DaySpan[] = [];
  let length = 0;
  for (const day of days) {
    const last = spans.at(-1);
    if (last && length < maxDays && addDays(last.last, 1) === day) {
      last.last = day;
      length++;
    } else {
      spans.push({ first: day, last: day });
      length = 1;
    }
  }
  return spans;
}

const tz = () => site.timeZone;
/** Local midnight at the start of `day`, and at its end: a day may last 23 or 25 hours. */
export const startOfDay = (day: string) => sql`((${day}::date)::timestamp at time zone ${tz()})`;
export const endOfDay = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${tz()})`;
const localDay = sql`(created_at at time zone ${tz()})::date`;

/** Rows created within the spans; `lookBack` reaches a pause's length before each span begins. */
function within(spans: readonly DaySpan[], lookBack = false): SQL {
  const back = lookBack ? sql` - make_interval(mins => ${VISIT_GAP_MINUTES})` : sql``;
  const each = spans.map(
    (s) => sql`(created_at >= ${startOfDay(s.first)}${back} and created_at < ${endOfDay(s.last)})`,
  );
  return sql`(${sql.join(each, sql` or `)})`;
}

/** The spans' pageviews (`views`), each marked when it starts a visit, as CTEs. */
function viewCtes(spans: readonly DaySpan[]): SQL {
  return sql`
    pv as (
      select id, visitor, path, referrer_host, utm_source, utm_medium, utm_campaign, entry, created_at,
        lag(created_at) over (partition by visitor order by created_at, id) as previous_at
      from analytics_events
      where kind = 'pageview' and ${within(spans, true)}
    ),
    views as (
      select ${localDay} as day, visitor, path, referrer_host, utm_source, utm_medium, utm_campaign,
        (entry or previous_at is null or created_at - previous_at > make_interval(mins => ${VISIT_GAP_MINUTES}))
          as starts_visit
      from pv
      where ${within(spans)}
    )`;
}

/**
 * Per day, page and visitor who saw the page: their pageviews, the visits they began there, and
 * their deepest scroll and longest time on it. One aggregate over the three kinds of rows rather
 * than joins: the planner cannot foresee how many pairs there are (it guesses one, and a nested
 * loop over a month of pairs takes seconds).
 */
const pairCtes = (spans: readonly DaySpan[]) => sql`
  marks as (
    select day, path, visitor, 1 as pageviews, starts_visit::int as entries, null::smallint as depth,
      null::smallint as seconds
    from views
    union all
    select ${localDay}, path, visitor, 0, 0, scroll_depth, null
    from analytics_events where kind = 'scroll' and ${within(spans)}
    union all
    select ${localDay}, path, visitor, 0, 0, null, seconds
    from analytics_events where kind = 'event' and name = 'time_on_page' and ${within(spans)}
  ),
  seen as (
    select day, path, sum(pageviews) as pageviews, sum(entries) as entries, max(depth) as depth,
      max(seconds) as seconds
    from marks group by day, path, visitor
    having sum(pageviews) > 0
  )`;

/**
 * The spans' pageviews, each marked when it starts a visit, as one SELECT: the rollups write it
 * to a table of the transaction once and read it four times (analytics-rollups.ts), rather than
 * sort every pageview of the batch by visitor four times.
 */
export const viewsFromRaw = (spans: readonly DaySpan[]) => sql`with ${viewCtes(spans)} select * from views`;

/**
 * One SELECT per rollup table for the days of `spans`, each giving that table's columns in its
 * order (day first). A day without rows gives no row (the job writes its zeros itself). With
 * `viewsTable`, the pageviews are read from that table (viewsFromRaw's rows) instead.
 */
export function factsFromRaw(spans: readonly DaySpan[], viewsTable?: string) {
  const views = viewsTable ? sql`views as (select * from ${sql.identifier(viewsTable)})` : viewCtes(spans);
  return {
    daily: sql`with ${views}
      select day, count(*)::int as pageviews, count(*) filter (where starts_visit)::int as visits,
        count(distinct visitor)::int as visitors
      from views group by day`,
    pages: sql`with ${views}, ${pairCtes(spans)}
      select day, path, sum(pageviews)::int as pageviews, count(*)::int as visitors, sum(entries)::int as entries,
        coalesce(sum(depth), 0)::int as scroll_total,
        count(*) filter (where depth >= 75)::int as scrolled_75,
        count(*) filter (where seconds >= 30)::int as stayed_30,
        count(*) filter (where seconds >= 60)::int as stayed_60,
        count(*) filter (where seconds >= 120)::int as stayed_120,
        count(*) filter (where seconds >= 300)::int as stayed_300
      from seen group by day, path`,
    referrers: sql`with ${views}
      select day, referrer_host as host, count(*)::int as visits
      from views where starts_visit and referrer_host is not null group by 1, 2`,
    utm: sql`with ${views}
      select day, utm_source as source, utm_medium as medium, utm_campaign as campaign, count(*)::int as visits
      from views where starts_visit and utm_source is not null group by 1, 2, 3, 4`,
    events: sql`
      select ${localDay} as day, name, count(*)::int as count
      from analytics_events
      where kind = 'event' and name <> 'time_on_page' and ${within(spans)}
      group by 1, 2`,
  };
}

export type RawFacts = ReturnType<typeof factsFromRaw>;

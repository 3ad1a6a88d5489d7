import { SCROLL_MILESTONES, TIME_MILESTONES_S } from "~/contracts/analytics-events";
import { browsingHour, createCalendar, momentOf, shareOfDays } from "./calendar";
import type { SeedContext } from "./context";
import { pageEvent } from "./analytics-events";
import { channels, type SitePages } from "./pages";
import { base64urlId, weighted } from "./sql";

/**
 * Two years of visit counting (analytics_events; docs/decisions/024-analytics.md), as the app
 * records it: each day's pageviews (exactly `pageviews` in all) grouped into visits of a
 * visitor hash of that day; a visit's first pageview is its entry, with the referrer's host or
 * UTM tags when it had them, and its next pages follow within minutes; each page may bring its
 * deepest scroll milestone, its time-on-page milestones and an event. Written a few weeks of
 * days per statement, in time order, so memory stays flat at any N.
 */

/** A visit's pages: most visits are one page (bounces); the rest share the extra pageviews. */
const BOUNCE_RATE = 0.42;
/** The share of visits by someone who already came that day (same address and browser). */
const RETURN_RATE = 0.1;
/** Pageviews per visit, about (the rest of a day's pageviews go to the visits that go on). */
const PAGES_PER_VISIT = 2.4;
/** The deepest milestone a page was scrolled to (0: not even 25 %), capture.ts's milestones. */
const depths = weighted(
  [
    [0, 30],
    [SCROLL_MILESTONES[0], 20],
    [SCROLL_MILESTONES[1], 18],
    [SCROLL_MILESTONES[2], 16],
    [SCROLL_MILESTONES[3], 16],
  ] as const,
  "int",
);
/** The longest time-on-page milestone reached (0: under 30 s). */
const stays = weighted(
  [
    [0, 50],
    [TIME_MILESTONES_S[0], 22],
    [TIME_MILESTONES_S[1], 14],
    [TIME_MILESTONES_S[2], 9],
    [TIME_MILESTONES_S[3], 5],
  ] as const,
  "int",
);
/** Pageviews per statement, about: a few weeks of days (memory stays flat at any N). */
const CHUNK_PAGEVIEWS = 150_000;

export interface AnalyticsCounts {
  pageviews: number;
  visits: number;
  scrolls: number;
  events: number;
}

/**
 * One worker's share (workers.ts): the days are cut into chunks of about equal pageviews, and
 * worker w writes chunks w, w + workers, ... Each worker draws the same seed_days and
 * seed_traffic in its own session, so the split changes nothing in the data.
 */
export async function writeAnalytics(
  ctx: SeedContext,
  plan: { pageviews: number; pages: SitePages; firstId: number },
  worker: number,
  workers: number,
  wanted: () => boolean = () => true,
): Promise<AnalyticsCounts> {
  const chunks = Math.ceil(Math.max(1, plan.pageviews / CHUNK_PAGEVIEWS) / workers) * workers;
  await createCalendar(ctx);
  await ctx.exec(`create temp table seed_traffic on commit drop as
    select d, starts, span_s, k0 as p0, k1 - k0 as pageviews, floor(k0 * ${chunks}.0 / ${Math.max(1, plan.pageviews)})::int as chunk,
      least(k1 - k0, greatest(case when k1 > k0 then 1 else 0 end,
        round((k1 - k0) / (${PAGES_PER_VISIT - 0.2} + 0.4 * ${ctx.r("d", "traffic.depth")}))))::int as visits
    from ${shareOfDays(plan.pageviews, "web")} s`);
  for (let c = worker; c < chunks; c += workers) {
    if (!wanted()) throw new Error("the seed stopped: its main transaction failed");
    await ctx.exec(chunk(ctx, plan.pages, c));
  }
  // In this transaction, rows from firstId on are this worker's (the others' are not committed yet).
  const { rows } = await ctx.exec(
    `select kind, count(*) as n from analytics_events where id >= ${plan.firstId} group by kind`,
  );
  const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.n ?? 0);
  const visits = await ctx.exec(
    `select coalesce(sum(visits), 0) as n from seed_traffic where chunk % ${workers} = ${worker}`,
  );
  return {
    pageviews: of("pageview"),
    visits: Number(visits.rows[0]?.n ?? 0),
    scrolls: of("scroll"),
    events: of("event"),
  };
}

function chunk(ctx: SeedContext, pages: SitePages, n: number): string {
  const v = (name: string) => ctx.r("vkey", name);
  const p = (name: string) => ctx.r("pkey", name);
  const now = ctx.nowSql;
  const nullable = (list: typeof channels.host) => `nullif(${list.at("ch")}, '')`;
  return `insert into analytics_events (kind, name, path, visitor, referrer_host, entry, utm_source, utm_medium,
      utm_campaign, scroll_depth, seconds, props, created_at)
    with visits as (
      select t.d, t.starts, t.span_s, t.pageviews, t.visits, g.n as vn, t.p0 + g.n as vkey,
        case when ${ctx.r("t.p0 + g.n", "visit.bounce")} < ${BOUNCE_RATE} then 0
          else -ln(1 - ${ctx.r("t.p0 + g.n", "visit.depth")}) end + 1e-9 as w
      from seed_traffic t cross join lateral generate_series(0, t.visits - 1) as g(n)
      where t.chunk = ${n}
    ), sized as (
      -- a day's pageviews beyond one per visit, shared by weight (ranges() of sql.ts, per day)
      select v.*, case when row_number() over (partition by d order by vn desc) = 1 then pageviews - visits
        else floor((pageviews - visits) * sum(w) over (partition by d order by vn rows unbounded preceding)
          / sum(w) over (partition by d))::int8 end as e1
      from visits v
    ), paged as (
      select s.*, 1 + e1 - coalesce(lag(e1) over (partition by d order by vn), 0) as pages,
        ${momentOf(browsingHour(v("visit.h1"), v("visit.h2"), v("visit.h3")))} as begins,
        -- a visitor of the day: most visits are their visitor's only one that day, one in ten comes back
        ${base64urlId(`'visitor:${ctx.run}:' || d || ':' || (case when ${v("visit.again")} < ${RETURN_RATE} then floor(${v("visit.who")} * vn)::int8 else vn end)`)}
          as visitor,
        ${pages.entry.pick(v("visit.landing"))} as landing, ${channels.index.pick(v("visit.channel"))} as ch
      from sized s
    ), views as (
      select pg.*, g.n as pn, pg.vkey * 1024 + g.n as pkey
      from paged pg cross join lateral generate_series(0, pg.pages - 1) as g(n)
    ), drawn as (
      select vw.*, case when pn = 0 then landing else ${pages.next.pick(p("view.next"))} end as path,
        ${stays.pick(p("view.stay"))} as stayed, ${depths.pick(p("view.depth"))} as depth, ${p("view.event")} as u
      from views vw
    ), timed as (
      select dr.*, least(${now}, begins + coalesce(sum(dwell) over (partition by vkey order by pn
          rows between unbounded preceding and 1 preceding), 0) * interval '1 second') as at
      from (select drawn.*, case when stayed = 0 then 8 + 21 * ${p("view.dwell")}
          else stayed + 3 + 40 * ${p("view.dwell")} end as dwell from drawn) dr
    ), evented as (
      select timed.*, e.event_name, e.props as event_props from timed
      cross join lateral (select ${pageEvent("path", "u", p("view.what"))}) e
    )
    select * from (
      select 'pageview', null, path, visitor, case when pn = 0 then ${nullable(channels.host)} end, pn = 0,
        case when pn = 0 then ${nullable(channels.source)} end, case when pn = 0 then ${nullable(channels.medium)} end,
        case when pn = 0 then ${nullable(channels.campaign)} end, null::int2, null::int2, null::jsonb, at as created_at
      from evented
      union all
      select 'scroll', null, path, visitor, null, false, null, null, null, depth, null, null,
        least(${now}, at + dwell * (0.3 + 0.6 * ${p("view.scrolled")}) * interval '1 second')
      from evented where depth > 0
      union all
      select 'event', 'time_on_page', path, visitor, null, false, null, null, null, null, m, null,
        least(${now}, at + m * interval '1 second')
      from evented cross join lateral unnest(array[${TIME_MILESTONES_S.join(", ")}]) as m where m <= stayed
      union all
      select 'event', event_name, path, visitor, null, false, null, null, null, null, null, event_props,
        least(${now}, at + dwell * ${p("view.clicked")} * interval '1 second')
      from evented where event_name is not null
    ) rows
    order by created_at`;
}

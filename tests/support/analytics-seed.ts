import { sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { Database } from "../../server/db/client";

/**
 * Many analytics rows made by PostgreSQL itself (generate_series), shaped like real ones: a
 * visitor's hash carries the day, as the daily salt makes it (server/services/analytics/ingest.ts);
 * runs of pageviews by one visitor, with pauses under and over 30 minutes; arrivals from other
 * sites and with UTM tags; scrolls, time on page and events on the pages viewed. The same input
 * gives the same rows, so two databases seeded alike hold the same figures.
 */

const PATHS = [
  "/",
  "/services",
  "/pricing",
  "/about",
  "/contact",
  "/start-project",
  "/blog",
  "/portfolio",
  "/faq",
  ...["newport", "providence", "warwick", "cranston", "pawtucket", "bristol", "westerly"].map(
    (c) => `/${c}-web-design`,
  ),
  ...["restaurants", "contractors", "salons", "lawyers", "dentists", "retail"].map((i) => `/web-design-for-${i}`),
  "/blog/local-seo",
  "/blog/site-speed",
  "/blog/what-a-website-costs",
];
const HOSTS = ["google.com", "bing.com", "facebook.com", "duckduckgo.com", "instagram.com", "yelp.com"];
const SOURCES = ["gmb", "newsletter", "facebook", "flyer"];
const MEDIUMS = ["organic", "email", "cpc"];
const EVENTS = ["email_click", "phone_click", "chat_open", "project_submission", "claim"];

const list = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(",")}}`;

export interface SeedOptions {
  /** How many rows (about 60 % pageviews, 20 % scrolls, 10 % time on page, 10 % other events). */
  rows: number;
  /** The newest row's time; the others go back from it, evenly spaced. */
  end: Date;
  /** The oldest row's time. */
  start: Date;
  /** Visitors per day who share the rows (fewer: more pageviews each, shorter pauses). */
  visitorsPerDay?: number;
}

export async function seedRealisticAnalytics(db: Database, options: SeedOptions): Promise<void> {
  const stepMs = (options.end.getTime() - options.start.getTime()) / Math.max(1, options.rows - 1);
  const visitors = options.visitorsPerDay ?? 40;
  await db.execute(sql`
    insert into analytics_events (kind, name, path, visitor, referrer_host, entry, utm_source, utm_medium,
      utm_campaign, scroll_depth, seconds, created_at)
    select
      case when k < 6 then 'pageview' when k < 8 then 'scroll' else 'event' end,
      case when k = 8 then 'time_on_page' when k = 9 then (${list(EVENTS)}::text[])[1 + h % ${EVENTS.length}] end,
      -- Two rows in a row share a page: a pageview and its scroll or time.
      (${list(PATHS)}::text[])[1 + abs(hashtext((i / 2)::text)) % ${PATHS.length}],
      -- Four rows in a row share a visitor, whose hash is the day's.
      'v' || abs(hashtext((i / 4)::text)) % ${visitors} || '@' || to_char((at at time zone ${site.timeZone})::date, 'YYYYMMDD'),
      case when arrives and h % 2 = 0 then (${list(HOSTS)}::text[])[1 + (h / 7) % ${HOSTS.length}] end,
      arrives,
      case when arrives and h % 5 = 0 then (${list(SOURCES)}::text[])[1 + (h / 11) % ${SOURCES.length}] end,
      case when arrives and h % 5 = 0 and (h / 17) % 3 > 0 then (${list(MEDIUMS)}::text[])[1 + (h / 13) % ${MEDIUMS.length}] end,
      case when arrives and h % 5 = 0 and (h / 19) % 4 = 0 then 'fall-' || (h / 23) % 3 end,
      case when k in (6, 7) then (array[25, 50, 75, 90])[1 + h % 4] end,
      case when k = 8 then (array[30, 60, 120, 300])[1 + h % 4] end,
      at
    from (
      select i, h, k, k < 6 and h % 3 = 0 as arrives,
        ${options.end.toISOString()}::timestamptz - make_interval(secs => (i - 1) * ${stepMs / 1000}::float8) as at
      from generate_series(1, ${options.rows}) as i,
        lateral (select abs(hashtext(i::text)) as h, abs(hashtext(i::text || 'k')) % 10 as k) as r
    ) as g`);
  // Statistics as autovacuum keeps them on a live database, so the planner plans as it would there.
  await db.execute(sql`analyze analytics_events`);
}

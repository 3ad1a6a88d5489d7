import { sql } from "drizzle-orm";
import { date, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The analytics of each finished day, summed once from analytics_events
 * (docs/decisions/031-analytics-rollups.md), so a report over any range is a SUM ... GROUP BY
 * over days rather than a pass over every raw row. Days are calendar days in the business's
 * time zone. A row in analytics_daily marks its day as rolled up, a day without visits too;
 * the other tables hold that day's rows and go with it (on delete cascade), so re-rolling a
 * day is one delete and one insert per table in a transaction.
 *
 * No visitor hash is kept here, nor anything else that tells one visitor from another: these
 * rows outlive the raw rows' two years and are kept as the site's history.
 */

const dayColumn = () =>
  date("day", { mode: "string" })
    .notNull()
    .references(() => analyticsDaily.day, { onDelete: "cascade" });
const countColumn = (name: string) => integer(name).notNull();

export const analyticsDaily = pgTable("analytics_daily", {
  day: date("day", { mode: "string" }).primaryKey(),
  pageviews: countColumn("pageviews"),
  /** Visits that began this day (a visit that runs past midnight belongs to the day it began). */
  visits: countColumn("visits"),
  /** Visitors told apart this day (the hash's salt is the day's): a range adds them up. */
  visitors: countColumn("visitors"),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per page: the top pages, scroll depth and time on page, and the visits that began on it (the
 * funnel's landing pages). A "view" of the engagement table is a visitor who saw the page that
 * day, which is `visitors`.
 */
export const analyticsDailyPages = pgTable(
  "analytics_daily_pages",
  {
    day: dayColumn(),
    path: text("path").notNull(),
    pageviews: countColumn("pageviews"),
    visitors: countColumn("visitors"),
    /** Visits that began on this page. */
    entries: countColumn("entries"),
    /** The sum of each visitor's deepest scroll milestone (0 when none), for the average. */
    scrollTotal: countColumn("scroll_total"),
    scrolled75: countColumn("scrolled_75"),
    stayed30: countColumn("stayed_30"),
    stayed60: countColumn("stayed_60"),
    stayed120: countColumn("stayed_120"),
    stayed300: countColumn("stayed_300"),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Visits that arrived from another site, by its host. */
export const analyticsDailyReferrers = pgTable(
  "analytics_daily_referrers",
  { day: dayColumn(), host: text("host").notNull(), visits: countColumn("visits") },
  (t) => [primaryKey({ columns: [t.day, t.host] })],
);

/** Visits whose first page carried utm_source, by source, medium and campaign. */
export const analyticsDailyUtm = pgTable(
  "analytics_daily_utm",
  {
    day: dayColumn(),
    source: text("source").notNull(),
    medium: text("medium"),
    campaign: text("campaign"),
    visits: countColumn("visits"),
  },
  // One row per tag set and day. Medium and campaign may be missing: a plain unique key would
  // let nulls repeat, and NULLS NOT DISTINCT needs PostgreSQL 15. An empty tag is never stored
  // (splitPath keeps null), so '' cannot collide with a real value.
  (t) => [
    uniqueIndex("analytics_daily_utm_key").on(
      t.day,
      t.source,
      sql`coalesce(${t.medium}, '')`,
      sql`coalesce(${t.campaign}, '')`,
    ),
  ],
);

/** The events the pages fire (time_on_page is in analytics_daily_pages). */
export const analyticsDailyEvents = pgTable(
  "analytics_daily_events",
  { day: dayColumn(), name: text("name").notNull(), count: countColumn("count") },
  (t) => [primaryKey({ columns: [t.day, t.name] })],
);

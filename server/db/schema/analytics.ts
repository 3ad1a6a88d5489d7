import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Visits counted with the visitor's consent (docs/product/consent-and-analytics.md "What is counted",
 * "On the server" and "Retention"; docs/decisions/024-analytics.md). No address and no cookie: `visitor`
 * is a hash of the address and browser under a salt of the day, so a visitor is told apart
 * from others within one day and cannot be followed from one day to the next. Rows older than
 * two years are purged.
 */
export const ANALYTICS_KINDS = ["pageview", "scroll", "event"] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

/** The event's own fields (project_id, link_url, ...), as the page sent them and the server cut them. */
export type AnalyticsProps = Record<string, string | number | boolean>;

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<AnalyticsKind>().notNull(),
    /** The event's name for kind 'event' (time_on_page, email_click, ...); null otherwise. */
    name: text("name"),
    /** The page's path, without its query. */
    path: text("path").notNull(),
    /** The daily visitor hash (base64url). */
    visitor: text("visitor").notNull(),
    /** The host of an outside referrer (pageviews only); null for a visit from the site itself or none. */
    referrerHost: text("referrer_host"),
    /**
     * A pageview that starts a visit: it came from another site or from nowhere (typed, a
     * bookmark), not from one of the site's own pages.
     */
    entry: boolean("entry").notNull().default(false),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** Percent of the page scrolled (kind 'scroll'). */
    scrollDepth: smallint("scroll_depth"),
    /** Seconds on the page (event time_on_page). */
    seconds: smallint("seconds"),
    props: jsonb("props").$type<AnalyticsProps>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analytics_events_created_idx").on(t.createdAt),
    index("analytics_events_kind_created_idx").on(t.kind, t.createdAt),
    check("analytics_events_kind_check", sql`${t.kind} in ('pageview', 'scroll', 'event')`),
    check("analytics_events_scroll_check", sql`${t.scrollDepth} is null or ${t.scrollDepth} between 0 and 100`),
  ],
);

/**
 * Pageviews that were not counted, per day of the business's time zone, and why
 * (docs/decisions/033-analytics-flood.md): over a visitor's or an address's daily cap, or from a
 * known spam referrer. Only these counts are stored, never the rows, so the report can say how
 * many it left out. Each process adds its counts with every batch it writes.
 */
export const analyticsKeptOut = pgTable("analytics_kept_out", {
  day: date("day", { mode: "string" }).primaryKey(),
  overCap: integer("over_cap").notNull().default(0),
  spamReferrer: integer("spam_referrer").notNull().default(0),
});

/** What the owner can take out of the reports with one click: a page, a referrer's host, a UTM source. */
export const ANALYTICS_EXCLUSION_KINDS = ["path", "referrer", "utm_source"] as const;
export type AnalyticsExclusionKind = (typeof ANALYTICS_EXCLUSION_KINDS)[number];

/**
 * Pages, referrers and UTM sources the owner left out of the reports (the analytics screen's
 * "Exclude"; docs/decisions/033-analytics-flood.md). Applied when a report is read, never when
 * rows are counted or rolled up, so "Include again" brings every figure back.
 */
export const analyticsExclusions = pgTable(
  "analytics_exclusions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<AnalyticsExclusionKind>().notNull(),
    /** The path, the host (lowercase, without "www.") or the source, as the report shows it. */
    value: text("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("analytics_exclusions_kind_value_key").on(t.kind, t.value),
    check("analytics_exclusions_kind_check", sql`${t.kind} in ('path', 'referrer', 'utm_source')`),
  ],
);

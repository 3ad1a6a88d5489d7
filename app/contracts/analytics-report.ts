/**
 * The owner's analytics (GET /api/admin/analytics, /api/admin/analytics.csv): the range asked
 * for and the figures the server computes for it. Days are calendar days in the business's time
 * zone (app/config/site.ts), both ends included.
 */
import { z } from "~/contracts/zod";
import { addDays, dayIn } from "./analytics-days";
import { ExclusionSchema } from "./analytics-exclusions";

/** The range shown when none is asked for: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

/**
 * The longest range: a little over the 2 years raw analytics are kept
 * (docs/product/consent-and-analytics.md "Retention"). The daily totals go back further
 * (docs/decisions/031-analytics-rollups.md), a range at a time.
 */
export const MAX_RANGE_DAYS = 800;

/** How many rows the top lists hold. */
export const TOP_LIMIT = 20;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isRealDay = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

const dayParam = (name: string, example: string) =>
  z
    .string({ error: `${name} must be a date as YYYY-MM-DD` })
    .refine((v) => DAY.test(v) && isRealDay(v), { error: `${name} must be a date as YYYY-MM-DD` })
    .optional()
    .meta({ format: "date", example });

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

export const AnalyticsRangeQuerySchema = z
  .object({
    from: dayParam("from", "2026-11-01"),
    to: dayParam("to", "2026-11-30"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: "from must not be after to", path: ["from"] })
  .refine((q) => !q.from || !q.to || dayNumber(q.to) - dayNumber(q.from) < MAX_RANGE_DAYS, {
    error: `The range can be at most ${MAX_RANGE_DAYS} days`,
    path: ["from"],
  });

export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>;

const count = (description?: string) =>
  z
    .number()
    .int()
    .min(0)
    .meta(description ? { description } : {});

const totalsExample = {
  pageviews: 1840,
  visits: 912,
  visitors: 860,
  leads: 14,
  leads_without_consent: 3,
  projects: 9,
  completed_projects: 2,
};

const dayExample = { day: "2026-11-25", pageviews: 71, visits: 35, visitors: 33, kept_out: 40 };

const pageExample = { path: "/newport-web-design", pageviews: 210, visitors: 180 };

const engagementExample = {
  path: "/newport-web-design",
  views: 180,
  avg_scroll: 58,
  reached_75: 61,
  time_30: 97,
  time_60: 64,
  time_120: 31,
  time_300: 8,
};

const funnelExample = {
  landing_page: "/newport-web-design",
  visits: 150,
  leads: 4,
  bookings: 2,
  projects: 3,
  completed: 1,
};

export const AnalyticsReportSchema = z
  .object({
    from: z.string().meta({ format: "date", example: "2026-10-27" }),
    to: z.string().meta({ format: "date", example: "2026-11-25" }),
    time_zone: z.string().meta({ example: "America/New_York" }),
    pending_days: count(
      "Finished days of the range still being summed when this answer was made (right after an upgrade or an import of analytics): their figures are left out of this answer, and counted as 0 in days; ask again in a minute",
    ),
    totals: z.object({
      pageviews: count(),
      visits: count(
        "Visits: each begins with a page reached from another site or from nowhere, or after a pause over 30 minutes",
      ),
      visitors: count("Unique visitors of each day, added up (a visitor is told apart within a day only)"),
      leads: count(
        "Contacts created in the range that came through the site (with a landing page). The Leads page also lists contacts added by hand or imported.",
      ),
      leads_without_consent: count(
        "Of those leads, the ones whose visitor had not accepted analytics (or from before this was recorded): their visits were not counted, so they are left out of the funnel",
      ),
      projects: count("Projects created in the range that came through the site"),
      completed_projects: count("Of those projects, the ones delivered since (complete or maintenance)"),
    }),
    days: z
      .array(
        z.object({
          day: z.string().meta({ format: "date" }),
          pageviews: count(),
          visits: count(),
          visitors: count(),
          kept_out: count(
            "Pageviews of the day that were not counted: over a daily cap or from a known referrer spammer (kept_out has them by why for the range)",
          ),
        }),
      )
      .meta({ description: "Every day of the range, oldest first" }),
    top_pages: z.array(z.object({ path: z.string(), pageviews: count(), visitors: count() })),
    referrers: z
      .array(z.object({ host: z.string(), visits: count() }))
      .meta({ description: "Visits that arrived from another site, by its host" }),
    utm_sources: z
      .array(z.object({ source: z.string(), medium: z.string().nullable(), visits: count() }))
      .meta({ description: "Visits whose first page carried utm_source" }),
    engagement: z
      .array(
        z.object({
          path: z.string(),
          views: count("Visitors who saw the page (each visitor once a day)"),
          avg_scroll: count("Average deepest scroll milestone, in percent (0 when none was reached)"),
          reached_75: count("Views that scrolled 75 percent or more"),
          time_30: count("Views that stayed 30 s or more"),
          time_60: count(),
          time_120: count(),
          time_300: count(),
        }),
      )
      .meta({ description: "Scroll depth and time on page, per page" }),
    events: z.array(z.object({ name: z.string(), count: count() })),
    kept_out: z
      .object({
        over_cap: count(
          "Pageviews beyond a visitor's or an address's daily cap (docs/decisions/033-analytics-flood.md), not counted",
        ),
        spam_referrer: count("Pageviews from known referrer spammers, not counted"),
      })
      .meta({ description: "Pageviews of the range that were not counted, by why" }),
    exclusions: z.array(ExclusionSchema).meta({
      description:
        "Pages, referrers and UTM sources the owner excluded: left out of the lists; an excluded page's pageviews, and the visits that began on it, are left out of the days and totals too",
    }),
    funnel: z
      .array(
        z.object({
          landing_page: z.string(),
          visits: count("Visits that began on this page"),
          leads: count("Leads whose counted visit began on this page (the visitor had accepted analytics)"),
          bookings: count("Calls booked on /book whose counted visit began on this page"),
          projects: count("Projects whose counted visit began on this page"),
          completed: count("Of those projects, the delivered ones"),
        }),
      )
      .meta({
        description: "Visits to leads, calls booked, projects and completed projects, by the page the visit began on",
      }),
  })
  .meta({
    id: "AnalyticsReport",
    example: {
      from: "2026-10-27",
      to: "2026-11-25",
      time_zone: "America/New_York",
      pending_days: 0,
      totals: totalsExample,
      days: [dayExample],
      top_pages: [pageExample],
      referrers: [{ host: "google.com", visits: 420 }],
      utm_sources: [{ source: "gmb", medium: "organic", visits: 75 }],
      engagement: [engagementExample],
      events: [{ name: "phone_click", count: 12 }],
      kept_out: { over_cap: 1200, spam_referrer: 35 },
      exclusions: [
        { id: 7, kind: "referrer", value: "spam-seo-offers.example", created_at: "2026-11-26T14:03:00.000Z" },
      ],
      funnel: [funnelExample],
    },
  });

export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>;

/** The range asked for, with the defaults filled in: the last 30 days up to today. */
export function resolveRange(query: AnalyticsRangeQuery, timeZone: string, now = new Date()) {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_RANGE_DAYS - 1) : dayIn(timeZone, now));
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  return { from, to };
}

/** The report as a CSV file, one block per table. */
export const AnalyticsCsvSchema = z
  .string()
  .meta({ example: "Per day\r\nDay,Pageviews,Visits,Visitors\r\n2026-11-25,71,35,33\r\n" });

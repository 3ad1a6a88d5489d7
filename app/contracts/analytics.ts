import { z } from "~/contracts/zod";
import { ANALYTICS_EVENT_NAMES } from "~/contracts/analytics-events";
import { ERROR_MESSAGE_MAX, EVENT_TEXT_MAX } from "~/contracts/analytics-terms";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";
import { analyticsPaths } from "./analytics-paths";

/**
 * The bodies of POST /api/analytics/{pageview,scroll,event} (docs/product/consent-and-analytics.md
 * "What is counted", "On the server"), checked by the server's contract
 * (server/api/analytics/analytics.routes.ts). A body that is not what a page of this site sends is
 * refused with 400: a path that is not a URL path, a depth outside 0-100, a timestamp far from now.
 */

/** A client clock this far from the server's is wrong (or the body replayed): refused. */
export const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export const MAX_PATH_LENGTH = 1000;

/** A URL path as `location.pathname + location.search` gives it: percent-encoded, from the root, no host. */
const PATH_PATTERN = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@%/]*(\?[\w\-.~!$&'()*+,;=:@%/?]*)?$/;

export const AnalyticsPathSchema = z
  .string({ error: "path is required" })
  .max(MAX_PATH_LENGTH, { error: `path must be at most ${MAX_PATH_LENGTH} characters` })
  .regex(PATH_PATTERN, { error: "path must be a URL path of this site, like /services or /blog?page=2" })
  .meta({ example: "/newport-web-design?utm_source=gmb" });

export const AnalyticsTimestampSchema = z
  .string({ error: "timestamp is required" })
  .pipe(z.iso.datetime({ offset: true, error: "timestamp must be an ISO date-time, like 2026-11-26T14:03:00.000Z" }))
  .refine((value) => Math.abs(Date.parse(value) - Date.now()) <= MAX_CLOCK_SKEW_MS, {
    error: "timestamp must be within a day of now",
  })
  .meta({ format: "date-time", example: "2026-11-26T14:03:00.000Z" });

export const PageviewSchema = z
  .object({
    path: AnalyticsPathSchema,
    referrer: z
      .string({ error: "referrer must be text" })
      .max(2000, { error: "referrer must be at most 2000 characters" })
      .optional()
      .meta({ description: "document.referrer, or the site's previous page; empty for none" }),
    userAgent: z
      .string({ error: "userAgent must be text" })
      .max(1000, { error: "userAgent must be at most 1000 characters" })
      .optional(),
    timestamp: AnalyticsTimestampSchema,
  })
  .meta({
    id: "AnalyticsPageview",
    example: {
      path: "/newport-web-design?utm_source=gmb",
      referrer: "https://www.google.com/",
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15",
      timestamp: "2026-11-26T14:03:00.000Z",
    },
  });

export type Pageview = z.infer<typeof PageviewSchema>;

export const ScrollSchema = z
  .object({
    path: AnalyticsPathSchema,
    scrollDepth: z
      .number({ error: "scrollDepth must be a number of percent" })
      .int({ error: "scrollDepth must be a whole number of percent" })
      .min(0, { error: "scrollDepth must be between 0 and 100" })
      .max(100, { error: "scrollDepth must be between 0 and 100" })
      .meta({ description: "The deepest milestone reached (25, 50, 75 or 90), in percent", example: 75 }),
    timestamp: AnalyticsTimestampSchema,
  })
  .meta({
    id: "AnalyticsScroll",
    example: { path: "/services", scrollDepth: 75, timestamp: "2026-11-26T14:03:00.000Z" },
  });

export type Scroll = z.infer<typeof ScrollSchema>;

const text = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).max(max, { error: `${name} must be at most ${max} characters` });

/** The events' own fields; any other is dropped. */
export const AnalyticsEventParamsSchema = z
  .object({
    seconds: z
      .number({ error: "seconds must be a number" })
      .int({ error: "seconds must be a whole number" })
      .min(1, { error: "seconds must be between 1 and 86400" })
      .max(86_400, { error: "seconds must be between 1 and 86400" })
      .optional()
      .meta({ description: "time_on_page: the milestone reached (30, 60, 120 or 300)" }),
    project_id: text("project_id", 40).optional(),
    form_completed: z.boolean({ error: "form_completed must be true or false" }).optional(),
    link_url: text("link_url", EVENT_TEXT_MAX).optional(),
    page_path: text("page_path", EVENT_TEXT_MAX).optional(),
    business_name: text("business_name", EVENT_TEXT_MAX).optional(),
    category: text("category", EVENT_TEXT_MAX).optional(),
    website_url: text("website_url", EVENT_TEXT_MAX).optional(),
    topic: text("topic", 50).optional(),
    message: text("message", ERROR_MESSAGE_MAX).optional().meta({
      description: "error: the message, cut to 100 characters (docs/product/consent-and-analytics.md 'Events')",
    }),
    context: text("context", EVENT_TEXT_MAX).optional().meta({
      description: "error: where it happened, cut to 200 characters (docs/product/consent-and-analytics.md 'Events')",
    }),
  })
  .meta({ id: "AnalyticsEventParams", example: { project_id: "WBT-2026-7KQ4MZ", form_completed: true } });

export type AnalyticsEventParams = z.infer<typeof AnalyticsEventParamsSchema>;

export const AnalyticsEventSchema = z
  .object({
    event: z.enum(ANALYTICS_EVENT_NAMES, { error: `event must be one of: ${ANALYTICS_EVENT_NAMES.join(", ")}` }),
    path: AnalyticsPathSchema,
    params: AnalyticsEventParamsSchema.optional(),
    timestamp: AnalyticsTimestampSchema,
  })
  .refine((body) => body.event !== "time_on_page" || body.params?.seconds !== undefined, {
    error: "time_on_page needs params.seconds",
    path: ["params", "seconds"],
  })
  .meta({
    id: "AnalyticsEvent",
    example: {
      event: "project_submission",
      path: "/start-project",
      params: { project_id: "WBT-2026-7KQ4MZ", form_completed: true },
      timestamp: "2026-11-26T14:03:00.000Z",
    },
  });

export type AnalyticsEventBody = z.infer<typeof AnalyticsEventSchema>;

/**
 * What the owner takes out of the analytics reports with one click (GET, POST
 * /api/admin/analytics/exclusions, DELETE .../{id}; docs/decisions/033-analytics-flood.md): a
 * page of the top pages, a referrer's host, a UTM source, each exactly as the report shows it.
 */

export const EXCLUSION_KINDS = ["path", "referrer", "utm_source"] as const;

export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

/** How many exclusions can be stored: each is a condition on every report's lists. */
export const MAX_EXCLUSIONS = 500;

const PATH = /^\/[^\s?#]*$/;

/** A host as the report keeps it: lowercase letters, digits, dots and dashes (or a scheme's name, "android-app"). */
const HOST = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/;

const LIMITS: Record<ExclusionKind, number> = { path: 500, referrer: 255, utm_source: 200 };

export const NewExclusionSchema = z
  .object({
    kind: z.enum(EXCLUSION_KINDS, { error: "kind must be path, referrer or utm_source" }),
    value: z.string({ error: "value is required" }).trim().min(1, { error: "value is required" }),
  })
  // A referrer is kept as its host, lowercase and without "www." (server/services/analytics/ingest.ts).
  .transform((body) =>
    body.kind === "referrer" ? { ...body, value: body.value.toLowerCase().replace(/^www\./, "") } : body,
  )
  .superRefine((body, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["value"], message });
    if (body.value.length > LIMITS[body.kind])
      return issue(`value must be at most ${LIMITS[body.kind]} characters for a ${body.kind}`);
    if (body.kind === "path" && !PATH.test(body.value))
      issue("value must be a page's path as the report shows it, like /pricing (no query, no spaces)");
    if (body.kind === "referrer" && !HOST.test(body.value))
      issue("value must be a site's host as the report shows it, like example.com");
  })
  .meta({
    id: "NewAnalyticsExclusion",
    description: "A page (path), a referrer's host or a UTM source, exactly as the report shows it",
    example: { kind: "referrer", value: "spam-seo-offers.example" },
  });

export type NewExclusion = z.input<typeof NewExclusionSchema>;

export const ExclusionSchema = z
  .object({
    id: z.number().int().positive(),
    kind: z.enum(EXCLUSION_KINDS),
    value: z.string(),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({
    id: "AnalyticsExclusion",
    example: { id: 7, kind: "referrer", value: "spam-seo-offers.example", created_at: "2026-11-26T14:03:00.000Z" },
  });

export type Exclusion = z.infer<typeof ExclusionSchema>;

export const ExclusionListSchema = z
  .object({ exclusions: z.array(ExclusionSchema).meta({ description: "Oldest first" }) })
  .meta({ id: "AnalyticsExclusionList" });

export const ExclusionAnswerSchema = z.object({ exclusion: ExclusionSchema }).meta({ id: "AnalyticsExclusionAnswer" });

export const ExclusionDeletedSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "AnalyticsExclusionDeleted", example: { success: true } });

/**
 * The owner's analytics (GET /api/admin/analytics, /api/admin/analytics.csv): the range asked
 * for and the figures the server computes for it. Days are calendar days in the business's time
 * zone (app/config/site.ts), both ends included.
 */

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

const funnelExample = { landing_page: "/newport-web-design", visits: 150, leads: 4, projects: 3, completed: 1 };

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
          projects: count("Projects whose counted visit began on this page"),
          completed: count("Of those projects, the delivered ones"),
        }),
      )
      .meta({ description: "Visits to leads to projects to completed projects, by the page the visit began on" }),
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

const pad = (n: number) => String(n).padStart(2, "0");

/** Making a formatter costs far more than using one: the server asks for the day on every pageview. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A Date's calendar day in the given time zone, as YYYY-MM-DD. */
export function dayIn(timeZone: string, date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  let year = "";
  let month = "";
  let day = "";
  for (const part of format.formatToParts(date)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** The day `days` after (negative: before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The range asked for, with the defaults filled in: the last 30 days up to today. */
export function resolveRange(query: AnalyticsRangeQuery, timeZone: string, now = new Date()) {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_RANGE_DAYS - 1) : dayIn(timeZone, now));
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  return { from, to };
}

/** Every counting call's answer once its body is valid (a bot's too, left out of the counts). */
export const AnalyticsAcceptedSchema = z
  .object({ accepted: z.literal(true) })
  .meta({ id: "AnalyticsAccepted", example: { accepted: true } });

/** The report as a CSV file, one block per table. */
export const AnalyticsCsvSchema = z
  .string()
  .meta({ example: "Per day\r\nDay,Pageviews,Visits,Visitors\r\n2026-11-25,71,35,33\r\n" });

/**
 * Visit counting (docs/product/consent-and-analytics.md "What is counted", "On the server";
 * docs/decisions/024-analytics.md), the owner's figures and what the owner leaves out of them
 * (docs/decisions/033-analytics-flood.md). The counting calls go out from pages whose visitor said
 * yes, with `keepalive`, by address (app/contracts/public-paths.ts): the capture code reads no
 * answer, so it loads no schema.
 */
export const analyticsEndpoints = {
  /** A page was viewed (sent 1 s after each route change). */
  pageview: endpoint({
    method: "post",
    path: analyticsPaths.pageview,
    access: "public",
    body: PageviewSchema,
    answer: AnalyticsAcceptedSchema,
    status: 202,
  }),
  /** How far a page was scrolled (sent 2 s after the deepest point last grew). */
  scroll: endpoint({
    method: "post",
    path: analyticsPaths.scroll,
    access: "public",
    body: ScrollSchema,
    answer: AnalyticsAcceptedSchema,
    status: 202,
  }),
  /** Something a visitor did: a form sent, a link clicked, a chat, time on the page. */
  event: endpoint({
    method: "post",
    path: analyticsPaths.event,
    access: "public",
    body: AnalyticsEventSchema,
    answer: AnalyticsAcceptedSchema,
    status: 202,
  }),
  /** The figures for a range of days (the last 30 without one). */
  report: endpoint({
    method: "get",
    path: "/api/admin/analytics",
    access: "admin",
    query: AnalyticsRangeQuerySchema,
    answer: AnalyticsReportSchema,
  }),
  /** The same figures as a CSV download. */
  reportCsv: endpoint({
    method: "get",
    path: "/api/admin/analytics.csv",
    access: "admin",
    query: AnalyticsRangeQuerySchema,
    answer: AnalyticsCsvSchema,
    contentType: "text/csv",
  }),
  /** The pages, referrers and UTM sources left out of the reports, oldest first. */
  listExclusions: endpoint({
    method: "get",
    path: "/api/admin/analytics/exclusions",
    access: "admin",
    answer: ExclusionListSchema,
  }),
  /** Leave one out (201; 200 with it when it already was). */
  addExclusion: endpoint({
    method: "post",
    path: "/api/admin/analytics/exclusions",
    access: "admin",
    body: NewExclusionSchema,
    answer: ExclusionAnswerSchema,
    status: 201,
  }),
  /** Count one in the reports again. */
  removeExclusion: endpoint({
    method: "delete",
    path: "/api/admin/analytics/exclusions/{id}",
    access: "admin",
    params: IdParam,
    answer: ExclusionDeletedSchema,
  }),
};

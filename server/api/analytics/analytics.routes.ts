import { createRoute, z } from "@hono/zod-openapi";
import { AnalyticsRangeQuerySchema, AnalyticsReportSchema } from "~/lib/admin/analytics";
import { AnalyticsEventSchema, PageviewSchema, ScrollSchema } from "~/lib/visit-analytics/payloads";
import { adminErrors, ErrorSchema, errorResponses, json, jsonBody } from "../../lib/openapi";

/**
 * Visit counting (public-site spec 7 "the analytics calls"; docs/decisions/024-analytics.md) and
 * the owner's figures. The public calls come from pages whose visitor said yes to analytics;
 * each answers 202 once the body is valid: a bot's is accepted the same way but not counted, and
 * the rows are written in batches shortly after.
 */

const AcceptedSchema = z
  .object({ accepted: z.literal(true) })
  .meta({ id: "AnalyticsAccepted", example: { accepted: true } });

const RetryAfter = z.object({
  "Retry-After": z.string().meta({ description: "Seconds until this address may send again", example: "42" }),
});

const publicErrors = {
  ...errorResponses([400], { 400: "A field is not what a page of this site sends: `fields` names each one" }),
  429: {
    ...json(ErrorSchema, "Too many calls from this address: see Retry-After"),
    headers: RetryAfter,
  },
};

const accepted = {
  202: json(AcceptedSchema, "Accepted: counted (written within a second), or a bot's, left out of the counts"),
};

export const pageviewRoute = createRoute({
  method: "post",
  path: "/api/analytics/pageview",
  tags: ["Analytics"],
  summary: "A page was viewed (sent 1 s after each route change)",
  request: jsonBody(PageviewSchema, "The page, where the visitor came from, the browser and the time"),
  responses: { ...accepted, ...publicErrors },
});

export const scrollRoute = createRoute({
  method: "post",
  path: "/api/analytics/scroll",
  tags: ["Analytics"],
  summary: "How far a page was scrolled (sent 2 s after the deepest point last grew)",
  request: jsonBody(ScrollSchema, "The page and the deepest scroll milestone reached"),
  responses: { ...accepted, ...publicErrors },
});

export const eventRoute = createRoute({
  method: "post",
  path: "/api/analytics/event",
  tags: ["Analytics"],
  summary: "Something a visitor did: a form sent, a link clicked, a chat, time on the page",
  request: jsonBody(AnalyticsEventSchema, "The event, its page and its own fields"),
  responses: { ...accepted, ...publicErrors },
});

const security = [{ bearerAuth: [] }];

/**
 * A report runs on the report pool, whose statements stop after REPORT_STATEMENT_TIMEOUT_MS
 * (docs/decisions/031-analytics-rollups.md): one that takes longer answers 503, as does a
 * database that cannot be reached.
 */
const reportErrors = {
  ...adminErrors,
  503: {
    ...json(
      ErrorSchema,
      "The report took too long to compute (choose a shorter range, or try again in a minute), or the database cannot be reached right now: see Retry-After",
    ),
    headers: z.object({
      "Retry-After": z.string().meta({ description: "Seconds to wait before trying again", example: "60" }),
    }),
  },
};

export const reportRoute = createRoute({
  method: "get",
  path: "/api/admin/analytics",
  tags: ["Admin: analytics"],
  security,
  summary: "Visits, pages, sources, engagement and the lead funnel for a range of days",
  description:
    "from and to are days (YYYY-MM-DD) in the business's time zone, both included; without them, the last 30 days. Finished days are read from their daily totals, which are kept after the raw visits' two years; today from its visits.",
  request: { query: AnalyticsRangeQuerySchema },
  responses: { 200: json(AnalyticsReportSchema, "The figures"), ...reportErrors },
});

export const reportCsvRoute = createRoute({
  method: "get",
  path: "/api/admin/analytics.csv",
  tags: ["Admin: analytics"],
  security,
  summary: "The same figures as a CSV file, one block per table",
  request: { query: AnalyticsRangeQuerySchema },
  responses: {
    200: {
      description: "A CSV download (analytics-{from}-to-{to}.csv)",
      content: {
        "text/csv": {
          schema: z.string().meta({ example: "Per day\r\nDay,Pageviews,Visits,Visitors\r\n2026-11-25,71,35,33\r\n" }),
        },
      },
    },
    ...reportErrors,
  },
});

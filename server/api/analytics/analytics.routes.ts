import { z } from "@hono/zod-openapi";
import { analyticsEndpoints as endpoints } from "~/contracts/analytics";
import { adminErrors, ErrorSchema, errorResponses, json } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/**
 * Visit counting (docs/product/consent-and-analytics.md "What is counted", "On the server";
 * docs/decisions/024-analytics.md) and the owner's figures ("The owner's analytics screen"). The
 * public calls come from pages whose visitor said yes to analytics; each answers 202 once the body
 * is valid: a bot's is accepted the same way but not counted, and the rows are written in batches
 * shortly after.
 */

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

const accepted = "Accepted: counted (written within a second), or a bot's, left out of the counts";

export const pageviewRoute = routeOf(endpoints.pageview, {
  tags: ["Analytics"],
  summary: "A page was viewed (sent 1 s after each route change)",
  bodyDescription: "The page, where the visitor came from, the browser and the time",
  answer: accepted,
  responses: publicErrors,
});

export const scrollRoute = routeOf(endpoints.scroll, {
  tags: ["Analytics"],
  summary: "How far a page was scrolled (sent 2 s after the deepest point last grew)",
  bodyDescription: "The page and the deepest scroll milestone reached",
  answer: accepted,
  responses: publicErrors,
});

export const eventRoute = routeOf(endpoints.event, {
  tags: ["Analytics"],
  summary: "Something a visitor did: a form sent, a link clicked, a chat, time on the page",
  bodyDescription: "The event, its page and its own fields",
  answer: accepted,
  responses: publicErrors,
});

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

export const reportRoute = routeOf(endpoints.report, {
  tags: ["Admin: analytics"],
  summary: "Visits, pages, sources, engagement and the lead funnel for a range of days",
  description:
    "from and to are days (YYYY-MM-DD) in the business's time zone, both included; without them, the last 30 days. Finished days are read from their daily totals, which are kept after the raw visits' two years; today from its visits.",
  answer: "The figures",
  responses: reportErrors,
});

export const reportCsvRoute = routeOf(endpoints.reportCsv, {
  tags: ["Admin: analytics"],
  limit: "csv",
  summary: "The same figures as a CSV file, one block per table",
  answer: "A CSV download (analytics-{from}-to-{to}.csv)",
  responses: reportErrors,
});

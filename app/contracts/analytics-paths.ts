/**
 * Visit counting's addresses, as plain strings: the capture chunk, loaded only after the visitor's
 * consent, sends to them without loading the schema library (docs/decisions/024-analytics.md), and
 * the analytics descriptors (analytics.ts) take their paths from here, so each is written once.
 * Nothing a page loads up front imports this file (server/site/visit-analytics-build.test.ts).
 */
export const analyticsPaths = {
  /** analyticsEndpoints.pageview, .scroll and .event: sent with `keepalive`, no answer read. */
  pageview: "/api/analytics/pageview",
  scroll: "/api/analytics/scroll",
  event: "/api/analytics/event",
} as const;

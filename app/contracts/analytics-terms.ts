/**
 * The few values of visit counting that pages load with them (app/lib/analytics.ts and the check of
 * the host, counts-visits.ts). Everything else the capture code needs is in analytics-events.ts,
 * which loads with it, after consent.
 */

/** docs/product/consent-and-analytics.md "Events": error messages are cut to 100 characters, context to 200. */
export const ERROR_MESSAGE_MAX = 100;

export const EVENT_TEXT_MAX = 200;

/**
 * The page's own list of hosts that count visits besides the production host, written by the
 * server into every public page when ANALYTICS_HOSTS is set (a staging server, the browser
 * journeys' server).
 */
export const ANALYTICS_HOSTS_META = "analytics-hosts";

/**
 * What visit counting sends and when (docs/product/consent-and-analytics.md "What is counted";
 * docs/product/data-and-retention.md "Timing and limits"). Plain values: the capture code in the
 * browser reads them without the schemas (app/contracts/analytics-bodies.ts), which only the
 * server and the tests load, and sends to the addresses of app/contracts/public-paths.ts. Nothing
 * on a page imports this file before consent.
 */

/** docs/product/consent-and-analytics.md "What is counted": a pageview is sent 1 s after each route change. */
export const PAGEVIEW_DELAY_MS = 1000;

/**
 * docs/product/consent-and-analytics.md "What is counted": the scroll depth is reported 2 s after
 * the last increase of the maximum.
 */
export const SCROLL_REPORT_DELAY_MS = 2000;

/** docs/product/consent-and-analytics.md "What is counted": scroll-depth milestones, in percent. */
export const SCROLL_MILESTONES = [25, 50, 75, 90] as const;

/**
 * docs/product/consent-and-analytics.md "What is counted": time-on-page milestones, in seconds,
 * checked every 5 s while the tab is visible.
 */
export const TIME_MILESTONES_S = [30, 60, 120, 300] as const;

export const TIME_CHECK_MS = 5000;

/**
 * The events the pages fire (docs/product/consent-and-analytics.md "Events": the project form,
 * e-mail and phone links, the claim; the chat's; a time picked and a call booked on /book), plus
 * the time-on-page milestones and client errors.
 */
export const ANALYTICS_EVENT_NAMES = [
  "time_on_page",
  "project_submission",
  "email_click",
  "phone_click",
  "claim",
  "chat_open",
  "chat_message",
  "chat_inquiry_started",
  "chat_inquiry_completed",
  "booking_started",
  "booking_completed",
  "error",
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

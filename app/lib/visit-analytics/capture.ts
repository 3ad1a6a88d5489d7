import { analyticsPaths } from "~/contracts/analytics-paths";
import type { AnalyticsEvent } from "~/lib/analytics";
import { readConsent } from "~/lib/consent";
import {
  ANALYTICS_EVENT_NAMES,
  PAGEVIEW_DELAY_MS,
  SCROLL_MILESTONES,
  SCROLL_REPORT_DELAY_MS,
  TIME_CHECK_MS,
  TIME_MILESTONES_S,
} from "~/contracts/analytics-events";

/**
 * What a page sends once its visitor allowed analytics (docs/product/consent-and-analytics.md
 * "What is counted"): loaded on demand by use-visit-analytics.ts, never with the page.
 * - a pageview 1 s after each route change;
 * - the scroll depth, as its 25/50/75/90 milestone, 2 s after the deepest point last grew;
 * - time on the page at 30, 60, 120 and 300 s, counted every 5 s while the tab is visible;
 * - the events the pages fire (app/lib/analytics.ts).
 * Calls go out with `keepalive`, so a report sent as the visitor leaves still arrives; every
 * failure is swallowed, and nothing is sent once consent is withdrawn.
 */
export interface Capture {
  /** A route change: the page's path with its query. */
  pageview(path: string): void;
}

type Body = Record<string, unknown>;

function send(url: string, body: Body): void {
  try {
    if (!readConsent()?.analytics) return;
    void fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, timestamp: new Date().toISOString() }),
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => {});
  } catch {
    // Analytics failures are swallowed (docs/product/consent-and-analytics.md "What is counted").
  }
}

const KNOWN_EVENTS: readonly string[] = ANALYTICS_EVENT_NAMES;

/**
 * The tab's last counted page, kept for the tab's session (after consent only): the first
 * pageview after a reload or a full page load names it as its referrer, so the server sees the
 * visit go on rather than begin (a visit begins on a page reached from elsewhere).
 */
const PREVIOUS_PAGE_KEY = "analytics-previous-page";
const storage = {
  read: () => {
    try {
      return window.sessionStorage.getItem(PREVIOUS_PAGE_KEY);
    } catch {
      return null;
    }
  },
  write: (url: string) => {
    try {
      window.sessionStorage.setItem(PREVIOUS_PAGE_KEY, url);
    } catch {
      // Storage blocked: the next page load counts as a new visit.
    }
  },
};

/** The first page of this document came from: another site, the tab's previous page, or nowhere. */
function firstReferrer(url: string): string {
  const stored = storage.read();
  if (stored === url) return stored; // a reload
  const outside = document.referrer && new URL(document.referrer).host !== window.location.host;
  return outside ? document.referrer : (stored ?? document.referrer);
}

export function startCapture(): Capture {
  let path = "";
  let previousUrl: string | null = null;
  let pageviewTimer: number | undefined;
  let maxDepth = 0;
  let reportedDepth = 0;
  let scrollTimer: number | undefined;
  let visibleMs = 0;
  let timeSent = 0;

  const reportScroll = () => {
    window.clearTimeout(scrollTimer);
    scrollTimer = undefined;
    const milestone = SCROLL_MILESTONES.filter((m) => m <= maxDepth).at(-1) ?? 0;
    if (milestone <= reportedDepth) return;
    reportedDepth = milestone;
    send(analyticsPaths.scroll, { path, scrollDepth: milestone });
  };

  window.addEventListener(
    "scroll",
    () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      if (room <= 0) return;
      const depth = Math.min(100, Math.round((window.scrollY / room) * 100));
      if (depth <= maxDepth) return;
      maxDepth = depth;
      window.clearTimeout(scrollTimer);
      scrollTimer = window.setTimeout(reportScroll, SCROLL_REPORT_DELAY_MS);
    },
    { passive: true },
  );

  window.setInterval(() => {
    if (document.visibilityState !== "visible" || !path) return;
    visibleMs += TIME_CHECK_MS;
    for (const seconds of TIME_MILESTONES_S) {
      if (seconds <= timeSent || visibleMs < seconds * 1000) continue;
      timeSent = seconds;
      send(analyticsPaths.event, { event: "time_on_page", path, params: { seconds } });
    }
  }, TIME_CHECK_MS);

  // Leaving the page: the scroll report waiting for its 2 s goes now.
  window.addEventListener("pagehide", () => scrollTimer !== undefined && reportScroll());

  // The pages' own events, those fired before this code loaded included.
  const forward = (entry: AnalyticsEvent) => {
    const { event, ...params } = entry;
    if (!KNOWN_EVENTS.includes(event)) return;
    send(analyticsPaths.event, { event, path: path || currentPath(), params });
  };
  for (const entry of window.dataLayer ?? []) forward(entry);
  window.addEventListener("analytics", (event) => forward((event as CustomEvent<AnalyticsEvent>).detail));

  return {
    pageview(next) {
      if (next === path) return;
      if (scrollTimer !== undefined) reportScroll();
      // A page left within the second (a redirect, a quick click through) is not counted.
      window.clearTimeout(pageviewTimer);
      // The next pages of this document came from the page before: its address without the query
      // (which can hold a search or a one-time sign-in token), enough to tell it is the site's own.
      const url = `${window.location.origin}${next.split("?")[0]}`;
      const referrer = previousUrl ?? firstReferrer(url);
      previousUrl = url;
      path = next;
      maxDepth = 0;
      reportedDepth = 0;
      visibleMs = 0;
      timeSent = 0;
      pageviewTimer = window.setTimeout(() => {
        storage.write(url);
        send(analyticsPaths.pageview, { path: next, referrer, userAgent: navigator.userAgent });
      }, PAGEVIEW_DELAY_MS);
    },
  };
}

const currentPath = () => `${window.location.pathname}${window.location.search}`;

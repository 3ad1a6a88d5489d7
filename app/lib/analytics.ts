import { readConsent } from "./consent";
import { ERROR_MESSAGE_MAX, EVENT_TEXT_MAX } from "~/contracts/analytics-terms";

/**
 * Client-side analytics events (docs/product/consent-and-analytics.md "Events":
 * 'project_submission', claim, e-mail and phone link clicks). Events go to `window.dataLayer` and a
 * DOM event named "analytics", and only with analytics consent; the visit counting
 * (app/lib/visit-analytics/capture.ts) sends them to the server. Never throws.
 */
export interface AnalyticsEvent {
  event: string;
  [param: string]: string | number | boolean | undefined;
}

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

/** docs/product/consent-and-analytics.md "Events": strings are cut to 200 characters (error messages to 100). */
const MAX_PARAM_LENGTH = EVENT_TEXT_MAX;

export function trackEvent(event: string, params: Omit<AnalyticsEvent, "event"> = {}): void {
  try {
    if (!readConsent()?.analytics) return;
    const payload: AnalyticsEvent = { event };
    for (const [key, value] of Object.entries(params)) {
      payload[key] = typeof value === "string" ? value.slice(0, MAX_PARAM_LENGTH) : value;
    }
    (window.dataLayer ??= []).push(payload);
    window.dispatchEvent(new CustomEvent("analytics", { detail: payload }));
  } catch {
    // Analytics failures are swallowed (docs/product/consent-and-analytics.md "What is counted").
  }
}

/**
 * An error the visitor was shown: its message cut to 100 characters, where it happened to 200
 * (docs/product/consent-and-analytics.md "Events").
 */
export function trackError(message: string, context?: string): void {
  trackEvent("error", { message: message.slice(0, ERROR_MESSAGE_MAX), context });
}

/**
 * docs/product/consent-and-analytics.md "Events": clicks on e-mail and phone links are events. One
 * listener on the document covers every such link, present and future.
 */
export function trackContactLinkClicks(): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.("a[href^='mailto:'], a[href^='tel:']");
    if (!(link instanceof HTMLAnchorElement)) return;
    const isEmail = link.href.startsWith("mailto:");
    trackEvent(isEmail ? "email_click" : "phone_click", { link_url: link.href, page_path: window.location.pathname });
  };
  document.addEventListener("click", onClick, { capture: true });
  return () => document.removeEventListener("click", onClick, { capture: true });
}

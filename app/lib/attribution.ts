import { readConsent } from "./consent";
import type { Attribution } from "~/contracts/fields";

/**
 * Lead attribution: the first page of the visit, the referrer and UTM tags,
 * kept for the browser tab's session and sent with every lead form.
 */
const KEY = "visit-attribution";
const UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

export function recordLandingVisit(): void {
  try {
    if (window.sessionStorage.getItem(KEY)) return;
    const url = new URL(window.location.href);
    const data: Attribution = {
      landing_page: `${url.pathname}${url.search}`.slice(0, 500),
      referrer: document.referrer ? document.referrer.slice(0, 500) : undefined,
    };
    for (const key of UTM) {
      const value = url.searchParams.get(key);
      if (value) data[key] = value.slice(0, 200);
    }
    window.sessionStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // Storage blocked: attribution is a nice-to-have.
  }
}

/**
 * The visit's attribution, and whether the visitor has accepted analytics (their visit was
 * counted, so the lead belongs in the funnel's rates).
 */
export function readAttribution(): Attribution | undefined {
  const analytics_consent = readConsent()?.analytics === true;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? { ...(JSON.parse(raw) as Attribution), analytics_consent } : { analytics_consent };
  } catch {
    return { analytics_consent };
  }
}

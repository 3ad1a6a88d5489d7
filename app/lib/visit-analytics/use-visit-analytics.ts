import { useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { readConsent, subscribeToConsent } from "~/lib/consent";
import { countsVisits } from "./counts-visits";
import type { Capture } from "./capture";

const analyticsAllowed = () => readConsent()?.analytics === true;

/**
 * Visit counting on public pages (docs/decisions/024-analytics.md). All this loads with the page
 * is this hook: nothing is fetched or sent until the visitor allows analytics (and only on the
 * production host); then the capture code (capture.ts) is loaded and told each route change.
 */
export function useVisitAnalytics() {
  const { pathname, search } = useLocation();
  const allowed = useSyncExternalStore(subscribeToConsent, analyticsAllowed, () => false);
  const capture = useRef<Promise<Capture> | null>(null);
  const page = `${pathname}${search}`;
  useEffect(() => {
    if (!allowed || !countsVisits()) return;
    capture.current ??= import("./capture")
      .then((module) => module.startCapture())
      .catch((error: unknown) => {
        capture.current = null; // not loaded (offline): tried again on the next page
        throw error;
      });
    // Analytics failures are swallowed (docs/product/consent-and-analytics.md "What is counted").
    capture.current.then((started) => started.pageview(page)).catch(() => {});
  }, [allowed, page]);
}

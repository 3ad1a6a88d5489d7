import { useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { Link } from "react-router";
import {
  CONSENT_EARLY_CHOICE_SCRIPT,
  CONSENT_PENDING_SCRIPT,
  readConsent,
  storeConsent,
  subscribeToConsent,
} from "~/lib/consent";
import { useNonce } from "~/lib/nonce";
import { setCookieBannerHeight } from "./cookie-banner-space";

/**
 * While the banner shows, <html> carries `data-cookie-banner` and the banner's height is known
 * (cookie-banner-space.ts): on a phone the chat launcher and the scroll-to-top button stand above
 * it instead of under it. The height comes from a ResizeObserver, after layout, so showing the
 * banner never forces a layout of the page.
 */
function useBannerSpace(banner: React.RefObject<HTMLElement | null>, visible: boolean) {
  useLayoutEffect(() => {
    const node = banner.current;
    // A choice made before hydration (CONSENT_EARLY_CHOICE_SCRIPT) already took the bar away: the
    // hydration render, which still shows it, must not bring it back for a frame.
    if (!visible || !node || readConsent()) return;
    const root = document.documentElement;
    root.setAttribute("data-cookie-banner", "");
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize?.[0];
      setCookieBannerHeight(Math.ceil(box ? box.blockSize : node.getBoundingClientRect().height));
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.removeAttribute("data-cookie-banner");
      setCookieBannerHeight(0);
    };
  }, [banner, visible]);
}

/**
 * docs/product/consent-and-analytics.md "Cookie consent": every choice stores necessary storage;
 * only Accept All adds analytics.
 */
const CHOICES = [
  { label: "Accept All", analytics: true, className: "bg-brand-700 text-white hover:bg-brand-800" },
  { label: "Necessary Only", analytics: false, className: "border border-slate-300 text-slate-800 hover:bg-slate-50" },
] as const;

/**
 * docs/product/consent-and-analytics.md "The cookie banner": shown while no consent is stored, gone
 * after any choice. First in the page's order, so keyboard and screen-reader users meet it first. A
 * compact bar along the bottom (two or three lines on a phone, one or two on a laptop), so the
 * page's first call to action stays in sight; the chat launcher stands above it.
 */
export function CookieBanner() {
  const ref = useRef<HTMLElement>(null);
  const nonce = useNonce();
  // In the server render, and so in the first paint, where CONSENT_PENDING_SCRIPT shows it only to
  // a visitor with no stored choice; after hydration, rendered only while no choice is stored. A
  // first visit thus hydrates without a second render, and the bar is drawn with the page rather
  // than after its scripts.
  const visible = useSyncExternalStore(
    subscribeToConsent,
    () => readConsent() === null,
    () => true,
  );
  useBannerSpace(ref, visible);
  if (!visible) return null;

  return (
    <>
      {/* Runs from the server's HTML only: a script React renders in the browser never runs, so its
          text stays out of the page's JavaScript (and the browser's empty copy is not a mismatch). */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: import.meta.env.SSR ? `${CONSENT_PENDING_SCRIPT};${CONSENT_EARLY_CHOICE_SCRIPT}` : "",
        }}
      />
      <section
        ref={ref}
        aria-label="Cookie consent"
        className="cookie-banner fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-8px_30px_rgba(15,61,94,0.12)] sm:px-6 lg:px-8"
      >
        <div className="mx-auto max-w-7xl sm:flex sm:items-center sm:gap-6">
          <div className="text-sm leading-6 text-slate-700 sm:flex-1">
            {/* From 640 px the heading leads the sentence; on a phone only screen readers hear it. */}
            <h2 className="font-semibold text-slate-900 max-sm:sr-only sm:inline">Cookies on this site.</h2>{" "}
            <p className="inline">
              <span className="sm:hidden">Visits are counted only with your OK. No advertising, ever.</span>
              <span className="max-sm:hidden">
                Necessary storage keeps the site working (your chat and this choice). With your OK, I also count visits
                to see which pages help people. No advertising, ever.
              </span>{" "}
              <Link to="/cookie-policy" className="font-medium text-brand-700 underline underline-offset-2">
                Cookie policy
              </Link>
            </p>
          </div>
          <div className="mt-2 flex shrink-0 flex-wrap gap-2 sm:mt-0">
            {CHOICES.map(({ label, analytics, className }) => (
              <button
                key={label}
                type="button"
                // Read by CONSENT_EARLY_CHOICE_SCRIPT for a tap before hydration.
                data-consent={analytics}
                onClick={() => storeConsent(analytics)}
                className={`rounded-lg px-4 py-2 text-sm font-semibold ${className}`}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

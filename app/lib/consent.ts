/** docs/product/consent-and-analytics.md "Cookie consent": stored locally under a consent key. */
export const CONSENT_STORAGE_KEY = "cookie-consent";

export interface CookieConsent {
  /** Always true: the site cannot work without its necessary storage. */
  necessary: true;
  analytics: boolean;
  /** Never granted: the site runs no marketing or advertising storage. */
  marketing: false;
  updatedAt: string;
}

export function makeConsent(analytics: boolean, now = new Date()): CookieConsent {
  return { necessary: true, analytics, marketing: false, updatedAt: now.toISOString() };
}

export function parseConsent(raw: string | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieConsent>;
    if (typeof value !== "object" || value === null || typeof value.analytics !== "boolean") return null;
    return makeConsent(value.analytics, new Date(value.updatedAt ?? Date.now()));
  } catch {
    return null;
  }
}

/**
 * Run by the page while it is parsed, before its first paint (an inline script just before the
 * cookie banner): marks <html> with `data-cookie-banner` when no valid choice is stored, the test
 * readConsent() makes, so the server-rendered banner shows at once to a visitor who has not chosen
 * and never flashes for one who has. Without JavaScript the mark is never set and the banner, whose
 * buttons need JavaScript, stays hidden.
 */
export const CONSENT_PENDING_SCRIPT = `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)}));if(!c||typeof c!="object"||typeof c.analytics!="boolean")throw 0}catch(e){document.documentElement.setAttribute("data-cookie-banner","")}`;

/**
 * Run with CONSENT_PENDING_SCRIPT, in the same inline script: until the page has hydrated (the
 * root layout marks <html> `data-hydrated`), a tap on one of the banner's buttons (marked
 * `data-consent`, "true" for Accept All) stores the choice exactly as storeConsent() does and
 * takes the mark off <html>, which hides the bar at once (where storage refuses, the bar stays, as
 * it does after hydration). On a phone the page's scripts run a few hundred milliseconds after its
 * first paint; the bar answers the first tap all the same. Once the page runs, the stored choice
 * is read as any stored choice is: the banner stays gone and analytics starts if it was Accept
 * All, as after a tap on a hydrated page. A tap after hydration is React's (storeConsent); one
 * during hydration may be handled by both, the same choice twice.
 * docs/decisions/035-first-screen-before-scripts.md
 */
export const CONSENT_EARLY_CHOICE_SCRIPT = `document.addEventListener("click",function(e){var d=document.documentElement,b=e.target;b=!d.hasAttribute("data-hydrated")&&b&&b.closest&&b.closest("[data-consent]");if(!b)return;try{localStorage.setItem(${JSON.stringify(CONSENT_STORAGE_KEY)},JSON.stringify({necessary:true,analytics:b.getAttribute("data-consent")=="true",marketing:false,updatedAt:new Date().toISOString()}));d.removeAttribute("data-cookie-banner")}catch(x){}},true)`;

export function readConsent(): CookieConsent | null {
  try {
    return parseConsent(window.localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Notifies on a choice made on this page or in another tab. */
export function subscribeToConsent(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => event.key === CONSENT_STORAGE_KEY && onChange();
  window.addEventListener("consentchange", onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener("consentchange", onChange);
    window.removeEventListener("storage", onStorage);
  };
}

export function storeConsent(analytics: boolean): CookieConsent {
  const consent = makeConsent(analytics);
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Private mode or storage full: the choice still applies to this page view.
  }
  window.dispatchEvent(new CustomEvent("consentchange", { detail: consent }));
  return consent;
}

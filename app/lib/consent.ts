/** public-site spec 3 "Cookie consent" and 9: stored locally under a consent key. */
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

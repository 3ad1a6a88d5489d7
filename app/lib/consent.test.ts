import { afterEach, describe, expect, it } from "vitest";
import { CONSENT_PENDING_SCRIPT, CONSENT_STORAGE_KEY, makeConsent, readConsent } from "./consent";

/** A page's storage and <html> as the inline script and readConsent() see them. */
function pageWith(stored: string | null, { storageThrows = false } = {}) {
  const attributes = new Set<string>();
  const localStorage = {
    getItem: (key: string) => {
      if (storageThrows) throw new Error("SecurityError");
      return key === CONSENT_STORAGE_KEY ? stored : null;
    },
  };
  const document = { documentElement: { setAttribute: (name: string) => attributes.add(name) } };
  return { localStorage, document, attributes };
}

const original = Object.getOwnPropertyDescriptor(globalThis, "window");
afterEach(() => {
  if (original) Object.defineProperty(globalThis, "window", original);
  else delete (globalThis as { window?: unknown }).window;
});

describe("the banner's first-paint script", () => {
  const cases: [string, string | null, boolean?][] = [
    ["nothing stored", null],
    ["a stored choice", JSON.stringify(makeConsent(true))],
    ["a stored refusal", JSON.stringify(makeConsent(false))],
    ["malformed JSON", "{not json"],
    ["JSON without a choice", JSON.stringify({ necessary: true })],
    ["a choice that is not a boolean", JSON.stringify({ analytics: "yes" })],
    ["a bare value", "42"],
    ["storage that refuses access", null, true],
  ];
  for (const [name, stored, storageThrows] of cases) {
    it(`agrees with readConsent(): ${name}`, () => {
      const page = pageWith(stored, { storageThrows });
      new Function("localStorage", "document", CONSENT_PENDING_SCRIPT)(page.localStorage, page.document);
      Object.defineProperty(globalThis, "window", { value: { localStorage: page.localStorage }, configurable: true });
      expect(page.attributes.has("data-cookie-banner")).toBe(readConsent() === null);
    });
  }
});

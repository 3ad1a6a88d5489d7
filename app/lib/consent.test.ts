import { afterEach, describe, expect, it } from "vitest";
import {
  CONSENT_EARLY_CHOICE_SCRIPT,
  CONSENT_PENDING_SCRIPT,
  CONSENT_STORAGE_KEY,
  makeConsent,
  readConsent,
} from "./consent";

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

describe("the banner's script for a tap before hydration", () => {
  /** A page before (or after) hydration: its click listener, storage and <html> attributes. */
  function earlyPage({ hydrated = false, storageThrows = false } = {}) {
    const stored = new Map<string, string>();
    const attributes = new Set<string>(["data-cookie-banner", ...(hydrated ? ["data-hydrated"] : [])]);
    let onClick: ((event: { target: unknown }) => void) | undefined;
    const localStorage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (storageThrows) throw new Error("QuotaExceededError");
        stored.set(key, value);
      },
    };
    const document = {
      documentElement: {
        hasAttribute: (name: string) => attributes.has(name),
        removeAttribute: (name: string) => attributes.delete(name),
      },
      addEventListener: (type: string, listener: typeof onClick, capture: boolean) => {
        expect([type, capture]).toEqual(["click", true]);
        onClick = listener;
      },
    };
    new Function("localStorage", "document", CONSENT_EARLY_CHOICE_SCRIPT)(localStorage, document);
    Object.defineProperty(globalThis, "window", { value: { localStorage }, configurable: true });
    /** A tap on a banner button (`consent` is its data-consent) or, with null, anywhere else. */
    const tap = (consent: "true" | "false" | null) =>
      onClick?.({
        target: {
          closest: (selector: string) =>
            selector === "[data-consent]" && consent !== null
              ? { getAttribute: (name: string) => (name === "data-consent" ? consent : null) }
              : null,
        },
      });
    return { tap, attributes, stored };
  }

  for (const [label, consent, analytics] of [
    ["Accept All", "true", true],
    ["Necessary Only", "false", false],
  ] as const) {
    it(`stores ${label} as storeConsent() would and hides the bar`, () => {
      const page = earlyPage();
      page.tap(consent);
      expect(readConsent()).toMatchObject({ necessary: true, analytics, marketing: false });
      const raw = JSON.parse(page.stored.get(CONSENT_STORAGE_KEY)!) as Record<string, unknown>;
      expect(Object.keys(raw).sort()).toEqual(Object.keys(makeConsent(analytics)).sort());
      expect(page.attributes.has("data-cookie-banner")).toBe(false);
    });
  }

  it("ignores taps elsewhere, and every tap once the page has hydrated (React's own handlers answer them)", () => {
    const before = earlyPage();
    before.tap(null);
    expect(before.stored.size).toBe(0);
    expect(before.attributes.has("data-cookie-banner")).toBe(true);
    const after = earlyPage({ hydrated: true });
    after.tap("true");
    expect(after.stored.size).toBe(0);
    expect(after.attributes.has("data-cookie-banner")).toBe(true);
  });

  it("keeps the bar where storage refuses the choice, as the hydrated page does", () => {
    const page = earlyPage({ storageThrows: true });
    expect(() => page.tap("true")).not.toThrow();
    expect(page.attributes.has("data-cookie-banner")).toBe(true);
  });
});

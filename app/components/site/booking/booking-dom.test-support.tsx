import { parseHTML } from "linkedom";
import { act, useEffect, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { defaultTypeShell, DISCOVERY_CALL_SLUG } from "~/content/booking-pages";
import { bookingsEndpoints } from "~/contracts/bookings";

/**
 * A small browser for the booking page's component tests: a linkedom document, the page rendered
 * into it with React, a memory router, a fake API behind fetch, and the focus recorded (linkedom
 * moves none). Every global is stubbed through Vitest, so nothing outlives the test.
 */

export interface FakeSlot {
  start: string;
  end: string;
}

export const slotAt = (start: string, minutes = 20): FakeSlot => ({
  start: new Date(start).toISOString(),
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});

/** The shipped discovery call, as the API answers it. */
export const DISCOVERY_TYPE = defaultTypeShell(DISCOVERY_CALL_SLUG)!;

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON a call sent, parsed. */
  body: Record<string, unknown> | undefined;
}

type Answer = { status: number; body: object };

/** The API as the contract describes it: free times from `slots`, and each POST answered by `onPost`. */
export function fakeApi(options: { slots: FakeSlot[]; bookableUntil: string; onPost?: (call: ApiCall) => Answer }) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const call: ApiCall = {
      method: (init?.method ?? "GET").toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    };
    calls.push(call);
    let answer: Answer;
    if (call.path === bookingsEndpoints.availability.path) {
      const from = Date.parse(url.searchParams.get("start")!);
      const to = Date.parse(url.searchParams.get("end")!);
      answer = {
        status: 200,
        body: {
          type: DISCOVERY_TYPE,
          time_zone: "America/New_York",
          slots: options.slots.filter((s) => Date.parse(s.start) >= from && Date.parse(s.start) < to),
          bookable_until: options.bookableUntil,
        },
      };
    } else if (call.method === "POST" && options.onPost) answer = options.onPost(call);
    else answer = { status: 404, body: { success: false, error: "Not found" } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  return { fetch, calls };
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** Where the memory router is now, for a test to read. */
export const current = { location: "" };
function LocationProbe() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    current.location = `${pathname}${search}`;
  }, [pathname, search]);
  return null;
}

export interface Page {
  document: Document;
  window: Window & typeof globalThis;
  /** Every element focus() was called on, in order. */
  focused: Element[];
  sessionStorage: Storage;
  render(element: ReactNode, path: string, at?: string): Promise<void>;
  /** Lets promises, lazy chunks and the fake API settle, then re-renders. */
  settle(): Promise<void>;
  /** Settles until `check` passes (or fails with its last error). */
  until(check: () => void): Promise<void>;
  click(element: Element): Promise<void>;
  key(element: Element, key: string): Promise<void>;
  submit(form: Element): Promise<void>;
  byLabel(label: string | RegExp): HTMLElement;
  /** A field's value as a browser shows it (linkedom leaves a textarea's first value in defaultValue). */
  valueOf(label: string | RegExp): string;
  buttonNamed(name: string | RegExp): HTMLButtonElement;
  text(): string;
  unmount(): void;
}

export function openPage(fetch: typeof globalThis.fetch): Page {
  const { window, document } = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  const focused: Element[] = [];
  window.HTMLElement.prototype.focus = function focus(this: Element) {
    focused.push(this);
  };
  const sessionStorage = memoryStorage();
  Object.assign(window, { sessionStorage, localStorage: memoryStorage() });
  vi.stubGlobal("window", window);
  vi.stubGlobal("document", document);
  vi.stubGlobal("IS_REACT_ACT_ENVIRONMENT", true);
  vi.stubGlobal("fetch", fetch);
  let root: Root | undefined;

  const event = (type: string, extra: Record<string, unknown> = {}) =>
    Object.assign(new window.Event(type, { bubbles: true, cancelable: true }), extra);

  const page: Page = {
    document: document as unknown as Document,
    window: window as unknown as Window & typeof globalThis,
    focused,
    sessionStorage,
    async render(element, path, at) {
      root = createRoot(document.getElementById("root")!);
      await act(async () =>
        root!.render(
          <MemoryRouter initialEntries={[at ?? path]}>
            <LocationProbe />
            <Routes>
              <Route path={path.split("?")[0]} element={element} />
              <Route path="*" element={element} />
            </Routes>
          </MemoryRouter>,
        ),
      );
      await page.settle();
    },
    async settle() {
      for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    },
    async until(check) {
      // The clock of the page may be frozen (fake Date): the wait is counted apart from it.
      const deadline = performance.now() + 10_000;
      for (;;) {
        try {
          check();
          return;
        } catch (error) {
          if (performance.now() > deadline) throw error;
          await page.settle();
        }
      }
    },
    async click(element) {
      await act(async () => void element.dispatchEvent(event("click")));
      await page.settle();
    },
    async key(element, key) {
      await act(async () => void element.dispatchEvent(event("keydown", { key })));
      await page.settle();
    },
    async submit(form) {
      await act(async () => void form.dispatchEvent(event("submit")));
      await page.settle();
    },
    byLabel(label) {
      const labels = [...document.querySelectorAll("label")];
      const found = labels.find((l) =>
        typeof label === "string" ? l.textContent?.trim().startsWith(label) : label.test(l.textContent ?? ""),
      );
      const control = found && document.getElementById(found.getAttribute("for") ?? "");
      if (!control) throw new Error(`No field labelled ${label}`);
      return control as unknown as HTMLElement;
    },
    valueOf(label) {
      const field = page.byLabel(label) as HTMLInputElement | HTMLTextAreaElement;
      return field.value || (field.tagName === "TEXTAREA" ? field.defaultValue : "");
    },
    buttonNamed(name) {
      const buttons = [...document.querySelectorAll("button")];
      const found = buttons.find((b) => {
        const accessible = b.getAttribute("aria-label") ?? b.textContent?.trim() ?? "";
        return typeof name === "string" ? accessible === name : name.test(accessible);
      });
      if (!found) throw new Error(`No button named ${name}`);
      return found as unknown as HTMLButtonElement;
    },
    text: () => document.body.textContent ?? "",
    unmount() {
      act(() => root?.unmount());
    },
  };
  return page;
}

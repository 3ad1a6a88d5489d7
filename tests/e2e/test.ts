import { test as base, expect, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";

export * from "@playwright/test";

/** The prefix of the console line the page writes for each Content-Security-Policy violation. */
export const CSP_VIOLATION = "Content-Security-Policy violation:";

/**
 * The journeys' `test`: every page of a journey reports each Content-Security-Policy violation
 * (Chromium fires `securitypolicyviolation` even for a blocked eval that the page catches, and
 * does not always log it), and a journey with one fails. A journey that provokes violations on
 * purpose (an injected script the policy must block) opts out with
 * `test.use({ cspViolationsAllowed: true })` and checks them itself.
 */
export const test = base.extend<{ cspViolationsAllowed: boolean }>({
  cspViolationsAllowed: [false, { option: true }],
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!options?.waitUntil) await settled(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (!options?.waitUntil) await settled(page);
      return response;
    };
    await use(page);
  },
  context: async ({ context, cspViolationsAllowed }, use) => {
    const violations: string[] = [];
    await context.addInitScript((prefix) => {
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(
          `${prefix} ${event.violatedDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}`,
        ),
      );
    }, CSP_VIOLATION);
    context.on("console", (message) => {
      if (message.text().startsWith(CSP_VIOLATION))
        violations.push(`${message.page()?.url() ?? ""}: ${message.text()}`);
    });
    await use(context);
    if (!cspViolationsAllowed) expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
});

/**
 * After `page.goto` and `page.reload` (unless the journey names its own `waitUntil`), the journeys
 * wait until React has hydrated one of the app's pages (`waitForHydration`): its scripts run after
 * the first paint, and a click that lands before hydration reaches no handler (a journey clicked a
 * demo filter that did nothing, on a busy machine).
 */
async function settled(page: Page, attempts = 3): Promise<void> {
  try {
    await waitForHydration(page, 20_000);
  } catch (error) {
    const message = (error as Error).message;
    // The page went on to another document (a redirect made by script): wait for that one.
    if (attempts > 1 && /context was destroyed|navigat/i.test(message)) {
      await page.waitForLoadState("load");
      return settled(page, attempts - 1);
    }
    throw new Error(`${page.url()} did not hydrate within 20 s: ${message}`);
  }
}

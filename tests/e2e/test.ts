import { test as base, expect } from "@playwright/test";

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

import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe must find nothing serious or critical. `within` (a CSS selector) reads only that part: a
 * state of one section, on a page whose whole is read by another journey at the same screen size.
 */
export async function expectAccessible(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    // Every rule still runs; only the violations carry their nodes back (not every passing node's
    // markup, megabytes on a long page).
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "serious or critical accessibility violations",
  ).toEqual([]);
}

/**
 * Nothing wider than the viewport (the classic phone-layout failure). Polled:
 * a layout still settling (late images, content arriving) gets its moment, a
 * page that stays too wide still fails.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: "page is wider than the viewport",
    })
    .toBeLessThanOrEqual(0);
}

/** Store a consent choice before the page loads, so the banner stays out of the way. */
export async function dismissCookieBanner(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ necessary: true, analytics: false, marketing: false, updatedAt: new Date().toISOString() }),
    );
  });
}

/** Collects console errors and failed page errors; journeys assert the list stays empty. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits until React has hydrated the page, so clicks reach their handlers. A page that is not the
 * app's (a demo site, a file, an API answer: no React Router context) has nothing to wait for.
 */
export async function waitForHydration(page: Page, timeout?: number) {
  await page.waitForFunction(
    () => !("__reactRouterContext" in window) || document.documentElement.dataset.hydrated === "true",
    undefined,
    { timeout },
  );
}

/**
 * Waits until the browser has painted `count` more frames: by then scroll handlers,
 * intersection observers and the renders they cause have run.
 */
export async function nextFrames(page: Page, count = 2) {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const tick = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => tick(left - 1)));
        tick(n);
      }),
    count,
  );
}

/**
 * The link to a post on whichever page of a /blog list it is (articles, or the case studies
 * with `?type=case-studies`): other journeys publish posts at the same time, which can push
 * it past page 1.
 */
export async function openBlogPageWith(page: Page, title: string, list: "articles" | "case-studies" = "articles") {
  for (let n = 1; n <= 30; n++) {
    const query = new URLSearchParams();
    if (list === "case-studies") query.set("type", list);
    if (n > 1) query.set("page", String(n));
    await page.goto(query.size ? `/blog?${query}` : "/blog");
    const link = page.getByRole("link", { name: title, exact: true });
    if (await link.count()) return link;
    if ((await page.locator('a[rel="next"]').count()) === 0) break;
  }
  throw new Error(`"${title}" is on no page of /blog`);
}

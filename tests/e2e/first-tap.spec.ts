import { expect, test, type Locator, type Page, type TestInfo } from "./test";
import { dismissCookieBanner, expectAccessible, waitForHydration } from "./fixtures";

/**
 * 12. On a mid-range phone the cookie bar's buttons and the chat launcher were drawn a few
 * hundred milliseconds before the page's scripts ran, and a tap in that time did nothing. These
 * journeys hold every script of the app (its JavaScript modules) until after the tap, then let
 * them load: the tap must have been answered (docs/decisions/035-first-screen-before-scripts.md).
 * The page's inline scripts are allowed by the Content-Security-Policy (the journeys' `test`
 * fails on any violation).
 */

/** Holds the app's JavaScript modules until `release()`; `held()` counts the requests waiting. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    held++;
    await gate;
    await route.continue().catch(() => undefined);
  });
  return { release, held: () => held };
}

/** Opens `path` with its scripts held: drawn, its scripts asked for, none run. */
async function openBeforeScripts(page: Page, path: string) {
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect.poll(scripts.held, { message: "the page asked for its scripts" }).toBeGreaterThan(0);
  expect(await hydrated(page)).toBe(false);
  return scripts;
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

/** A finger's tap on a phone, a click on a laptop. */
const tap = (target: Locator, info: TestInfo) => (info.project.use.hasTouch ? target.tap() : target.click());

const storedConsent = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem("cookie-consent") ?? "null") as unknown);

const pageviews = (page: Page) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/analytics/pageview") sent.push(request.url());
  });
  return sent;
};

for (const [choice, analytics] of [
  ["Accept All", true],
  ["Necessary Only", false],
] as const) {
  test(`12. ${choice} tapped before the page's scripts run is kept: the bar goes at once and stays gone @phone`, async ({
    page,
  }, info) => {
    await page.clock.install();
    const sent = pageviews(page);
    const scripts = await openBeforeScripts(page, "/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();

    await tap(banner.getByRole("button", { name: choice }), info);
    // Answered by the page itself, the app's scripts still held.
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ necessary: true, analytics, marketing: false });
    expect(await hydrated(page)).toBe(false);
    await page.screenshot({ path: info.outputPath("after-tap-before-scripts.png") });

    scripts.release();
    await waitForHydration(page);
    // The React banner reads the same stored choice: it does not come back.
    await expect(banner).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({ necessary: true, analytics, marketing: false });
    // Analytics behaves as after a tap on a running page: with Accept All the first pageview
    // leaves about a second later; with Necessary Only nothing is ever sent.
    await page.clock.runFor(1500);
    if (analytics) await expect.poll(() => sent.length, { message: "the first pageview" }).toBe(1);
    else {
      await page.clock.runFor(2000);
      expect(sent, "no analytics call").toEqual([]);
    }
    await expectAccessible(page);

    // And on the next page load too.
    await page.reload();
    await expect(banner).toHaveCount(0);
  });
}

test("12. the chat launcher tapped before the page's scripts run opens the chat once they have @phone", async ({
  page,
}, info) => {
  await dismissCookieBanner(page);
  const scripts = await openBeforeScripts(page, "/pricing");
  const launcher = page.getByRole("button", { name: "Chat with Tyler", exact: true });
  await expect(launcher).toBeVisible();
  await tap(launcher, info);
  expect(await hydrated(page)).toBe(false);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  scripts.release();
  const panel = page.getByRole("dialog", { name: "Chat with Tyler" });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole("textbox", { name: "Your message" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("chat-opened.png") });
  await expectAccessible(page);

  // Closed, it opens again with one tap, now from the running page: the early tap was used once.
  await panel.getByRole("button", { name: "Close chat" }).click();
  await expect(panel).toHaveCount(0);
  await tap(launcher, info);
  await expect(panel).toBeVisible();
});

test("12. the bar and the launcher tapped together before the scripts run: both are answered @phone", async ({
  page,
}, info) => {
  const scripts = await openBeforeScripts(page, "/about");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await tap(banner.getByRole("button", { name: "Necessary Only" }), info);
  await expect(banner).toBeHidden();
  // With the bar gone the launcher is back in its corner, and taken at the first tap.
  await tap(page.getByRole("button", { name: "Chat with Tyler", exact: true }), info);
  scripts.release();
  await expect(page.getByRole("dialog", { name: "Chat with Tyler" })).toBeVisible({ timeout: 20_000 });
  await expect(banner).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({ analytics: false });
});

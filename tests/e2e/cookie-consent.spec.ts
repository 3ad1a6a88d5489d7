import { expect, test } from "./test";
import { waitForHydration } from "./fixtures";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [choice, analytics] of [
  ["Accept All", true],
  ["Necessary Only", false],
] as const) {
  test(`${choice} is stored, and the banner stays gone across reloads and pages`, async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: choice }).click();
    await expect(banner).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("cookie-consent") ?? "null"));
    expect(stored).toMatchObject({ necessary: true, analytics, marketing: false });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The stored choice is read once the page has hydrated: the banner must not come back then.
    await waitForHydration(page);
    await expect(banner).toHaveCount(0);
    await page.goto("/some-other-page");
    await expect(page.getByText("Page not found")).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
}

test("a malformed stored consent shows the banner again", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "{not json"));
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
});

test("on a phone's first visit the banner is a compact bar: the hero's call to action and the chat launcher stay clear @phone-only", async ({
  page,
}, info) => {
  await page.goto("/");
  await waitForHydration(page);
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  const bar = (await banner.boundingBox())!;
  await page.screenshot({ path: info.outputPath("phone-first-visit.png") });
  expect(bar.height, "a compact bar, not half the screen").toBeLessThan(150);
  const cta = page.getByRole("main").getByRole("link", { name: "Start a Project" }).first();
  const launcher = page.getByRole("button", { name: /Chat with/ });
  await expect(launcher).toBeVisible();
  await expect
    .poll(async () => overlaps((await launcher.boundingBox())!, bar), { message: "launcher under the banner" })
    .toBe(false);
  expect(overlaps((await cta.boundingBox())!, bar), "the hero's call to action under the banner").toBe(false);
  // The launcher is lifted by a transform: nothing on the page moved by layout when the bar came.
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // No shift at all means no entry and no callback.
        setTimeout(() => resolve(0), 1000);
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: "layout-shift", buffered: true });
      }),
  );
  expect(shifted, "layout shift on a phone's first visit").toBeLessThan(0.01);

  // Keyboard users meet the banner first.
  await page.keyboard.press("Tab");
  await expect(banner.getByRole("link", { name: "Cookie policy" })).toBeFocused();

  // Once chosen, the launcher goes back to the corner.
  await banner.getByRole("button", { name: "Necessary Only" }).click();
  await expect(banner).toHaveCount(0);
  await expect
    .poll(async () => Math.round(844 - (await launcher.boundingBox())!.y - (await launcher.boundingBox())!.height))
    .toBeLessThan(20);
});

for (const [width, height] of [
  [1280, 800],
  [1366, 768],
  [1024, 768],
] as const) {
  test(`on a ${width}x${height} first visit the banner is a bar along the bottom: the hero's calls to action and the chat launcher stay clear`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    const bar = (await banner.boundingBox())!;
    expect(bar.width, "the bar spans the screen").toBe(width);
    expect(bar.height, "a compact bar").toBeLessThan(110);
    const hero = page.getByRole("main").locator("section").first();
    for (const name of ["Start a Project", "See My Work"]) {
      const link = hero.getByRole("link", { name });
      await expect(link).toBeVisible();
      expect(overlaps((await link.boundingBox())!, bar), `'${name}' under the banner`).toBe(false);
    }
    const launcher = page.getByRole("button", { name: /Chat with/ });
    await expect
      .poll(async () => overlaps((await launcher.boundingBox())!, bar), { message: "launcher under the banner" })
      .toBe(false);
    // Heard first, and read as one sentence led by its heading.
    await expect(banner.getByRole("heading", { name: "Cookies on this site." })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("link", { name: "Cookie policy" })).toBeFocused();
  });
}

import { expect, test } from "./test";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  waitForHydration,
  watchConsole,
} from "./fixtures";

test.describe("home", { tag: "@db" }, () => {
  test("featured projects render their cards", async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: /Featured Projects/ }) });
    await expect(section.getByRole("link", { name: "View All Projects" })).toHaveAttribute("href", "/projects");
    await expect(section.locator('a[href^="/projects#"]').first()).toBeVisible();
  });

  test("the avatar toggles with a 1 s animation that ignores clicks meanwhile", async ({ page }) => {
    // The page's clock is driven by the test, so the 1 s animation is measured exactly, however busy the machine.
    await page.clock.install();
    await dismissCookieBanner(page);
    await page.goto("/");
    await expect(page.getByText("Click me!")).toBeVisible();
    await waitForHydration(page);
    const button = page.getByRole("button", { name: /photo/i });
    const image = button.locator("img");
    const first = (await image.getAttribute("src"))!;
    // Stop the page's time: from here only runFor() moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    await button.click();
    await expect(image).not.toHaveAttribute("src", first);
    const second = (await image.getAttribute("src"))!;
    await page.clock.runFor(500);
    await button.click(); // half-way through the animation: ignored
    await expect(image).toHaveAttribute("src", second);
    await page.clock.runFor(600); // the animation is over
    await button.click();
    await expect(image).toHaveAttribute("src", first);
  });

  // What the page says (hero, sections, footer, title) is read from the built HTML by
  // server/site/public-pages.test.ts.
  test("has no serious accessibility violations, fits the screen and logs no error @phone", async ({ page }) => {
    const errors = watchConsole(page);
    await dismissCookieBanner(page);
    await page.goto("/");
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    expect(errors).toEqual([]);
  });
});

import { expect, test } from "./test";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  waitForHydration,
  watchConsole,
} from "./fixtures";

test.describe("home", { tag: "@db" }, () => {
  test("renders the hero, sections and footer @phone", async ({ page }) => {
    const errors = watchConsole(page);
    await dismissCookieBanner(page);
    await page.goto("/");
    await expect(page).toHaveTitle("Websites by Tyler - Custom websites that work");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Starting at $75").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Start a Project" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "See My Work" })).toHaveAttribute("href", "/projects");
    await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why Choose Me" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Is Your Business Already Here?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Check If Your Business Is Here" })).toHaveAttribute(
      "href",
      "/claim-your-website",
    );
    await expect(page.getByText("No upfront cost to claim")).toBeVisible();
    const footer = page.locator("footer");
    await expect(footer.locator('a[href$="-web-design"]')).toHaveCount(11);
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(footer.getByRole("link", { name: "Cookie Policy" })).toHaveAttribute("href", "/cookie-policy");
    await expect(footer.getByTestId("copyright-year")).toHaveText(String(new Date().getFullYear()));
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    expect(errors).toEqual([]);
  });

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

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/");
    await expectAccessible(page);
  });
});

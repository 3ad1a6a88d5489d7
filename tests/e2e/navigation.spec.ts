import { expect, test, type Page } from "./test";
import { dismissCookieBanner, nextFrames, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

const open = async (page: Page, path: string) => {
  await page.goto(path);
  await waitForHydration(page);
};

test("the My Work dropdown opens on click and reaches Projects and Demos", { tag: "@db" }, async ({ page }) => {
  await open(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const button = nav.getByRole("button", { name: "My Work" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: /Demos/ }).click();
  await expect(page).toHaveURL(/\/demos$/);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await nav.getByRole("link", { name: /Projects/ }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test("the Industries dropdown works from the keyboard", async ({ page }) => {
  await open(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const button = nav.getByRole("button", { name: "Industries" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: /Restaurants/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(nav.getByRole("link", { name: /Restaurants/ })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(nav.getByRole("link", { name: /Food Trucks/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/food-truck-web-design-ri$/);
});

test("a click outside closes an open dropdown", async ({ page }) => {
  await open(page, "/");
  const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Industries" });
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.mouse.click(8, 800);
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("the mobile menu mirrors the navigation and reaches its pages @phone-only", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.tap();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  for (const name of [
    "Projects",
    "Demos",
    "Restaurants",
    "Pet Grooming",
    "Services & Pricing",
    "About",
    "Blog",
    "Contact",
    "Claim Your Website",
    "Start a Project",
  ]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await menu.getByRole("link", { name: "Demos", exact: true }).tap();
  await expect(page).toHaveURL(/\/demos$/);
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).tap();
  await menu.getByRole("link", { name: "Landscaping", exact: true }).tap();
  await expect(page).toHaveURL(/\/landscaping-web-design-ri$/);
});

test("the scroll-to-top button appears after 300 px and scrolls up", async ({ page }) => {
  await open(page, "/");
  const button = page.getByRole("button", { name: "Scroll to top" });
  await expect(button).toHaveCount(0);
  // The scroll event has been handled and its render painted.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener("scroll", () => resolve(), { once: true });
        window.scrollTo(0, 250);
      }),
  );
  await nextFrames(page);
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});

test("a route change scrolls back to the top", async ({ page }) => {
  await open(page, "/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator("footer").getByRole("link", { name: "Providence Web Design", exact: true }).click();
  await expect(page).toHaveURL(/\/providence-web-design$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

import { expect, test } from "./test";
import { dismissCookieBanner, expectAccessible, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

for (const path of ["/404", "/no/such/page", "/blog-typo?x=1"]) {
  test(`${path} shows the not-found page with status 404 @phone`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    for (const href of ["/blog", "/projects", "/about", "/contact"]) {
      await expect(page.locator(`main a[href="${href}"]`)).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
  });
}

test("Go Back returns to the previous page", async ({ page }) => {
  await page.goto("/");
  await page.goto("/missing-page");
  // The button works through the page's script: it goes back once the page is hydrated.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the not-found page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/404");
  await expectAccessible(page);
});

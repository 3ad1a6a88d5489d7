import { expect, test } from "./test";
import { dismissCookieBanner, expectAccessible, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

// What the page says at each address (status 404, heading, noindex, links) is read from the built
// HTML by server/site/public-pages.test.ts.
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

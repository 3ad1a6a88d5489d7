import { expect, test } from "./test";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";

/**
 * A city page in the browser: hydrated, laid out on a phone, axe, and reached from the footer.
 * What every city page carries, both spellings (title, canonical, headings, cards, calls to action,
 * structured data), is read from the built HTML by server/site/landing-pages.test.ts.
 */
test.describe("city pages", () => {
  test("Newport has no accessibility violations and fits a phone @phone", async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/newport-web-design");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web Design in Newport, RI");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });

  test("a footer link opens a city page in the browser", async ({ page }) => {
    const errors = watchConsole(page);
    await dismissCookieBanner(page);
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Westerly Web Design" }).click();
    await expect(page).toHaveURL(/\/westerly-web-design$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web Design in Westerly, RI");
    await expect(page.getByTestId("city-service-card")).toHaveCount(6);
    // The 'Good fit for' labels of the cards side by side line up (three to a row here).
    const tops = await page
      .getByTestId("city-service-card")
      .getByText("Good fit for")
      .evaluateAll((labels) => labels.map((label) => Math.round(label.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(new Set(tops.slice(3)).size).toBe(1);
    expect(errors).toEqual([]);
  });
});

import { expect, test } from "./test";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";

/**
 * docs/product/site-pages.md "Services and pricing pages": Services, Pricing, How It Works, What's
 * Included, About. What each page says (headings, copy, FAQ, JSON-LD, title, description, canonical)
 * is read from the built HTML by server/site/marketing-pages.test.ts; here is what needs a browser.
 */

test.describe("marketing pages", () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test("the discovery checklist keeps its ticks in this browser across reloads", async ({ page, request }) => {
    test.slow(); // four page loads
    // The server renders every box unticked.
    const html = await (await request.get("/how-it-works")).text();
    expect(html).toContain("0 of 10 ready");
    expect(html).not.toMatch(/<input[^>]*type="checkbox"[^>]*checked/);

    await page.goto("/how-it-works");
    const checklist = page.getByTestId("discovery-checklist");
    await expect(checklist).toHaveAttribute("data-hydrated", "true");
    const boxes = checklist.getByRole("checkbox");
    await expect(boxes).toHaveCount(10);
    await expect(checklist.getByText("0 of 10 ready")).toBeVisible();

    await boxes.nth(0).check();
    await boxes.nth(6).check();
    await expect(checklist.getByText("2 of 10 ready")).toBeVisible();
    const struck = (index: number) =>
      checklist
        .locator("li")
        .nth(index)
        .locator("label span")
        .evaluate((element) => getComputedStyle(element).textDecorationLine);
    expect(await struck(0)).toContain("line-through");
    expect(await struck(6)).toContain("line-through");
    expect(await struck(1)).not.toContain("line-through");

    await page.reload();
    await expect(checklist).toHaveAttribute("data-hydrated", "true");
    await expect(checklist.getByText("2 of 10 ready")).toBeVisible();
    await expect(boxes.nth(0)).toBeChecked();
    await expect(boxes.nth(6)).toBeChecked();
    await expect(boxes.nth(1)).not.toBeChecked();
    expect(await struck(6)).toContain("line-through");

    await boxes.nth(0).uncheck();
    await expect(checklist.getByText("1 of 10 ready")).toBeVisible();
    expect(await struck(0)).not.toContain("line-through");
    await page.reload();
    await expect(checklist).toHaveAttribute("data-hydrated", "true");
    await expect(checklist.getByText("1 of 10 ready")).toBeVisible();
    await expect(boxes.nth(0)).not.toBeChecked();
    await expect(boxes.nth(6)).toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem("discovery-checklist"))).toBe('["photos"]');

    // Each label ticks its own box, and Clear empties the list.
    await checklist.getByText("The towns or neighborhoods you serve").click();
    await expect(boxes.nth(2)).toBeChecked();
    await checklist.getByRole("button", { name: "Clear checklist" }).click();
    await expect(checklist.getByText("0 of 10 ready")).toBeVisible();
    await expect(checklist.getByRole("checkbox", { checked: true })).toHaveCount(0);
    await page.reload();
    await expect(checklist).toHaveAttribute("data-hydrated", "true");
    await expect(checklist.getByRole("checkbox", { checked: true })).toHaveCount(0);
  });
});

test.describe("marketing pages accessibility", () => {
  test.beforeEach(async ({ page }) => {
    test.slow(); // axe over a long page
    await dismissCookieBanner(page);
  });

  for (const path of ["/services", "/pricing", "/whats-included", "/about"]) {
    test(`${path} has no serious accessibility violations, fits the screen and logs no error`, async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto(path);
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      expect(errors).toEqual([]);
    });
  }

  test("/how-it-works has no serious accessibility violations with a ticked item @phone", async ({ page }) => {
    await page.goto("/how-it-works");
    const checklist = page.getByTestId("discovery-checklist");
    await expect(checklist).toHaveAttribute("data-hydrated", "true");
    await expectNoHorizontalOverflow(page);
    // One run covers both looks: a ticked (struck-through) line and unticked ones.
    await checklist.getByRole("checkbox").first().check();
    await expect(checklist.getByText("1 of 10 ready")).toBeVisible();
    await expectAccessible(page);
  });
});

import { expect, test, type Page } from "./test";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  waitForHydration,
  watchConsole,
} from "./fixtures";

/** The three demo sites of this spec and the business each one is for. */
const DEMO_SITES = [
  { id: "restaurant", name: "Federal Hill Trattoria" },
  { id: "food-truck", name: "Ocean State Tacos" },
  { id: "car-detailing", name: "Gloss Boss Auto Detailing" },
] as const;

const filterGroup = (page: Page) => page.getByRole("group", { name: "Filter demos by category" });
const demoCards = (page: Page) => page.getByTestId("demo-list").locator("article");
const viewerFrame = (page: Page) => page.getByTitle(/demo website, (desktop|tablet|mobile) view$/);

async function frameWidth(page: Page) {
  const box = await viewerFrame(page).boundingBox();
  return box?.width ?? 0;
}

test.describe("demos page", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  test("the server HTML carries the demos but not the viewer frame", async ({ request }) => {
    const response = await request.get("/demos");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Federal Hill Trattoria");
    expect(html).toContain('"@type":"ItemList"');
    expect(html).not.toContain("<iframe");
  });

  test("the category filter shows each category with its count", async ({ page }) => {
    await page.goto("/demos");
    await expect(page.getByRole("heading", { level: 1, name: "Live Website Demos" })).toBeVisible();
    const buttons = filterGroup(page).getByRole("button");
    await expect(buttons).toHaveText([/^All\s*7$/, /^Service\s*\d+$/, /^Automotive\s*\d+$/, /^Food\s*\d+$/]);
    await expect(demoCards(page)).toHaveCount(7);

    for (const [label, only] of [
      ["Food", "Food"],
      ["Automotive", "Automotive"],
    ] as const) {
      const button = filterGroup(page).getByRole("button", { name: new RegExp(`^${label}`) });
      const count = Number(await button.getByTestId("filter-count").textContent());
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
      await expect(demoCards(page)).toHaveCount(count);
      await expect(demoCards(page).getByTestId("demo-category")).toHaveText(Array(count).fill(only));
    }
    await expect(demoCards(page)).toHaveText([/Gloss Boss Auto Detailing/]);
    await expect(viewerFrame(page)).toHaveAttribute("src", "/demo-sites/car-detailing/");

    await filterGroup(page).getByRole("button", { name: /^All/ }).click();
    await expect(demoCards(page)).toHaveCount(7);
  });

  test("the viewport toggle resizes the viewer frame", async ({ page }) => {
    await page.goto("/demos");
    const toggle = page.getByRole("group", { name: "Viewer screen size" });
    await expect(viewerFrame(page)).toBeVisible();
    await expect(viewerFrame(page)).toHaveAttribute("loading", "lazy");
    const desktop = await frameWidth(page);
    expect(desktop).toBeGreaterThan(900);

    await toggle.getByRole("button", { name: "Tablet" }).click();
    await expect(viewerFrame(page)).toHaveAttribute("title", /tablet view$/);
    await expect.poll(() => frameWidth(page)).toBeLessThan(desktop);
    const tablet = await frameWidth(page);
    expect(tablet).toBeGreaterThan(400);

    await toggle.getByRole("button", { name: "Mobile" }).click();
    await expect(toggle.getByRole("button", { name: "Mobile" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => frameWidth(page)).toBeCloseTo(375, 0);
    expect(await frameWidth(page)).toBeLessThan(tablet);

    await toggle.getByRole("button", { name: "Desktop" }).click();
    await expect.poll(() => frameWidth(page)).toBeCloseTo(desktop, 0);
  });

  test("choosing a demo shows it in the viewer", async ({ page }) => {
    await page.goto("/demos");
    await expect(viewerFrame(page)).toHaveAttribute("src", "/demo-sites/restaurant/");
    await page.getByRole("button", { name: "Show in viewer: Ocean State Tacos" }).click();
    await expect(viewerFrame(page)).toHaveAttribute("src", "/demo-sites/food-truck/");
    await expect(viewerFrame(page)).toHaveAttribute("title", "Ocean State Tacos demo website, desktop view");
    const frame = page.frameLocator('iframe[src="/demo-sites/food-truck/"]');
    await expect(frame.getByRole("heading", { level: 1 })).toContainText("Fish tacos");

    await page
      .getByRole("group", { name: "Choose a demo" })
      .getByRole("button", { name: /Gloss Boss/ })
      .click();
    await expect(viewerFrame(page)).toHaveAttribute("src", "/demo-sites/car-detailing/");
  });

  test("each demo lists its details and a live link to /demo-sites/{id}/ in a new tab", async ({ page }) => {
    await page.goto("/demos");
    const cards = demoCards(page);
    await expect(cards).toHaveCount(7);
    for (const card of await cards.all()) {
      const id = await card.getAttribute("data-demo");
      const live = card.getByRole("link", { name: /^Live site/ });
      await expect(live).toHaveAttribute("href", `/demo-sites/${id}/`);
      await expect(live).toHaveAttribute("target", "_blank");
      await expect(card.getByRole("heading", { level: 3 })).not.toBeEmpty();
      await expect(card.getByRole("heading", { name: "Features" })).toBeVisible();
      await expect(card.getByRole("heading", { name: "Built with" })).toBeVisible();
      expect(await card.locator("ul").first().locator("li").count()).toBeGreaterThanOrEqual(3);
    }
  });

  test("has no serious accessibility violations and fits a phone @phone", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/demos");
    // Below the fold (on a phone), the demo waits until the visitor scrolls to it.
    await waitForHydration(page);
    const viewer = page.getByRole("link", { name: "Open Federal Hill Trattoria in a new tab" });
    const belowTheFold = (await viewer.boundingBox())!.y > page.viewportSize()!.height + 100;
    if (belowTheFold) {
      await expect(page.getByText("Loading the Federal Hill Trattoria preview...")).toBeAttached();
      await page.waitForLoadState("load");
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
      await expect(page.locator("main iframe")).toHaveCount(0);
    }
    await viewer.scrollIntoViewIfNeeded();
    await expect(
      page.frameLocator('iframe[src="/demo-sites/restaurant/"]').getByRole("heading", { level: 1 }),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.getByRole("group", { name: "Viewer screen size" }).getByRole("button", { name: "Tablet" }).click();
    const box = await viewerFrame(page).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

test.describe("demo sites", () => {
  for (const site of DEMO_SITES) {
    test(`${site.id} answers 200 and shows ${site.name} @phone`, async ({ page, request, baseURL }) => {
      const outside: string[] = [];
      page.on("request", (req) => {
        if (!req.url().startsWith(baseURL!) && !req.url().startsWith("data:")) outside.push(req.url());
      });
      const response = await page.goto(`/demo-sites/${site.id}/`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(site.name));
      await expect(page.getByRole("banner").getByText(site.name)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      // The stylesheet applied (system fonts, no outside requests).
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
      await expect(page.getByText("Demo site: this form doesn't send.")).toBeVisible();
      const credit = page.getByRole("link", { name: "Websites by Tyler" });
      await expect(credit).toHaveAttribute("href", "/");
      await expect(credit).toHaveAttribute("target", "_top");
      for (const phone of await page.locator('a[href^="tel:"]').all()) {
        await expect(phone).toHaveAttribute("href", /^tel:\+140155501\d\d$/);
      }
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      expect(outside).toEqual([]);

      const bare = await request.get(`/demo-sites/${site.id}`);
      expect(bare.status()).toBe(200);
      expect(await bare.text()).toContain(site.name);
    });
  }
});

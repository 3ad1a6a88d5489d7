import { expect, test, type Page } from "./test";
import { phoneHref, servedCities, site } from "../../app/config/site";
import { cities, cityAliasPaths, cityForPath, cityPages } from "../../app/content/cities";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";

/** docs/product/landing-pages.md "City pages": only these three add an extra feature list. */
const WITH_EXTRA_FEATURES = new Set(["newport", "cranston", "north-kingstown"]);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("city pages", () => {
  for (const city of servedCities) {
    const copy = cities.find((entry) => entry.slug === city.slug)!;
    for (const path of [city.path, `${city.path}-ri`]) {
      test(`${path} shows the ${city.name} page`, async ({ page }) => {
        const errors = watchConsole(page);
        await dismissCookieBanner(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);

        await expect(page).toHaveTitle(`${copy.seo.title} | ${site.brand}`);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          new RegExp(`^https?://[^/]+${escape(city.path)}$`),
        );
        const main = page.locator("main");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Web Design in ${city.name}, RI`);
        await expect(main.getByText(`Serving ${city.name}, Rhode Island`, { exact: true })).toBeVisible();
        await expect(main.getByRole("link", { name: "Start Your Project" }).first()).toHaveAttribute(
          "href",
          "/start-project",
        );
        const phone = main.locator(`a[href="${phoneHref}"]`).first();
        await expect(phone).toBeVisible();
        await expect(phone).toContainText(site.phone.display);

        const places = page.getByTestId("city-places").getByRole("listitem");
        expect(await places.count()).toBeGreaterThanOrEqual(7);
        await expect(places.first()).toHaveText(copy.places.names[0]!);

        const cards = page.getByTestId("city-service-card");
        await expect(cards).toHaveCount(6);
        await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText(copy.services.cards[0].title);

        await expect(page.getByRole("heading", { name: "Why businesses choose us" })).toHaveCount(
          city.slug === "providence" ? 0 : 1,
        );
        await expect(page.getByTestId("city-extra-features")).toHaveCount(WITH_EXTRA_FEATURES.has(city.slug) ? 1 : 0);

        await expect(page.getByRole("heading", { name: "See Our Work in Action" })).toBeVisible();
        await expect(main.getByRole("link", { name: "View Live Demos" })).toHaveAttribute("href", "/demos");

        const cta = page.getByRole("region", { name: copy.cta.title });
        await expect(cta.getByRole("link", { name: "Start Your Project" })).toHaveAttribute("href", "/start-project");
        await expect(cta.getByRole("link", { name: copy.cta.contactLabel })).toHaveAttribute("href", "/contact");

        // The main structured data names the city in areaServed: the business itself in Providence, a Service elsewhere.
        const ld = await structuredData(page);
        const mainLd = ld.find((block) => block["@type"] !== "BreadcrumbList")!;
        expect(mainLd["@type"]).toBe(city.slug === "providence" ? "ProfessionalService" : "Service");
        expect(JSON.stringify(mainLd.areaServed)).toContain(`"${city.name}, RI"`);
        expect(errors).toEqual([]);
      });
    }
  }

  test("Newport has no accessibility violations and fits a phone @phone", async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/newport-web-design");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web Design in Newport, RI");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });

  test("Providence has no accessibility violations", async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/providence-web-design-ri");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web Design in Providence, RI");
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

test("city and industry pages share their own social card, drawn at build", async ({ request }) => {
  for (const [path, card] of [
    ["/westerly-web-design", "/images/social/city-westerly.png"],
    ["/restaurant-web-design-rhode-island", "/images/social/industry-restaurant.png"],
  ] as const) {
    const html = await (await request.get(path)).text();
    for (const tag of ['property="og:image"', 'name="twitter:image"'])
      expect(html).toMatch(new RegExp(`<meta ${tag} content="[^"]*${card.replace(/[./]/g, "\\$&")}"`));
    const image = await request.get(card);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  }
});

test.describe("city content", () => {
  test("every served city has its own page entry, alias and copy", () => {
    expect(cityPages.map((page) => page.path)).toEqual(servedCities.map((city) => city.path));
    expect(cityAliasPaths).toEqual(servedCities.map((city) => `${city.path}-ri`));
    for (const page of cityPages) {
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
      expect(page.description, page.path).toMatch(/\.$/);
      expect(page.keywords?.length, page.path).toBeGreaterThanOrEqual(5);
      expect(page).toMatchObject({ changefreq: "monthly", priority: 0.8 });
    }
    expect(new Set(cityPages.map((page) => page.title)).size).toBe(11);
    expect(new Set(cityPages.map((page) => page.description)).size).toBe(11);
    const cards = cities.flatMap((city) => city.services.cards);
    expect(cards).toHaveLength(66);
    expect(new Set(cards.map((card) => card.title)).size).toBe(66);
    expect(new Set(cards.map((card) => card.description)).size).toBe(66);
  });

  test("cityForPath reads both spellings and a trailing slash", () => {
    expect(cityForPath("/north-kingstown-web-design")?.slug).toBe("north-kingstown");
    expect(cityForPath("/north-kingstown-web-design-ri")?.slug).toBe("north-kingstown");
    expect(cityForPath("/bristol-web-design-ri/")?.slug).toBe("bristol");
    expect(cityForPath("/bristol-web-design/")?.path).toBe("/bristol-web-design");
    expect(cityForPath("/boston-web-design")).toBeUndefined();
    expect(cityForPath("/providence")).toBeUndefined();
  });
});

import { expect, test, type Page } from "./test";
import { site } from "../../app/config/site";
import { demoForIndustry } from "../../app/content/demos";
import { industries } from "../../app/content/industries";
import { industryPaths, type IndustrySlug } from "../../app/content/industry-paths";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  nextFrames,
  waitForHydration,
  watchConsole,
} from "./fixtures";

/** docs/product/landing-pages.md "Served cities": the fixed list of 13 served cities on every industry page. */
const CITIES = [
  "Providence",
  "Warwick",
  "Cranston",
  "Pawtucket",
  "East Providence",
  "Woonsocket",
  "Newport",
  "Bristol",
  "Westerly",
  "North Kingstown",
  "South Kingstown",
  "Coventry",
  "Cumberland",
];
/** Cities without a city page of their own: listed, not linked. */
const UNLINKED = ["Coventry", "Cumberland"];
/** docs/product/landing-pages.md "Industry pages": only these two show the phone link in the hero. */
const WITH_PHONE: IndustrySlug[] = ["restaurant", "pet-grooming"];

const pathOf = (slug: IndustrySlug) => industryPaths.find((entry) => entry.slug === slug)!.path;
const cityPath = (name: string) => `/${name.toLowerCase().replace(/ /g, "-")}-web-design`;

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("industry pages", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  test("the seven industries and two alias spellings have their own headings", () => {
    expect(industryPaths).toHaveLength(7);
    expect(industryPaths.flatMap((entry) => entry.aliases)).toEqual([
      "/restaurant-web-design-ri",
      "/pet-grooming-web-design-ri",
    ]);
    expect(new Set(industryPaths.map(({ slug }) => industries[slug].hero.title)).size).toBe(7);
    expect(new Set(industryPaths.map(({ slug }) => industries[slug].seo.title)).size).toBe(7);
  });

  for (const industry of industryPaths) {
    const { hero, seo } = industries[industry.slug];
    for (const path of [industry.path, ...industry.aliases]) {
      test(`${path} answers 200 with its own h1, canonical ${industry.path} and structured data`, async ({ page }) => {
        const errors = watchConsole(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero.title);
        await expect(page).toHaveTitle(`${seo.title} | ${site.brand}`);

        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
        expect(new URL(canonical!).pathname).toBe(industry.path);

        const description = await page.locator('meta[name="description"]').getAttribute("content");
        expect(description).toBe(seo.description);
        expect(description!.length).toBeLessThanOrEqual(160);

        const service = (await jsonLd(page)).find((data) => data["@type"] === "Service") as {
          url: string;
          areaServed: { name: string }[];
          offers: { lowPrice: number };
        };
        expect(service, "Service structured data").toBeTruthy();
        expect(new URL(service.url).pathname).toBe(industry.path);
        expect(service.areaServed.map((place) => place.name)).toEqual(CITIES.map((city) => `${city}, RI`));
        expect(service.offers.lowPrice).toBe(site.pricing.startingPrice);
        expect(errors).toEqual([]);
      });
    }

    test(`${industry.path}: every call to action goes to /start-project, phone link ${WITH_PHONE.includes(industry.slug) ? "shown" : "not shown"}`, async ({
      page,
    }) => {
      await page.goto(industry.path);
      const targets = await page
        .locator("main a, main button")
        .evaluateAll((elements) =>
          elements.map((el) => ({ tag: el.tagName.toLowerCase(), href: el.getAttribute("href") ?? "" })),
        );
      const actions = targets.filter(
        ({ href }) =>
          !href.startsWith("/demo-sites/") &&
          !href.startsWith("tel:") &&
          !href.startsWith("mailto:") &&
          !/^\/[a-z-]+-web-design$/.test(href),
      );
      expect(actions.length, "calls to action").toBeGreaterThanOrEqual(4);
      for (const action of actions) expect(action).toEqual({ tag: "a", href: "/start-project" });

      const heroPhone = page.locator("main section").first().locator('a[href^="tel:"]');
      if (WITH_PHONE.includes(industry.slug)) {
        await expect(heroPhone).toHaveCount(1);
        await expect(heroPhone).toHaveAttribute("href", `tel:${site.phone.e164}`);
        await expect(heroPhone).toContainText(site.phone.display);
      } else {
        await expect(heroPhone).toHaveCount(0);
      }
    });
  }

  test("lists the 13 fixed cities, linking those with a city page @phone", async ({ page }) => {
    for (const slug of ["landscaping", "pet-grooming"] as const) {
      await page.goto(pathOf(slug));
      const list = page.getByRole("list", { name: "Rhode Island cities served" });
      await expect(list.getByRole("listitem")).toHaveText(CITIES);
      const links = list.getByRole("link");
      await expect(links).toHaveCount(CITIES.length - UNLINKED.length);
      for (const city of CITIES) {
        const link = list.getByRole("link", { name: city, exact: true });
        if (UNLINKED.includes(city)) await expect(link).toHaveCount(0);
        else await expect(link).toHaveAttribute("href", cityPath(city));
      }
      // Linked or not, every city wears the same chip.
      const looks = await list.getByRole("listitem").evaluateAll((items) =>
        items.map((item) => {
          const style = getComputedStyle(item.firstElementChild!);
          return [style.borderStyle, style.borderColor, style.backgroundColor, style.color].join(" ");
        }),
      );
      expect(new Set(looks).size).toBe(1);
    }
  });

  test("the live demo frame loads only when scrolled near, never on first paint @phone", async ({ page }) => {
    const demo = demoForIndustry("restaurant")!;
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));

    await page.goto(pathOf("restaurant"));
    await page.waitForLoadState("networkidle");
    // Hydrated, the observer attached and its first report in, and still nothing.
    await waitForHydration(page);
    await nextFrames(page);
    const frame = page.locator("main iframe");
    await expect(frame, "no frame before scrolling").toHaveCount(0);
    await expect(page.getByTestId("demo-frame-box")).toContainText("The live demo loads as you scroll to it.");
    expect(requests.filter((path) => path.startsWith("/demo-sites/"))).toEqual([]);

    const box = page.getByTestId("demo-frame-box");
    const before = await box.boundingBox();
    await box.scrollIntoViewIfNeeded();
    await expect(frame).toHaveAttribute("src", demo.url);
    await expect(frame).toHaveAttribute("title", new RegExp(`${demo.title}`));
    await expect.poll(() => requests.includes(demo.url), { message: "the demo was requested" }).toBe(true);
    expect((await box.boundingBox())!.height, "fixed-size placeholder, no layout shift").toBe(before!.height);

    const open = page.getByRole("link", { name: new RegExp(`Open ${demo.title} in a new tab`) });
    await expect(open).toHaveAttribute("href", demo.url);
    await expect(open).toHaveAttribute("target", "_blank");
    await expect(open).toHaveAttribute("rel", /noopener/);
    await expectNoHorizontalOverflow(page);
  });

  test("the cleaning page's structured data starts at $75 and never says $800", async ({ page }) => {
    await page.goto(pathOf("cleaning-services"));
    const data = await jsonLd(page);
    const service = data.find((entry) => entry["@type"] === "Service") as { offers: { lowPrice: number } };
    expect(service.offers.lowPrice).toBe(75);
    expect(JSON.stringify(data)).not.toContain("800");
    await expect(page.locator("main")).not.toContainText("$800");
    await expect(page.locator("main").getByText("$75").first()).toBeVisible();
  });

  test("the restaurant page has no serious accessibility violations", async ({ page }) => {
    await page.goto(pathOf("restaurant"));
    await expectAccessible(page);
  });

  test("the plumbing page has no serious accessibility violations and fits the screen @phone", async ({ page }) => {
    await page.goto(pathOf("plumbing"));
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
  });
});

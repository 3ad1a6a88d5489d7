import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneHref, servedCities, site } from "~/config/site";
import { cities, cityAliasPaths, cityForPath, cityPages } from "~/content/cities";
import { industries } from "~/content/industries";
import { industryPaths, type IndustrySlug } from "~/content/industry-paths";
import { createTestApp } from "../../tests/support/app";

/**
 * Every city and industry page, both spellings, as the production build serves it, read as HTML
 * (docs/product/landing-pages.md): title, canonical, description, headings, cards, calls to action
 * and structured data. The browser journeys keep one page of each template for hydration, layout
 * and axe (tests/e2e/city-pages.spec.ts, tests/e2e/industry-pages.spec.ts).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ site: true });
}, 60_000);
afterAll(() => ctx.close());

/** docs/product/landing-pages.md "City pages": only these three add an extra feature list. */
const WITH_EXTRA_FEATURES = new Set(["newport", "cranston", "north-kingstown"]);
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
/** docs/product/landing-pages.md "Industry pages": only these two show the phone link in the hero. */
const WITH_PHONE: IndustrySlug[] = ["restaurant", "pet-grooming"];

async function page(path: string) {
  const res = await ctx.app.request(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const { document } = parseHTML(html);
  const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? "") as Record<string, unknown>,
  );
  return { document, html, text, jsonLd, main: document.querySelector("main")! };
}

describe("city pages, as served", () => {
  for (const city of servedCities) {
    const copy = cities.find((entry) => entry.slug === city.slug)!;
    for (const path of [city.path, `${city.path}-ri`]) {
      it(`${path} carries the ${city.name} page`, async () => {
        const { document, text, jsonLd, main } = await page(path);
        expect(text(document.querySelector("title"))).toBe(`${copy.seo.title} | ${site.brand}`);
        expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(
          new RegExp(`^https?://[^/]+${city.path}$`),
        );
        const h1 = document.querySelectorAll("h1");
        expect(h1).toHaveLength(1);
        expect(text(h1[0])).toBe(`Web Design in ${city.name}, RI`);
        expect(text(main)).toContain(`Serving ${city.name}, Rhode Island`);
        const links = [...main.querySelectorAll("a")];
        const linkTo = (name: string) => links.filter((a) => text(a) === name).map((a) => a.getAttribute("href"));
        expect(linkTo("Start Your Project")[0]).toBe("/start-project");
        const phone = main.querySelector(`a[href="${phoneHref}"]`);
        expect(text(phone)).toContain(site.phone.display);

        const places = document.querySelectorAll('[data-testid="city-places"] li');
        expect(places.length).toBeGreaterThanOrEqual(7);
        expect(text(places[0])).toBe(copy.places.names[0]);

        const cards = document.querySelectorAll('[data-testid="city-service-card"]');
        expect(cards).toHaveLength(6);
        expect(text(cards[0]!.querySelector("h3"))).toBe(copy.services.cards[0].title);

        const headings = [...document.querySelectorAll("h2, h3")].map(text);
        expect(headings.filter((h) => h === "Why businesses choose us")).toHaveLength(
          city.slug === "providence" ? 0 : 1,
        );
        expect(document.querySelectorAll('[data-testid="city-extra-features"]')).toHaveLength(
          WITH_EXTRA_FEATURES.has(city.slug) ? 1 : 0,
        );
        expect(headings).toContain("See Our Work in Action");
        expect(linkTo("View Live Demos")[0]).toBe("/demos");

        // The closing call to action: a region named by its heading.
        const cta = [...document.querySelectorAll("section[aria-labelledby]")].find(
          (s) => text(document.getElementById(s.getAttribute("aria-labelledby")!)) === copy.cta.title,
        );
        expect(cta, "the closing call to action").toBeTruthy();
        const ctaLinks = [...cta!.querySelectorAll("a")].map((a) => [text(a), a.getAttribute("href")]);
        expect(ctaLinks).toContainEqual(["Start Your Project", "/start-project"]);
        expect(ctaLinks).toContainEqual([copy.cta.contactLabel, "/contact"]);

        // The main structured data names the city in areaServed: the business itself in Providence, a Service elsewhere.
        const mainLd = jsonLd.find((block) => block["@type"] !== "BreadcrumbList")!;
        expect(mainLd["@type"]).toBe(city.slug === "providence" ? "ProfessionalService" : "Service");
        expect(JSON.stringify(mainLd.areaServed)).toContain(`"${city.name}, RI"`);
      });
    }
  }

  it("city and industry pages name their own social card, drawn at build", async () => {
    for (const [path, card] of [
      ["/westerly-web-design", "/images/social/city-westerly.png"],
      ["/restaurant-web-design-rhode-island", "/images/social/industry-restaurant.png"],
    ] as const) {
      const { html } = await page(path);
      for (const tag of ['property="og:image"', 'name="twitter:image"'])
        expect(html).toMatch(new RegExp(`<meta ${tag} content="[^"]*${card.replace(/[./]/g, "\\$&")}"`));
      const image = await ctx.app.request(card);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
    }
  });

  it("every served city has its own page entry, alias and copy", () => {
    expect(cityPages.map((p) => p.path)).toEqual(servedCities.map((city) => city.path));
    expect(cityAliasPaths).toEqual(servedCities.map((city) => `${city.path}-ri`));
    for (const p of cityPages) {
      expect(p.description.length, p.path).toBeLessThanOrEqual(160);
      expect(p.description, p.path).toMatch(/\.$/);
      expect(p.keywords?.length, p.path).toBeGreaterThanOrEqual(5);
      expect(p).toMatchObject({ changefreq: "monthly", priority: 0.8 });
    }
    expect(new Set(cityPages.map((p) => p.title)).size).toBe(11);
    expect(new Set(cityPages.map((p) => p.description)).size).toBe(11);
    const cards = cities.flatMap((city) => city.services.cards);
    expect(cards).toHaveLength(66);
    expect(new Set(cards.map((card) => card.title)).size).toBe(66);
    expect(new Set(cards.map((card) => card.description)).size).toBe(66);
  });

  it("cityForPath reads both spellings and a trailing slash", () => {
    expect(cityForPath("/north-kingstown-web-design")?.slug).toBe("north-kingstown");
    expect(cityForPath("/north-kingstown-web-design-ri")?.slug).toBe("north-kingstown");
    expect(cityForPath("/bristol-web-design-ri/")?.slug).toBe("bristol");
    expect(cityForPath("/bristol-web-design/")?.path).toBe("/bristol-web-design");
    expect(cityForPath("/boston-web-design")).toBeUndefined();
    expect(cityForPath("/providence")).toBeUndefined();
  });
});

describe("industry pages, as served", () => {
  for (const industry of industryPaths) {
    const { hero, seo } = industries[industry.slug];
    for (const path of [industry.path, ...industry.aliases]) {
      it(`${path} carries its own h1, canonical ${industry.path}, description and structured data`, async () => {
        const { document, text, jsonLd } = await page(path);
        const h1 = document.querySelectorAll("h1");
        expect(h1).toHaveLength(1);
        expect(text(h1[0])).toBe(hero.title);
        expect(text(document.querySelector("title"))).toBe(`${seo.title} | ${site.brand}`);
        const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute("href");
        expect(new URL(canonical!).pathname).toBe(industry.path);
        const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
        expect(description).toBe(seo.description);
        expect(description!.length).toBeLessThanOrEqual(160);
        const service = jsonLd.find((data) => data["@type"] === "Service") as {
          url: string;
          areaServed: { name: string }[];
          offers: { lowPrice: number };
        };
        expect(service, "Service structured data").toBeTruthy();
        expect(new URL(service.url).pathname).toBe(industry.path);
        expect(service.areaServed.map((place) => place.name)).toEqual(CITIES.map((city) => `${city}, RI`));
        expect(service.offers.lowPrice).toBe(site.pricing.startingPrice);
      });
    }

    it(`${industry.path}: every call to action goes to /start-project, phone link ${WITH_PHONE.includes(industry.slug) ? "shown" : "not shown"}`, async () => {
      const { main, text } = await page(industry.path);
      const targets = [...main.querySelectorAll("a, button")].map((el) => ({
        tag: el.tagName.toLowerCase(),
        href: el.getAttribute("href") ?? "",
      }));
      const actions = targets.filter(
        ({ href }) =>
          !href.startsWith("/demo-sites/") &&
          !href.startsWith("tel:") &&
          !href.startsWith("mailto:") &&
          !/^\/[a-z-]+-web-design$/.test(href),
      );
      expect(actions.length, "calls to action").toBeGreaterThanOrEqual(4);
      for (const action of actions) expect(action).toEqual({ tag: "a", href: "/start-project" });
      const heroPhone = main.querySelector("section")!.querySelectorAll('a[href^="tel:"]');
      if (WITH_PHONE.includes(industry.slug)) {
        expect(heroPhone).toHaveLength(1);
        expect(heroPhone[0]!.getAttribute("href")).toBe(`tel:${site.phone.e164}`);
        expect(text(heroPhone[0])).toContain(site.phone.display);
      } else {
        expect(heroPhone).toHaveLength(0);
      }
    });
  }

  it("the seven industries and two alias spellings have their own headings", () => {
    expect(industryPaths).toHaveLength(7);
    expect(industryPaths.flatMap((entry) => entry.aliases)).toEqual([
      "/restaurant-web-design-ri",
      "/pet-grooming-web-design-ri",
    ]);
    expect(new Set(industryPaths.map(({ slug }) => industries[slug].hero.title)).size).toBe(7);
    expect(new Set(industryPaths.map(({ slug }) => industries[slug].seo.title)).size).toBe(7);
  });

  it("the cleaning page's structured data starts at $75 and never says $800", async () => {
    const { jsonLd, main, text } = await page(industryPaths.find((i) => i.slug === "cleaning-services")!.path);
    const service = jsonLd.find((entry) => entry["@type"] === "Service") as { offers: { lowPrice: number } };
    expect(service.offers.lowPrice).toBe(75);
    expect(JSON.stringify(jsonLd)).not.toContain("800");
    expect(text(main)).not.toContain("$800");
    expect(text(main)).toContain("$75");
  });
});

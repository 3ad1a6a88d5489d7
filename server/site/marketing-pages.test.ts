import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { servedPage, type ServedPage } from "../../tests/support/served-html";

/**
 * docs/product/site-pages.md "Services and pricing pages" (Services, Pricing, How It Works,
 * What's Included, About), read from the production build's HTML. The browser journeys keep what
 * needs a browser: axe, the layout at phone width, the hydrated page's console, and the discovery
 * checklist (tests/e2e/marketing-pages.spec.ts).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ site: true });
}, 60_000);
afterAll(() => ctx.close());

/** The page, with what every marketing page carries: one h1, its title, description and canonical. */
async function open(path: string): Promise<ServedPage> {
  const page = await servedPage(ctx.app, path);
  expect(page.status, `${path} answers 200`).toBe(200);
  expect(page.document.querySelectorAll("h1")).toHaveLength(1);
  expect(page.title).toMatch(/ \| Websites by Tyler$/);
  const description = page.meta("description");
  expect(description?.length ?? 0).toBeGreaterThan(60);
  expect(description!.length).toBeLessThanOrEqual(160);
  expect(page.canonical).toMatch(new RegExp(`${path}$`));
  return page;
}

function region(page: ServedPage, name: string): Element {
  const found = page.region(name);
  expect(found, `the section "${name}"`).toBeDefined();
  return found!;
}
const texts = (page: ServedPage, within: Element, selector: string) =>
  [...within.querySelectorAll(selector)].map((element) => page.text(element));
const headings = (page: ServedPage, within: Element | Document) =>
  [...within.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((element) => page.text(element));
/** An element whose whole text is `value` (a price, a label). */
const hasExactText = (page: ServedPage, within: Element, value: string) =>
  [...within.querySelectorAll("*")].some((element) => page.text(element) === value);

/** The questions the page shows match the FAQ structured data, one for one. */
function expectFaqMatches(page: ServedPage, section: Element) {
  const shown = texts(page, section, "details summary").map((text) => text.replace(/\+$/, "").trim());
  expect(shown.length).toBeGreaterThanOrEqual(5);
  const faq = page.jsonLd.filter((data) => data["@type"] === "FAQPage");
  expect(faq, "exactly one FAQPage").toHaveLength(1);
  const entities = faq[0]!.mainEntity as { "@type": string; name: string; acceptedAnswer: { text: string } }[];
  expect(entities.map((entity) => entity.name)).toEqual(shown);
  for (const entity of entities) {
    expect(entity["@type"]).toBe("Question");
    expect(entity.acceptedAnswer.text.length).toBeGreaterThan(40);
  }
}

function offerPrices(page: ServedPage) {
  const business = page.jsonLd.find((data) => data["@type"] === "ProfessionalService");
  return (business!.makesOffer as { price: number }[]).map((offer) => offer.price);
}

describe("marketing pages, as served", () => {
  it("/services shows what's included, the process, price factors, what isn't done and an FAQ", async () => {
    const page = await open("/services");
    expect(page.text(page.document.querySelector("h1"))).toContain("starting at $75");
    expect(texts(page, region(page, "What's included in every website"), "h3")).toEqual([
      "Custom design and development",
      "SEO setup",
      "Hosting and security",
      "Contact forms",
      "Ongoing support",
      "Client portal",
    ]);
    expect(region(page, "How I approach design").querySelectorAll("h3")).toHaveLength(4);
    expect(texts(page, region(page, "Four steps from hello to launch"), "h3")).toEqual([
      "Step 1: Discovery",
      "Step 2: Strategic Design",
      "Step 3: Refine",
      "Step 4: Launch",
    ]);
    expect(region(page, "What affects the price").querySelectorAll("li")).toHaveLength(4);
    const notDone = region(page, "What I don't do");
    for (const name of [/e-commerce/i, /user accounts/i, /complex custom systems/i])
      expect(
        headings(page, notDone).some((heading) => name.test(heading)),
        String(name),
      ).toBe(true);
    expect(page.text(notDone)).toContain("hosted store platform");

    const faq = region(page, "Frequently asked questions");
    expectFaqMatches(page, faq);
    // The answer is in the question's own disclosure (a native <details>: no script opens it).
    const owns = [...faq.querySelectorAll("details")].find((details) =>
      page.text(details.querySelector("summary")).startsWith("Who owns the website when it's done?"),
    );
    expect(page.text(owns?.querySelector("p"))).toMatch(/The domain is registered in your name/);

    const business = page.jsonLd.find((data) => data["@type"] === "ProfessionalService");
    const offers = business?.makesOffer as { price: number; priceCurrency: string }[];
    expect(offers.map((offer) => offer.price)).toEqual([75, 275, 650]);
    expect(offers.every((offer) => offer.priceCurrency === "USD")).toBe(true);
    const service = page.jsonLd.find((data) => data["@type"] === "Service");
    expect(service?.offers).toMatchObject({ lowPrice: 75, highPrice: 2500 });
  });

  it("/pricing: Simple, Fair Pricing with three example tiers and no surprises", async () => {
    const page = await open("/pricing");
    expect(page.text(page.document.querySelector("h1"))).toBe("Simple, Fair Pricing");
    expect(page.text(page.main)).toContain("Most projects start at $75");
    expect(page.text(page.main)).toContain("Projects range from $75 to $2,500.");
    const tiers = region(page, "Three common starting points");
    expect(texts(page, tiers, "h3")).toEqual(["Single Page", "Starter Site", "Full Site"]);
    for (const price of ["$75", "$275", "$650"]) expect(hasExactText(page, tiers, price), price).toBe(true);
    expect(region(page, "What you get with every project").querySelectorAll("li")).toHaveLength(8);
    expect(region(page, "What affects the price").querySelectorAll("h3")).toHaveLength(4);
    const surprises = headings(page, region(page, "No surprises"));
    expect(surprises).toContain("No hidden fees");
    expect(surprises).toContain("A clear quote first");
    expect(offerPrices(page)).toEqual([75, 275, 650]);
  });

  it("/how-it-works shows the four steps, expectations, support, tips and Q&A", async () => {
    const page = await open("/how-it-works");
    expect(texts(page, region(page, "Four steps, start to finish"), "h3")).toEqual([
      "Step 1: Discovery Chat",
      "Step 2: Imagination Phase",
      "Step 3: Review & Tweak",
      "Step 4: Launch",
    ]);
    expect(page.text(region(page, "What to expect"))).toContain("1-3 weeks");
    expect(region(page, "Support and changes").querySelectorAll("h3")).toHaveLength(2);
    expect(headings(page, page.document)).toContain("Pro tips");
    expectFaqMatches(page, region(page, "Questions and answers"));
  });

  it("/whats-included lists four included and four not-included groups, a price card and links", async () => {
    const page = await open("/whats-included");
    expect(texts(page, region(page, "Included with every website"), "h3")).toEqual([
      "Website development",
      "SEO and optimization",
      "Hosting and infrastructure",
      "Ongoing support",
    ]);
    const notIncluded = region(page, "Not included, and where to go instead");
    const groups = texts(page, notIncluded, "h3");
    expect(groups).toHaveLength(4);
    expect(groups.some((heading) => /e-commerce/i.test(heading))).toBe(true);
    expect(groups.some((heading) => /user accounts/i.test(heading))).toBe(true);
    expect(texts(page, notIncluded, "strong").filter((text) => text.startsWith("Instead:"))).toHaveLength(4);
    const price = region(page, "Everything above, starting at");
    expect(hasExactText(page, price, "$75")).toBe(true);
    expect(page.links("Start a Project", price).map((a) => a.getAttribute("href"))).toEqual(["/start-project"]);
    expect(page.links("Ask a Question", price).map((a) => a.getAttribute("href"))).toEqual(["/contact"]);
  });

  it("/about introduces Tyler and leads to /start-project", async () => {
    const page = await open("/about");
    expect(page.text(page.document.querySelector("h1"))).toContain("Tyler");
    expect(page.text(page.main)).toContain("Tyler Brennan");
    expect(page.text(page.main)).toContain("Providence");
    region(page, "Why I do this");
    expect(region(page, "How I work").querySelectorAll("h3")).toHaveLength(4);
    const scope = headings(page, region(page, "What I do, and what I don't"));
    expect(scope).toContain("What I do");
    expect(scope).toContain("What I don't do");
    expect(page.main.querySelector('a[href="/start-project"]')).not.toBeNull();
    const portraits = [...page.document.querySelectorAll("img")].filter((img) =>
      /portrait of Tyler/.test(img.getAttribute("alt") ?? ""),
    );
    expect(portraits.length).toBeGreaterThan(0);
  });
});

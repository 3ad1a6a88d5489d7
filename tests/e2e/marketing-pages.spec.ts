import { expect, test, type Locator, type Page } from "./test";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";

/** docs/product/site-pages.md "Services and pricing pages": Services, Pricing, How It Works, What's Included, About. */

type JsonLd = Record<string, unknown> & { "@type"?: string };

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as JsonLd);
}

async function faqEntities(page: Page) {
  const faq = (await jsonLd(page)).filter((data) => data["@type"] === "FAQPage");
  expect(faq, "exactly one FAQPage").toHaveLength(1);
  return faq[0]!.mainEntity as { "@type": string; name: string; acceptedAnswer: { text: string } }[];
}

/** The questions the page shows match the FAQ structured data, one for one. */
async function expectFaqMatches(page: Page, section: Locator) {
  const shown = (await section.locator("details summary").allTextContents()).map((text) =>
    text.replace(/\+$/, "").trim(),
  );
  expect(shown.length).toBeGreaterThanOrEqual(5);
  const entities = await faqEntities(page);
  expect(entities.map((entity) => entity.name)).toEqual(shown);
  for (const entity of entities) {
    expect(entity["@type"]).toBe("Question");
    expect(entity.acceptedAnswer.text.length).toBeGreaterThan(40);
  }
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers 200`).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page).toHaveTitle(/ \| Websites by Tyler$/);
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description?.length ?? 0).toBeGreaterThan(60);
  expect(description!.length).toBeLessThanOrEqual(160);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
}

const region = (page: Page, name: string | RegExp) => page.getByRole("region", { name });

test.describe("marketing pages", () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test("/services shows what's included, the process, price factors, what isn't done and an FAQ", async ({ page }) => {
    const errors = watchConsole(page);
    await open(page, "/services");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("starting at $75");

    await expect(region(page, "What's included in every website").getByRole("heading", { level: 3 })).toHaveText([
      "Custom design and development",
      "SEO setup",
      "Hosting and security",
      "Contact forms",
      "Ongoing support",
      "Client portal",
    ]);
    await expect(region(page, "How I approach design").getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(region(page, "Four steps from hello to launch").getByRole("heading", { level: 3 })).toHaveText([
      "Step 1: Discovery",
      "Step 2: Strategic Design",
      "Step 3: Refine",
      "Step 4: Launch",
    ]);
    await expect(region(page, "What affects the price").getByRole("listitem")).toHaveCount(4);
    const notDone = region(page, "What I don't do");
    await expect(notDone.getByRole("heading", { name: /e-commerce/i })).toBeVisible();
    await expect(notDone.getByRole("heading", { name: /user accounts/i })).toBeVisible();
    await expect(notDone.getByRole("heading", { name: /complex custom systems/i })).toBeVisible();
    await expect(notDone).toContainText("hosted store platform");

    await expectFaqMatches(page, region(page, "Frequently asked questions"));
    const faq = region(page, "Frequently asked questions");
    await faq.getByText("Who owns the website when it's done?").click();
    await expect(faq.getByText(/The domain is registered in your name/)).toBeVisible();

    const business = (await jsonLd(page)).find((data) => data["@type"] === "ProfessionalService");
    const offers = business?.makesOffer as { price: number; priceCurrency: string }[];
    expect(offers.map((offer) => offer.price)).toEqual([75, 275, 650]);
    expect(offers.every((offer) => offer.priceCurrency === "USD")).toBe(true);
    const service = (await jsonLd(page)).find((data) => data["@type"] === "Service");
    expect(service?.offers).toMatchObject({ lowPrice: 75, highPrice: 2500 });
    expect(errors).toEqual([]);
  });

  test("/pricing: Simple, Fair Pricing with three example tiers and no surprises", async ({ page }) => {
    await open(page, "/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simple, Fair Pricing");
    await expect(page.getByText("Most projects start at $75").first()).toBeVisible();
    await expect(page.getByText("Projects range from $75 to $2,500.")).toBeVisible();
    const tiers = region(page, "Three common starting points");
    await expect(tiers.getByRole("heading", { level: 3 })).toHaveText(["Single Page", "Starter Site", "Full Site"]);
    for (const price of ["$75", "$275", "$650"]) await expect(tiers.getByText(price, { exact: true })).toBeVisible();
    await expect(region(page, "What you get with every project").getByRole("listitem")).toHaveCount(8);
    await expect(region(page, "What affects the price").getByRole("heading", { level: 3 })).toHaveCount(4);
    const surprises = region(page, "No surprises");
    await expect(surprises.getByRole("heading", { name: "No hidden fees" })).toBeVisible();
    await expect(surprises.getByRole("heading", { name: "A clear quote first" })).toBeVisible();
    const offers = (await jsonLd(page)).find((data) => data["@type"] === "ProfessionalService")?.makesOffer as {
      price: number;
    }[];
    expect(offers.map((offer) => offer.price)).toEqual([75, 275, 650]);
  });

  test("/how-it-works shows the four steps, expectations, support, tips and Q&A", async ({ page }) => {
    await open(page, "/how-it-works");
    await expect(region(page, "Four steps, start to finish").getByRole("heading", { level: 3 })).toHaveText([
      "Step 1: Discovery Chat",
      "Step 2: Imagination Phase",
      "Step 3: Review & Tweak",
      "Step 4: Launch",
    ]);
    await expect(region(page, "What to expect")).toContainText("1-3 weeks");
    await expect(region(page, "Support and changes").getByRole("heading", { level: 3 })).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Pro tips" })).toBeVisible();
    await expectFaqMatches(page, region(page, "Questions and answers"));
  });

  test("the discovery checklist keeps its ticks in this browser across reloads @phone", async ({ page, request }) => {
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

  test("/whats-included lists four included and four not-included groups, a price card and links", async ({ page }) => {
    await open(page, "/whats-included");
    await expect(region(page, "Included with every website").getByRole("heading", { level: 3 })).toHaveText([
      "Website development",
      "SEO and optimization",
      "Hosting and infrastructure",
      "Ongoing support",
    ]);
    const notIncluded = region(page, "Not included, and where to go instead");
    await expect(notIncluded.getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(notIncluded.getByRole("heading", { name: /e-commerce/i })).toBeVisible();
    await expect(notIncluded.getByRole("heading", { name: /user accounts/i })).toBeVisible();
    await expect(notIncluded.getByText(/^Instead:/)).toHaveCount(4);
    const price = region(page, "Everything above, starting at");
    await expect(price.getByText("$75", { exact: true })).toBeVisible();
    await expect(price.getByRole("link", { name: "Start a Project" })).toHaveAttribute("href", "/start-project");
    await expect(price.getByRole("link", { name: "Ask a Question" })).toHaveAttribute("href", "/contact");
  });

  test("/about introduces Tyler and leads to /start-project", async ({ page }) => {
    await open(page, "/about");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Tyler");
    await expect(page.getByRole("main")).toContainText("Tyler Brennan");
    await expect(page.getByRole("main")).toContainText("Providence");
    await expect(region(page, "Why I do this")).toBeVisible();
    await expect(region(page, "How I work").getByRole("heading", { level: 3 })).toHaveCount(4);
    const scope = region(page, "What I do, and what I don't");
    await expect(scope.getByRole("heading", { name: "What I do", exact: true })).toBeVisible();
    await expect(scope.getByRole("heading", { name: "What I don't do" })).toBeVisible();
    await expect(page.getByRole("main").locator('a[href="/start-project"]').first()).toBeVisible();
    await expect(page.getByRole("img", { name: /portrait of Tyler/ })).toBeVisible();
  });
});

test.describe("marketing pages accessibility", () => {
  test.beforeEach(async ({ page }) => {
    test.slow(); // axe over a long page
    await dismissCookieBanner(page);
  });

  for (const path of ["/services", "/pricing", "/whats-included", "/about"]) {
    test(`${path} has no serious accessibility violations and fits the screen`, async ({ page }) => {
      await page.goto(path);
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
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

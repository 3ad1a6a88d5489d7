import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { createTestApp } from "../../tests/support/app";
import { servedPage, type ServedPage } from "../../tests/support/served-html";

/**
 * What the home page, the not-found page, the privacy policy and a town's fallback page say, read
 * from the production build's HTML. The browser journeys keep hydration, layout, the console and
 * axe (tests/e2e/home.spec.ts, not-found.spec.ts, legal-search-towns.spec.ts).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ site: true });
}, 60_000);
afterAll(() => ctx.close());

const hrefs = (page: ServedPage, name: string | RegExp, within?: ParentNode) =>
  page.links(name, within).map((a) => a.getAttribute("href"));
const headings = (page: ServedPage) =>
  [...page.document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((element) => page.text(element));

describe("home, as served", () => {
  it("renders the hero, sections and footer", async () => {
    const page = await servedPage(ctx.app, "/");
    expect(page.status).toBe(200);
    expect(page.title).toBe("Websites by Tyler - Custom websites that work");
    expect(page.text(page.document.querySelector("h1"))).not.toBe("");
    expect(page.text(page.document.body)).toContain("Starting at $75");
    expect(hrefs(page, "Start a Project").length).toBeGreaterThan(0);
    expect(hrefs(page, "See My Work")).toEqual(["/projects"]);
    expect(page.main.querySelector('a[href^="tel:"]')).not.toBeNull();
    expect(headings(page)).toContain("Why Choose Me");
    expect(headings(page)).toContain("Is Your Business Already Here?");
    expect(hrefs(page, "Check If Your Business Is Here")).toEqual(["/claim-your-website"]);
    expect(page.text(page.document.body)).toContain("No upfront cost to claim");
    const footer = page.document.querySelector("footer")!;
    expect(footer.querySelectorAll('a[href$="-web-design"]')).toHaveLength(11);
    expect(hrefs(page, "Privacy Policy", footer)).toEqual(["/privacy-policy"]);
    expect(hrefs(page, "Cookie Policy", footer)).toEqual(["/cookie-policy"]);
    expect(page.text(footer.querySelector('[data-testid="copyright-year"]'))).toBe(String(new Date().getFullYear()));
    expect(page.document.querySelector('nav[aria-label="Breadcrumb"]')).toBeNull();
  });
});

describe("the not-found page, as served", () => {
  for (const path of ["/404", "/no/such/page", "/blog-typo?x=1"]) {
    it(`${path} shows the not-found page with status 404`, async () => {
      const page = await servedPage(ctx.app, path);
      expect(page.status).toBe(404);
      expect([...page.document.querySelectorAll("*")].some((element) => page.text(element) === "404")).toBe(true);
      expect(headings(page)).toContain("Page not found");
      expect(page.meta("robots")).toMatch(/noindex/);
      for (const href of ["/blog", "/projects", "/about", "/contact"])
        expect(page.main.querySelector(`a[href="${href}"]`), href).not.toBeNull();
      expect(hrefs(page, "Go to Homepage")).toEqual(["/"]);
    });
  }
});

describe("the privacy policy, as served", () => {
  const { retention } = site;
  const years = (n: number) => `${n} year${n === 1 ? "" : "s"}`;
  let page: ServedPage;
  beforeAll(async () => {
    page = await servedPage(ctx.app, "/privacy-policy");
    expect(page.status).toBe(200);
  });

  it("states what is collected, the retention periods and how to ask for deletion", () => {
    expect(page.text(page.document.querySelector("h1"))).toBe("Privacy Policy");
    expect([...page.document.querySelectorAll("*")].map((element) => page.text(element))).toContain(
      `Last updated ${site.legalUpdated}`,
    );
    const main = page.text(page.main);
    for (const text of [
      "Project and contact forms",
      "project chat",
      "client portal",
      "Analytics",
      `deleted ${years(retention.inquiriesYears)} after it was started`,
      `up to ${years(retention.analyticsYears)}`,
      "under 18",
      "How to ask for deletion",
    ])
      expect(main).toContain(text);
  });

  it("states the project retention of the config: the year after completion, the files, the backups", () => {
    const kept = [...page.main.querySelectorAll("section")].find((section) =>
      [...section.querySelectorAll("h1, h2, h3, h4")].some((h) => page.text(h) === "How long it is kept"),
    )!;
    const items = [...kept.querySelectorAll("li")].map((li) => page.text(li));
    expect(items.filter((item) => /^Projects, with/.test(item))).toEqual([
      `Projects, with their milestones, updates, messages and files: deleted ${years(retention.projectsYearsAfterCompletion)} after the project is complete, or after its last message, update or change if that came later. A file that a published article on this site also shows stays with the article.`,
    ]);
    expect(items.filter((item) => item.includes("Backup copies"))).toEqual([
      `Backup copies of the site's data are kept for ${retention.backupsDays} days and then deleted, so whatever is deleted from the site is gone from every copy ${retention.backupsDays} days later.`,
    ]);
    const contact = items.filter((item) => item.includes("contact details"));
    expect(contact).toHaveLength(1);
    expect(contact[0]).toContain("until you ask me to delete them");
    const billing = items.filter((item) => /^Quotes, invoices, payments/.test(item));
    expect(billing).toHaveLength(1);
    expect(billing[0]).toContain(`kept for ${years(retention.billingYears)} after the year they were issued`);
  });
});

describe("a town without a page of its own, as served", () => {
  it("gets a page titled from the town, both spellings; a place outside Rhode Island is not found", async () => {
    for (const path of ["/johnston-web-design", "/johnston-web-design-ri"]) {
      const page = await servedPage(ctx.app, path);
      expect(page.status, path).toBe(200);
      expect(page.title).toMatch(/Web Design in Johnston, RI/);
      expect(page.text(page.document.querySelector("h1"))).toBe("Web Design in Johnston, RI");
      expect(page.canonical).toMatch(/\/johnston-web-design$/);
      expect(page.meta("description")).toMatch(/Johnston, Rhode Island/);
    }
    const missing = await servedPage(ctx.app, "/atlantis-web-design");
    expect(missing.status).toBe(404);
    expect(headings(missing)).toContain("Page not found");
  });
});

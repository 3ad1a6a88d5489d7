import { expect, test } from "./test";
import { demoForIndustry } from "../../app/content/demos";
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

const pathOf = (slug: IndustrySlug) => industryPaths.find((entry) => entry.slug === slug)!.path;
const cityPath = (name: string) => `/${name.toLowerCase().replace(/ /g, "-")}-web-design`;

/**
 * Industry pages in the browser: the served cities' chips, the demo frame that loads on scroll, a
 * phone's layout and axe. What every industry page carries, both spellings (title, canonical,
 * description, calls to action, structured data), is read from the built HTML by
 * server/site/landing-pages.test.ts.
 */
test.describe("industry pages", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

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
    const errors = watchConsole(page);
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
    expect(errors, "nothing in the console, hydration included").toEqual([]);
  });

  test("the plumbing page has no serious accessibility violations and fits the screen @phone", async ({ page }) => {
    await page.goto(pathOf("plumbing"));
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
  });
});

import { test } from "./test";
import { dismissCookieBanner, expectAccessible } from "./fixtures";

/**
 * axe on the pages no other journey checks. The marketing pages, /demos, a city page and an
 * industry page are checked by their own journeys (marketing-pages, demos, city-pages,
 * industry-pages); what every city and industry page carries is read from the built HTML by
 * server/site/site-crawl.test.ts and landing-pages.test.ts.
 */
test.describe("accessibility of the remaining pages", () => {
  const paths = ["/privacy-policy", "/cookie-policy", "/search?q=newport"];
  for (const path of paths) {
    // Search results include the posts in the database.
    const tag = path.startsWith("/search") ? ["@db"] : [];
    test(`axe finds nothing serious on ${path}`, { tag }, async ({ page }) => {
      await dismissCookieBanner(page);
      await page.goto(path);
      await expectAccessible(page);
    });
  }
});

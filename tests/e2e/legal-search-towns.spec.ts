import { site } from "../../app/config/site";
import { expect, test } from "./test";
import { dismissCookieBanner, waitForHydration } from "./fixtures";

// What the privacy policy states (what is collected, the retention periods of the config) and a
// town's fallback page are read from the built HTML by server/site/public-pages.test.ts.

test("the cookie policy shows and changes the stored choice", async ({ page }) => {
  await page.goto("/cookie-policy");
  await expect(page.getByText(`Last updated ${site.legalUpdated}`, { exact: true })).toBeVisible();
  const settings = page.getByRole("region", { name: "Your cookie choice" });
  await expect(settings.getByRole("status")).toHaveText("You haven't chosen yet.");
  // The buttons work through the page's script, which runs after the first paint.
  await waitForHydration(page);
  await settings.getByRole("button", { name: "Necessary Only" }).click();
  await expect(settings.getByRole("status")).toHaveText("Your choice: Necessary Only (analytics off).");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  await settings.getByRole("button", { name: "Accept All" }).click();
  await page.reload();
  await expect(settings.getByRole("status")).toHaveText("Your choice: Accept All (analytics on).");
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cookie-consent")!).analytics)).toBe(true);
});

test("site search finds pages by their words and says so when nothing matches", { tag: "@db" }, async ({ page }) => {
  await dismissCookieBanner(page);
  const response = await page.goto("/search?q=newport");
  expect(response?.status()).toBe(200);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const results = page.getByRole("listitem").filter({ has: page.locator('a[href="/newport-web-design"]') });
  await expect(results.first()).toBeVisible();
  await page.getByRole("searchbox", { name: "Search the site" }).fill("zzqxv");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=zzqxv$/);
  await expect(page.getByRole("status")).toContainText('Nothing matched "zzqxv"');
});

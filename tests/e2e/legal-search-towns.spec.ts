import { site } from "../../app/config/site";
import { expect, test } from "./test";
import { dismissCookieBanner, waitForHydration } from "./fixtures";

const { retention } = site;
const years = (n: number) => `${n} year${n === 1 ? "" : "s"}`;

test("the privacy policy states what is collected, the retention periods and how to ask for deletion @phone", async ({
  page,
}) => {
  await dismissCookieBanner(page);
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText(`Last updated ${site.legalUpdated}`, { exact: true })).toBeVisible();
  const main = page.locator("main");
  for (const text of [
    "Project and contact forms",
    "project chat",
    "client portal",
    "Analytics",
    `deleted ${years(retention.inquiriesYears)} after it was started`,
    `up to ${years(retention.analyticsYears)}`,
    "under 18",
    "How to ask for deletion",
  ]) {
    await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
  }
});

test("the privacy policy states the project retention of the config: the year after completion, the files, the backups @phone", async ({
  page,
}) => {
  await dismissCookieBanner(page);
  await page.goto("/privacy-policy");
  const kept = page.locator("main section").filter({ has: page.getByRole("heading", { name: "How long it is kept" }) });
  const projects = kept.getByRole("listitem").filter({ hasText: /^Projects, with/ });
  await expect(projects).toHaveText(
    `Projects, with their milestones, updates, messages and files: deleted ${years(retention.projectsYearsAfterCompletion)} after the project is complete, or after its last message, update or change if that came later. A file that a published article on this site also shows stays with the article.`,
  );
  await expect(kept.getByRole("listitem").filter({ hasText: "Backup copies" })).toHaveText(
    `Backup copies of the site's data are kept for ${retention.backupsDays} days and then deleted, so whatever is deleted from the site is gone from every copy ${retention.backupsDays} days later.`,
  );
  await expect(kept.getByRole("listitem").filter({ hasText: "contact details" })).toContainText(
    "until you ask me to delete them",
  );
  await expect(kept.getByRole("listitem").filter({ hasText: /^Quotes, invoices, payments/ })).toContainText(
    `kept for ${years(retention.billingYears)} after the year they were issued`,
  );
});

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

test("a Rhode Island town without its own page gets a page titled from the town, both spellings", async ({ page }) => {
  await dismissCookieBanner(page);
  for (const path of ["/johnston-web-design", "/johnston-web-design-ri"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveTitle(/Web Design in Johnston, RI/);
    await expect(page.getByRole("heading", { level: 1, name: "Web Design in Johnston, RI" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/johnston-web-design$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Johnston, Rhode Island/);
  }
  const response = await page.goto("/atlantis-web-design");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

import { expect, test, type Page } from "./test";
import { site } from "../../app/config/site";
import { claimableSites } from "../../app/content/claimable-sites";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  nextFrames,
  waitForHydration,
  watchConsole,
} from "./fixtures";

const PATH = "/claim-your-website";
const list = (page: Page) => page.getByTestId("claim-site-list");
const card = (page: Page, id: string) => page.locator(`article[data-site="${id}"]`);
const claimButton = (page: Page, name: string) => page.getByRole("button", { name: `Claim this site: ${name}` });
const claimSteps = (page: Page) => page.getByRole("navigation", { name: "Claim steps" });
const submitButton = (page: Page, name: string) => page.getByRole("button", { name: `Claim ${name}`, exact: true });

const electrician = claimableSites.find((entry) => entry.licenseInfo)!;
const diner = claimableSites.find((entry) => entry.id !== electrician.id && entry.status === "preview")!;

const answers = {
  name: "Ginette Lavallée",
  phone: "(401) 555-0139",
  email: "ginette@example.com",
  verification: "I'm the owner on file with the state. Call the diner any morning before 2 and ask for me.",
};

async function openClaim(page: Page, name: string) {
  await page.goto(PATH);
  await waitForHydration(page);
  await claimButton(page, name).click();
  await expect(page.getByRole("heading", { level: 1, name: `Claim ${name}` })).toBeVisible();
}

async function fillForm(page: Page) {
  await page.getByLabel("Your name").fill(answers.name);
  await page.getByLabel("Business phone").fill(answers.phone);
  await page.getByLabel("Business email").fill(answers.email);
  await page.getByLabel("How can I verify you own the business?").fill(answers.verification);
}

async function expectValuesKept(page: Page) {
  await expect(page.getByLabel("Your name")).toHaveValue(answers.name);
  await expect(page.getByLabel("Business phone")).toHaveValue(answers.phone);
  await expect(page.getByLabel("Business email")).toHaveValue(answers.email);
  await expect(page.getByLabel("How can I verify you own the business?")).toHaveValue(answers.verification);
}

const storedClaims = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem("claimed-sites") ?? "[]") as Record<string, string>[]);

test.describe("claim your website", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  test("the server HTML carries the browse view with the three sites", async ({ request }) => {
    const response = await request.get(PATH);
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const entry of claimableSites) {
      expect(html).toContain(entry.websiteUrl);
    }
    expect(html).toContain("Claim this site");
    // No preview frame comes with the page: each is created once its card is near.
    expect(html).not.toMatch(/<iframe/);
  });

  test("browse lists three sites with badges, preview frames and their first four features", async ({ page }) => {
    await page.goto(PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Claim Your Website" })).toBeVisible();
    await expect(list(page).locator("article")).toHaveCount(3);
    expect(claimableSites.filter((entry) => entry.status === "live")).toHaveLength(1);

    for (const entry of claimableSites) {
      const item = card(page, entry.id);
      await expect(item.getByRole("heading", { level: 3, name: entry.businessName })).toBeVisible();
      await expect(item.getByTestId("claim-status-badge")).toHaveText(
        entry.status === "live" ? "Live site" : "Preview",
      );
      await expect(item).toContainText(entry.location);
      await expect(item).toContainText(entry.category);
      await expect(item).toContainText(entry.reason);
      await expect(item.getByTestId("claim-site-status")).toContainText("not yet claimed");

      const frame = item.locator("iframe");
      await item.scrollIntoViewIfNeeded();
      await expect(frame, "the preview loads once its card is near").toHaveAttribute("src", entry.websiteUrl);
      await expect(frame).toHaveAttribute("title", `Preview of the website built for ${entry.businessName}`);
      const frameBox = await frame.locator("..").boundingBox();
      const cardBox = await item.boundingBox();
      expect(frameBox!.x + frameBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);

      const features = item.getByTestId("claim-site-features").locator("li");
      const more = entry.features.length - 4;
      await expect(features).toHaveCount(4 + (more > 0 ? 1 : 0));
      await expect(features.nth(0)).toHaveText(entry.features[0]!);
      await expect(features.nth(3)).toHaveText(entry.features[3]!);
      if (more > 0) await expect(item.getByTestId("claim-site-more")).toHaveText(`+${more} more`);

      const open = item.getByRole("link", { name: `Open in new tab: the ${entry.businessName} site` });
      await expect(open).toHaveAttribute("href", entry.websiteUrl);
      await expect(open).toHaveAttribute("target", "_blank");
    }
    await expect(card(page, electrician.id)).toContainText(electrician.licenseInfo!);

    const cta = page.getByRole("region", { name: "Not on the list?" });
    await expect(cta.getByRole("link", { name: "Start a Project" })).toHaveAttribute("href", "/start-project");
    await expect(cta.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
  });

  test("claiming a site shows its summary and form; the breadcrumb is the only way back", async ({ page }) => {
    await openClaim(page, electrician.businessName);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(list(page)).toHaveCount(0);

    await expect(claimSteps(page).getByText(electrician.businessName)).toHaveAttribute("aria-current", "page");
    const summary = page.getByRole("region", { name: electrician.businessName, exact: true });
    for (const feature of electrician.features) await expect(summary).toContainText(feature);
    const live = summary.getByRole("link", { name: /See the live site/ });
    await expect(live).toHaveAttribute("href", electrician.websiteUrl);
    await expect(live).toHaveAttribute("target", "_blank");

    await expect(page.getByLabel("Business phone")).toHaveAttribute("type", "tel");
    await expect(page.getByLabel("Business email")).toHaveAttribute("type", "email");
    // The breadcrumb and the submit button are the only buttons on the page body.
    await expect(page.getByRole("main").getByRole("button")).toHaveCount(2);

    await claimSteps(page).getByRole("button", { name: "Claim Your Website" }).click();
    await expect(list(page).locator("article")).toHaveCount(3);
    await expect(claimButton(page, electrician.businessName)).toBeFocused();
  });

  test("every field is required and checked before anything is sent", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (req) => req.url().includes("/api/claims") && sent.push(req.url()));
    await openClaim(page, diner.businessName);

    await submitButton(page, diner.businessName).click();
    for (const [label, message] of [
      ["Your name", "Name is required"],
      ["Business phone", "Business phone is required"],
      ["Business email", "Business email is required"],
      ["How can I verify you own the business?", "Verification is required"],
    ] as const) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(message));
    }
    await expect(page.getByLabel("Your name")).toBeFocused();

    await fillForm(page);
    await page.getByLabel("Business email").fill("ginette at the diner");
    await submitButton(page, diner.businessName).click();
    await expect(page.getByLabel("Business email")).toHaveAccessibleDescription(/Enter a valid email address/);
    await expect(page.getByLabel("Business email")).toBeFocused();
    await expect(page.getByLabel("Your name")).not.toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
  });

  test("a successful claim is sent, remembered in the browser and tracked", async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem(
        "cookie-consent",
        JSON.stringify({ necessary: true, analytics: true, marketing: false, updatedAt: new Date().toISOString() }),
      );
    });
    let body: Record<string, unknown> | null = null;
    await page.route("**/api/claims", (route) => {
      body = route.request().postDataJSON() as Record<string, unknown>;
      return route.fulfill({ json: { success: true } });
    });

    await openClaim(page, diner.businessName);
    await fillForm(page);
    await submitButton(page, diner.businessName).click();

    const heading = page.getByRole("heading", { level: 1, name: "Your claim is in" });
    await expect(heading).toBeFocused();
    await expect(page.getByRole("main")).toContainText(`within ${site.replyPromise.fast}`);
    await expect(page.getByRole("main")).toContainText(diner.businessName);
    await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
    const links = page.getByRole("main").getByRole("link");
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute("href", "/");

    expect(body).toMatchObject({ siteId: diner.id, ...answers, hp_extra_info: "" });
    expect(body!.attribution).toMatchObject({ landing_page: PATH });

    const stored = await storedClaims(page);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ siteId: diner.id, businessName: diner.businessName });
    expect(Number.isNaN(Date.parse(stored[0]!.claimedAt!))).toBe(false);

    const events = await page.evaluate(() => window.dataLayer ?? []);
    expect(events).toContainEqual({
      event: "claim",
      business_name: diner.businessName,
      category: diner.category,
      website_url: new URL(diner.websiteUrl, page.url()).href,
    });

    await links.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a failed claim keeps every value, shows the server's message and stays in the browser", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/claims", async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { success: false, error: "The claim could not be saved right now." } });
    });

    await openClaim(page, diner.businessName);
    await fillForm(page);
    await submitButton(page, diner.businessName).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    release();

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The claim could not be saved right now.");
    await expect(alert.getByRole("link", { name: site.email })).toBeVisible();
    await expectValuesKept(page);
    await expect(submitButton(page, diner.businessName)).toBeEnabled();
    await expect(page.getByRole("heading", { level: 1, name: `Claim ${diner.businessName}` })).toBeVisible();
    expect(await storedClaims(page)).toMatchObject([{ siteId: diner.id, businessName: diner.businessName }]);
  });

  test("browse and claim views have no serious accessibility violations and fit a phone @phone", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(PATH);
    await expect(list(page).locator("article")).toHaveCount(3);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    await waitForHydration(page);
    await claimButton(page, electrician.businessName).click();
    await expect(page.getByRole("heading", { level: 1, name: `Claim ${electrician.businessName}` })).toBeVisible();
    await submitButton(page, electrician.businessName).click();
    await expect(page.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

test("a preview frame far below the first screen loads only when scrolled near @phone", async ({ page }) => {
  await dismissCookieBanner(page);
  await page.goto(PATH);
  await waitForHydration(page);
  const last = list(page).locator("article").last().locator("iframe");
  await page.waitForLoadState("load");
  await nextFrames(page, 10);
  await expect(last).toHaveCount(0);
  await expect(list(page).locator("article").last()).toContainText("loads as you scroll to it");
  await list(page).locator("article").last().scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute("src", /^\/claim-sites\//);
});

test.describe("claim preview sites", () => {
  for (const entry of claimableSites) {
    test(`${entry.id} answers 200 and shows ${entry.businessName} @phone`, async ({ page, request, baseURL }) => {
      const outside: string[] = [];
      page.on("request", (req) => {
        if (!req.url().startsWith(baseURL!) && !req.url().startsWith("data:")) outside.push(req.url());
      });
      const response = await page.goto(`${entry.websiteUrl}index.html`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(entry.businessName));
      await expect(page.getByRole("banner").getByText(entry.businessName).first()).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.locator("script")).toHaveCount(0);
      // The stylesheet at /claim-sites/{id}/style.css applied.
      await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("href", `${entry.websiteUrl}style.css`);
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");

      const banner = page.getByRole("link", {
        name: `Preview built by Websites by Tyler for ${entry.businessName} — not yet claimed`,
      });
      await expect(banner).toBeVisible();
      await expect(banner).toHaveAttribute("href", PATH);
      await expect(banner).toHaveAttribute("target", "_top");
      await expect(page.getByText("Preview site: this form doesn't send.")).toBeVisible();
      await expect(page.locator('form button[type="submit"], form input[type="submit"]')).toHaveCount(0);
      for (const phone of await page.locator('a[href^="tel:"]').all()) {
        await expect(phone).toHaveAttribute("href", `tel:+1${entry.phone.replaceAll("-", "")}`);
      }
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      expect(outside).toEqual([]);

      const folder = await request.get(entry.websiteUrl);
      expect(folder.status()).toBe(200);
      expect(await folder.text()).toContain(entry.businessName.replaceAll("&", "&amp;"));
    });
  }
});

import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./test";
import { OWNER_STATE, createContact, createProject, ownerToken } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import { queryAppDb } from "./db";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, waitForHydration } from "./fixtures";

/**
 * Reviews after launch (docs/product/reviews.md): a client whose project is complete opens the
 * link of the e-mail that asked for a review (read from the outbox), lands on the form after the
 * portal's usual sign-in by the link's Project ID, and leaves five stars with the keyboard; the
 * owner approves it on /admin/reviews; it shows on the home page, whose structured data now gives
 * the rating computed from the approved reviews. Tagged @global-settings: an approval changes
 * every page's rating, so it runs when no other journey is looking, and the expected rating is
 * computed from the one the site gave before.
 */

const PHONE = { width: 390, height: 844 };

async function snap(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

/** The e-mailed review link of a project, from the outbox, as the path it opens on this server. */
async function reviewLinkOf(projectId: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const rows = await queryAppDb<{ text: string }>(
          "select text from email_outbox where kind = 'review_request' and project_id = $1",
          [projectId],
        );
        text = rows[0]?.text ?? "";
        return rows.length;
      },
      { timeout: 70_000, message: "the review request e-mail" },
    )
    .toBe(1);
  const link = /https?:\/\/\S+\/client-portal\?review=1#project=\S+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The business's rating as the home page's structured data gives it, once its reviews have loaded. */
async function homeRating(page: Page) {
  return page.evaluate(() => {
    for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
      const data = JSON.parse(script.textContent ?? "{}") as { aggregateRating?: unknown };
      if (data.aggregateRating) return data.aggregateRating as { ratingValue: string; reviewCount: number };
    }
    return null;
  });
}

async function ownerPage(browser: Browser) {
  const context = await browser.newContext({ storageState: OWNER_STATE, viewport: { width: 1440, height: 900 } });
  return { context, page: await context.newPage() };
}

test.describe("a review after launch", { tag: ["@db", "@global-settings"] }, () => {
  test("the client reviews from the e-mailed link, the owner approves, the home page shows it and its rating", async ({
    page,
    browser,
    request,
  }, info) => {
    test.setTimeout(180_000);
    const tag = unique();
    const business = `Nguyễn Florals ${tag}`;
    const words = `Tyler gave our Pawtucket flower shop a site that takes orders at midnight. ${tag}`;

    // What the site claimed before: the expected rating is this one with a 5 added.
    const before = (await (await request.get("/api/reviews")).json()) as {
      rating: { value: number; count: number } | null;
    };
    const count = (before.rating?.count ?? 0) + 1;
    const value = ((before.rating ? before.rating.value * before.rating.count : 0) + 5) / count;

    // A real state: Łucja's project, made by the owner and moved to Complete.
    const contact = await createContact(request, {
      name: "Łucja Nguyễn",
      email: `lucja.${tag}@example.com`,
      status: "qualified",
    });
    const project = await createProject(request, {
      name: `Nguyễn Florals website ${tag}`,
      description: "A flower shop site with same-day orders.",
      contact_ids: [contact.id],
    });
    for (const status of ["design", "development", "review", "launch", "complete"]) {
      const moved = await request.put(`/api/admin/projects/${project.id}`, {
        data: { status },
        headers: { Authorization: `Bearer ${ownerToken()}` },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }

    // The client, not signed in, opens the e-mailed link.
    const link = await reviewLinkOf(project.id);
    await dismissCookieBanner(page);
    await page.goto(link);
    await waitForHydration(page);
    const section = page.getByTestId("portal-review");
    const heading = section.getByRole("heading", { name: /Review your project/ });
    await expect(heading).toBeFocused({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/client-portal$/);
    await expect(page.getByTestId("portal-project-id")).toHaveText(project.id);
    await expectAccessible(page);

    // A clear message for what is missing, then the stars with the keyboard.
    await section.getByRole("button", { name: "Send my review" }).click();
    await expect(section.getByText("Choose a rating from 1 to 5 stars")).toBeVisible();
    await expect(section.getByRole("radio", { name: "1 out of 5 stars" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(section.getByRole("radio", { name: "5 out of 5 stars" })).toBeChecked();
    await section.getByLabel("A few words about the work").fill(words);
    await expect(section.getByLabel("Name to show")).toHaveValue("Łucja Nguyễn");
    await section.getByLabel(/Business to show/).fill(business);
    await section.getByRole("checkbox", { name: /may publish this review/ }).check();

    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await section.scrollIntoViewIfNeeded();
    await snap(page, info, "portal-review-form-phone");
    await page.setViewportSize({ width: 1440, height: 900 });

    await section.getByRole("button", { name: "Send my review" }).click();
    await expect(section.getByRole("status")).toContainText("Thank you");
    await expect(section.getByTestId("portal-review-status")).toContainText("Pending");
    await expect(section.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();

    // The owner approves it.
    const owner = await ownerPage(browser);
    try {
      await owner.page.goto("/admin/reviews?status=pending");
      await waitForHydration(owner.page);
      await expect(owner.page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
      const row = owner.page.locator("[data-record-id]").filter({ hasText: business });
      await expect(row).toBeVisible({ timeout: 20_000 });
      await expect(row.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
      await expect(row).toContainText("May publish");
      await expectAccessible(owner.page);
      await row.getByRole("button", { name: "Approve the review by Łucja Nguyễn" }).click();
      await expect(owner.page.getByText("Approved: it shows on the home and about pages now.")).toBeVisible();

      await owner.page.goto("/admin/reviews?status=approved");
      await owner.page.setViewportSize(PHONE);
      const card = owner.page.locator("[data-record-id]").filter({ hasText: business });
      await expect(card).toContainText("Approved");
      await expectNoHorizontalOverflow(owner.page);
      await snap(owner.page, info, "admin-reviews-phone");
    } finally {
      await owner.context.close();
    }

    // The home page shows it, and its structured data gives the rating.
    await page.goto("/");
    await waitForHydration(page);
    const reviews = page.getByTestId("client-reviews");
    await expect(reviews.getByText(words)).toBeVisible({ timeout: 20_000 });
    await expect(reviews.getByText(business)).toBeVisible();
    await expect(reviews.getByTestId("reviews-rating")).toContainText(`${value.toFixed(1)} out of 5`);
    expect(await homeRating(page)).toMatchObject({
      "@type": "AggregateRating",
      ratingValue: value.toFixed(1),
      reviewCount: count,
    });
    if (!before.rating) expect(await homeRating(page)).toMatchObject({ ratingValue: "5.0", reviewCount: 1 });
    await expectAccessible(page);
  });
});

import type { CarePlan } from "~/contracts/care-plans";
import { expect, test, type APIRequestContext, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, waitForHydration } from "./fixtures";
import { OWNER_STATE, ownerToken } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import { submitProject } from "./portal-fixtures";
import { billingSection, dayFromToday, openPortalProject, shoot } from "./portal-billing-helpers";

/**
 * Care plans (docs/product/billing.md "Care plans"): the owner starts one from a project's details
 * and sees it listed with its next due date, the business's zone named; the client sees it, and its
 * first invoice, in the portal's Billing section. On a phone too, and axe finds nothing serious.
 */

const LOADED = { timeout: 20_000 };
const auth = () => ({ Authorization: `Bearer ${ownerToken()}` });

/** "Wed, Jan 6, 2027": as formatPlanDay writes a day. */
const dayWords = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** A month after `day`, clamped as the plans' calendar does (a day within the next week never clamps past 28). */
function monthAfter(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(y, m, Math.min(d, last), 12));
  return next.toISOString().slice(0, 10);
}

async function clientProject(request: APIRequestContext) {
  const t = unique();
  return submitProject(request, `Rosa Pereira ${t}`, `rosa.pereira.${t}@example.com`);
}

async function openProject(page: Page, projectId: string) {
  await page.goto(`/admin/projects?project=${projectId}`);
  await waitForHydration(page);
  const details = page.getByRole("dialog", { name: "Project Details" });
  await expect(details).toBeVisible(LOADED);
  const plans = details.getByTestId("care-plans");
  await expect(plans).toBeVisible(LOADED);
  return plans;
}

test.describe("care plans", { tag: "@db" }, () => {
  test.describe.configure({ timeout: 90_000 });

  test.describe("the owner", () => {
    test.use({ storageState: OWNER_STATE });

    test("starts a monthly plan from a project and sees it listed with its next due date, the zone named @phone", async ({
      page,
    }, testInfo) => {
      const phone = testInfo.project.name === "phone";
      const projectId = await clientProject(page.request);
      const plans = await openProject(page, projectId);
      await expect(plans).toContainText("No care plan yet");

      await plans.getByRole("button", { name: "Start Care Plan" }).click();
      const form = plans.getByRole("form", { name: "Start care plan" });
      // Refused when wrong, with the field named.
      await form.getByRole("button", { name: "Start Care Plan" }).click();
      await expect(form).toContainText("Enter the amount in dollars");

      const first = dayFromToday(20);
      await form.getByRole("textbox", { name: "Amount each period ($)" }).fill("50.00");
      await form.getByLabel("Interval").selectOption("monthly");
      await form.getByLabel("First due date").fill(first);
      await form.getByRole("button", { name: "Start Care Plan" }).click();

      const plan = plans.getByTestId("care-plan");
      await expect(plan).toBeVisible(LOADED);
      await expect(plan).toContainText("Hosting & support");
      await expect(plan).toContainText("$50.00/month");
      await expect(plan).toContainText("Active");
      const next = plan.getByTestId("care-plan-next");
      await expect(next).toContainText(`Next due ${dayWords(first)}`);
      await expect(next).toContainText(`its invoice sent ${dayWords(dayFromToday(13))}`);
      await expect(next).toContainText("(Eastern Time)");

      await plan.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      if (phone) {
        await expectNoHorizontalOverflow(page);
        await plan.screenshot({ path: testInfo.outputPath("care-plan-admin-phone.png") });
      }

      // Pause and resume: one click each.
      await plan.getByRole("button", { name: "Pause Hosting & support" }).click();
      await expect(plan).toContainText("Paused");
      await expect(next).toContainText("once resumed");
      await plan.getByRole("button", { name: "Resume Hosting & support" }).click();
      await expect(plan).toContainText("Active");

      // The dashboard counts it in the recurring revenue (other journeys' plans may be there too).
      await page.goto("/admin");
      await waitForHydration(page);
      const recurring = page.getByTestId("stat-recurring");
      await expect(recurring).toContainText("Recurring revenue", LOADED);
      await expect(recurring).toContainText(/\$[\d,]+\.\d{2}\/month/);
      await expectAccessible(page);
      if (phone) await expectNoHorizontalOverflow(page);
    });
  });

  test("the client sees the plan and its first invoice in the portal's Billing section @phone", async ({
    page,
  }, testInfo) => {
    const phone = testInfo.project.name === "phone";
    const projectId = await clientProject(page.request);
    // First due in three days: its invoice (a week before) is written and sent as the plan starts.
    const first = dayFromToday(3);
    const res = await page.request.post(`/api/admin/projects/${projectId}/care-plans`, {
      headers: auth(),
      data: { name: "Hosting & support", amount_cents: 5_000, interval: "monthly", first_due_date: first },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { plan } = (await res.json()) as { plan: CarePlan };
    expect(plan.periods).toHaveLength(1);
    const invoiceNumber = plan.periods[0]!.invoice_number!;

    await openPortalProject(page, projectId);
    const billing = billingSection(page);
    const card = billing.getByTestId("portal-care-plan");
    await expect(card).toBeVisible(LOADED);
    await expect(card.getByRole("heading", { name: "Hosting & support" })).toBeVisible();
    await expect(card).toContainText("$50.00/month");
    await expect(card).toContainText("Monthly");
    await expect(card).toContainText("Active");
    await expect(card.getByTestId("portal-care-plan-next")).toHaveText(`${dayWords(monthAfter(first))} (Eastern Time)`);
    await expect(card).toContainText(`Invoice ${invoiceNumber}, for ${dayWords(first)}`);
    // The invoice itself is listed below, open, to pay.
    const invoice = billing.locator(`[data-testid="portal-invoice"][data-invoice="${invoiceNumber}"]`);
    await expect(invoice).toBeVisible();
    await expect(invoice).toContainText("Care plan");
    await expect(invoice).toContainText("$50.00");

    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    if (phone) await expectNoHorizontalOverflow(page);
    await shoot(page, "care-plan", card);
  });
});

import { devices } from "@playwright/test";
import { authEndpoints } from "~/contracts/auth";
import type { CarePlan } from "~/contracts/care-plans";
import { unique } from "./admin-content-helpers";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { unexpected } from "./billing-journey-helpers";
import { withStripeApp } from "./stripe-app";
import { submitProject } from "./portal-fixtures";
import { billingSection, dayFromToday, openPortalProject, shoot } from "./portal-billing-helpers";
import { expect, test } from "./test";

/**
 * A care plan paid automatically (docs/product/billing.md "Care plans"; decision 062), on an app of
 * its own with card payments set up against the Stripe stand-in, on a phone: the client opens the
 * plan in the portal, chooses "Pay automatically with a card", pays the open invoice on the
 * stand-in's Checkout page (which saves the card), and is back in the portal with the invoice paid
 * and automatic payment on ("Visa ending 4242"), both from the signed webhooks; then turns it off.
 */
test(
  "the client saves a card for a care plan while paying its invoice, sees automatic payment on, and turns it off @phone-only",
  { tag: ["@db"] },
  async ({ browser }) => {
    test.setTimeout(180_000);
    await withStripeApp(async (app, peer) => {
      const { defaultBrowserType: _type, ...phone } = devices["Pixel 7"];
      const context = await browser.newContext({
        ...phone,
        baseURL: app.origin,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      const errors = watchConsole(page);

      // A client's project with a monthly plan first due in three days: its invoice is sent at once.
      const projectId = await submitProject(page.request, `Łucja Nguyễn ${unique()}`, `lucja.${unique()}@example.com`);
      const login = await page.request.post(authEndpoints.login.path, {
        data: { email: app.admin.email, password: app.admin.password },
      });
      const { token } = (await login.json()) as { token: string };
      const started = await page.request.post(`/api/admin/projects/${projectId}/care-plans`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: "Hosting & support", amount_cents: 5_000, interval: "monthly", first_due_date: dayFromToday(3) },
      });
      expect(started.status(), await started.text()).toBe(201);
      const { plan } = (await started.json()) as { plan: CarePlan };
      const invoiceNumber = plan.periods[0]!.invoice_number!;

      await openPortalProject(page, projectId);
      const billing = billingSection(page);
      const panel = billing.getByTestId("portal-care-plan-autopay");
      await expect(panel).toContainText("The invoice open now is paid at the same time.", { timeout: 20_000 });
      await panel.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await shoot(page, "care-plan-autopay-off", billing.getByTestId("portal-care-plan"));

      // Checkout on the stand-in: it pays the open invoice and saves the card for later.
      await panel.getByRole("button", { name: "Pay automatically with a card" }).click();
      await expect(page).toHaveURL(new RegExp(`^${peer.url}/pay/`));
      await expect(page.getByText("This card (Visa ending 4242) is saved for later payments.")).toBeVisible();
      await page.getByRole("button", { name: "Pay $50.00" }).click();

      // Back in the portal: the invoice paid and automatic payment on, as the signed webhooks said.
      await expect(page.getByTestId("portal-project-id")).toBeVisible({ timeout: 15_000 });
      const invoice = billing.locator(`[data-testid="portal-invoice"][data-invoice="${invoiceNumber}"]`);
      await expect(invoice.getByTestId("payment-confirmation")).toHaveAttribute("data-state", "confirmed", {
        timeout: 20_000,
      });
      await expect(panel).toContainText("On: Visa ending 4242 is charged on each due date", { timeout: 15_000 });
      expect(peer.deliveries.map((d) => `${d.event.type} ${d.status}`)).toEqual([
        "checkout.session.completed 200",
        "payment_intent.succeeded 200",
      ]);
      await panel.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await shoot(page, "care-plan-autopay-on", billing.getByTestId("portal-care-plan"));

      // Off, in one click (and a confirmation).
      page.once("dialog", (dialog) => void dialog.accept());
      await panel.getByRole("button", { name: "Turn off automatic payment" }).click();
      await expect(panel.getByRole("button", { name: "Pay automatically with a card" })).toBeVisible();
      const [row] = await app.query<{ autopay_payment_method: string | null }>(
        "select autopay_payment_method from care_plans where id = $1",
        [plan.id],
      );
      expect(row!.autopay_payment_method).toBeNull();
      expect([...peer.intents.cards.values()].map((card) => card.detached)).toEqual([true]);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  },
);

import { devices } from "@playwright/test";
import { expect, test } from "./test";
import { adminBadge, DEPOSIT, signInOwner, STARTER, TOTAL, unexpected } from "./billing-journey-helpers";

const BALANCE = TOTAL - DEPOSIT;
import { formatCents } from "~/contracts/billing-money";
import type { StripePeer } from "../support/stripe-peer";
import { unique } from "./admin-content-helpers";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { withStripeApp } from "./stripe-app";
import { submitProject } from "./portal-fixtures";
import { billingSection, openPortalProject, shoot } from "./portal-billing-helpers";

/**
 * The journey across two browser contexts (docs/product/billing.md "The client decides",
 * "Payments"), on an app of its own with card payments set up against the Stripe stand-in
 * (tests/support/stripe-peer.ts), and "Deposit at signing", "Payment schedules": the owner quotes a
 * lead's submitted project from the Starter Site preset with a 50/50 schedule and sends it; the
 * client, signed in to the portal, accepts it by typing their name and pays the deposit, written
 * and sent at signing, in the same sitting with Pay Now on the stand-in's Checkout page, whose
 * signed webhook records the payment; the owner sees it paid and the project moved from submitted
 * to planning, then moves it to Launch: the balance invoice appears live in the client's portal
 * and is paid by card too.
 */

test(
  "the client accepts a 50/50 quote and pays the deposit in the same sitting; at Launch the balance appears live and is paid by card",
  { tag: ["@db", "@server"] },
  async ({ browser }) => {
    test.setTimeout(240_000);
    await withStripeApp(async (app, peer) => {
      const ownerContext = await browser.newContext({ baseURL: app.origin, viewport: { width: 1280, height: 800 } });
      const clientContext = await browser.newContext({ baseURL: app.origin, viewport: { width: 1280, height: 800 } });
      const ownerPage = await ownerContext.newPage();
      const clientPage = await clientContext.newPage();
      const ownerErrors = watchConsole(ownerPage);
      const clientErrors = watchConsole(clientPage);

      // A lead asked for a site through the start-project form: a project in "submitted".
      const clientName = `Maria Santos ${unique()}`;
      const projectId = await submitProject(clientPage.request, clientName, `journey.${unique()}@example.com`);

      // 1. The owner writes the quote from the Starter Site preset, paid 50/50 (at acceptance, at
      // launch), and sends it. The schedule's amounts show as it is chosen.
      const details = await signInOwner(ownerPage, app, `/admin/projects?project=${projectId}`);
      const ownerBilling = details.getByTestId("project-billing");
      await ownerBilling.getByRole("button", { name: "New Quote" }).click();
      const editor = ownerPage.getByRole("dialog", { name: "New Quote" });
      await editor.getByLabel("Add preset").selectOption({ label: `${STARTER.name} (${formatCents(TOTAL)})` });
      await expect(editor.getByTestId("live-totals")).toContainText(`Total${formatCents(TOTAL)}`);
      await editor.getByLabel("Schedule", { exact: true }).selectOption({ label: "50/50: acceptance, launch" });
      await expect(editor.getByTestId("schedule-amount")).toHaveText([formatCents(DEPOSIT), formatCents(BALANCE)]);
      await expect(editor.getByTestId("schedule-sum")).toHaveText(`2 payments adding up to ${formatCents(TOTAL)}`);
      await expectAccessible(ownerPage);
      await editor.getByRole("button", { name: "Create Quote" }).click();
      await expect(editor).toBeHidden();
      const ownerQuote = ownerBilling.getByRole("list", { name: "Quotes" }).getByRole("listitem").first();
      const number = (await ownerQuote.getAttribute("data-quote"))!;
      await expect(ownerQuote.getByTestId("payment-schedule")).toContainText("when the project reaches Launch");
      await ownerQuote.getByRole("button", { name: `Send to Client ${number}` }).click();
      await expect(adminBadge(ownerQuote, "Sent")).toBeVisible();

      // 2. The client, signed in to the portal, reads the schedule and accepts by typing their name.
      await openPortalProject(clientPage, projectId);
      const clientBilling = billingSection(clientPage);
      const clientQuote = clientBilling.locator(`[data-testid="portal-quote"][data-quote="${number}"]`);
      await expect(clientQuote.getByTestId("quote-total")).toHaveText(formatCents(TOTAL));
      await expect(clientQuote.getByTestId("payment-schedule")).toContainText(`Balance at launch (50%)`);
      await clientQuote.getByRole("button", { name: "Accept Quote" }).click();
      const accept = clientQuote.getByRole("form", { name: `Accept quote ${number}` });
      await accept.getByRole("textbox", { name: "Your full name" }).fill(clientName);
      await accept.getByRole("checkbox", { name: "I agree to the terms of this quote" }).check();
      await accept.getByRole("button", { name: "Accept Quote" }).click();
      await expect(clientQuote.getByTestId("quote-acceptance")).toContainText(`Accepted by ${clientName}`);

      // 3. In the same sitting, the deposit invoice is there to pay: written and sent at signing.
      const clientInvoices = clientBilling.locator('[data-testid="portal-invoice"]');
      await expect(clientInvoices).toHaveCount(1, { timeout: 15_000 });
      const invoiceNumber = (await clientInvoices.first().getAttribute("data-invoice"))!;
      expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{4,}$/);
      // The accepted quote points straight to it.
      const toPay = clientQuote.getByTestId("quote-to-pay");
      await expect(toPay).toContainText(`Deposit invoice ${invoiceNumber}: ${formatCents(DEPOSIT)}, ready to pay now.`);
      await toPay.getByRole("button", { name: `Go to invoice ${invoiceNumber}` }).click();
      await expect(clientBilling.getByRole("heading", { name: new RegExp(`^Invoice ${invoiceNumber}`) })).toBeFocused();
      const clientInvoice = clientBilling.locator(`[data-testid="portal-invoice"][data-invoice="${invoiceNumber}"]`);
      await expect(clientInvoice.getByTestId("invoice-due")).toHaveText(formatCents(DEPOSIT));
      const payNow = clientInvoice.getByRole("button", { name: "Pay Now" });
      await expect(payNow).toBeVisible();
      await expect(clientInvoice.getByTestId("how-to-pay")).toHaveCount(0);
      await expectAccessible(clientPage);
      await shoot(clientPage, "pay-now", clientInvoice);
      await shootOnPhone(browser, app.origin, projectId, invoiceNumber);
      // The owner sees it accepted and the deposit sent without reloading.
      await expect(adminBadge(ownerQuote, "Accepted")).toBeVisible({ timeout: 15_000 });
      const ownerInvoice = ownerBilling.locator(`[data-invoice="${invoiceNumber}"]`);
      await expect(adminBadge(ownerInvoice, "Sent")).toBeVisible({ timeout: 15_000 });

      // 4. Pay Now: Checkout on the stand-in for what is due; its page's button pays; the signed
      // webhook records it, never the return alone.
      await payByCard(clientPage, peer, payNow, invoiceNumber, DEPOSIT);
      expect(peer.deliveries.map((d) => `${d.event.type} ${d.status}`)).toEqual(["checkout.session.completed 200"]);
      await expect(clientPage.getByRole("article").locator('[data-status="planning"]').first()).toHaveText("Planning");
      await expect(clientPage, "the return's query leaves the address bar").toHaveURL(/\/client-portal$/);
      await expect(adminBadge(ownerInvoice, "Paid")).toBeVisible({ timeout: 15_000 });

      // 5. The owner moves the project to Launch: the balance invoice appears in the client's open
      // portal without a reload, and is paid by card.
      await details.getByLabel("Any status").selectOption("launch");
      await expect(details.getByText("Current status:")).toContainText("Launch", { timeout: 15_000 });
      await expect(clientInvoices).toHaveCount(2, { timeout: 15_000 });
      const balanceNumber = (
        await clientInvoices.evaluateAll((cards) => cards.map((c) => c.getAttribute("data-invoice")))
      ).find((n) => n !== invoiceNumber)!;
      const balance = clientBilling.locator(`[data-testid="portal-invoice"][data-invoice="${balanceNumber}"]`);
      await expect(balance.getByTestId("invoice-due")).toHaveText(formatCents(BALANCE));
      await expect(balance).toContainText(`Balance at launch: 50% of quote ${number}, payment 2 of 2`);
      await payByCard(clientPage, peer, balance.getByRole("button", { name: "Pay Now" }), balanceNumber, BALANCE);
      await expect(adminBadge(ownerBilling.locator(`[data-invoice="${balanceNumber}"]`), "Paid")).toBeVisible({
        timeout: 15_000,
      });
      await expectAccessible(clientPage);
      await expectNoHorizontalOverflow(clientPage);

      const payments = await app.query<{ number: string; amount_cents: number; source: string; method: string }>(
        "select i.number, p.amount_cents, p.source, p.method from invoice_payments p join invoices i on i.id = p.invoice_id where i.project_id = $1 order by p.id",
        [projectId],
      );
      expect(payments).toEqual([
        { number: invoiceNumber, amount_cents: DEPOSIT, source: "stripe", method: "card" },
        { number: balanceNumber, amount_cents: BALANCE, source: "stripe", method: "card" },
      ]);
      const [project] = await app.query<{ status: string }>("select status from projects where id = $1", [projectId]);
      expect(project!.status).toBe("launch");

      expect(unexpected(clientErrors)).toEqual([]);
      expect(unexpected(ownerErrors)).toEqual([]);
      await ownerContext.close();
      await clientContext.close();
    });
  },
);

/** Pay Now on the stand-in's Checkout page; back in the portal, the invoice paid as the signed webhook recorded it. */
async function payByCard(
  page: import("@playwright/test").Page,
  peer: StripePeer,
  payNow: import("@playwright/test").Locator,
  invoiceNumber: string,
  amount: number,
) {
  await payNow.click();
  await expect(page).toHaveURL(new RegExp(`^${peer.url}/pay/`));
  const session = [...peer.sessions.values()].at(-1)!;
  expect(session.amount_total).toBe(amount);
  expect(session.metadata.invoice_number).toBe(invoiceNumber);
  await page.getByRole("button", { name: `Pay ${formatCents(amount)}` }).click();
  await expect(page).toHaveURL(/\/client-portal/);
  await expect(page.getByTestId("portal-project-id")).toBeVisible({ timeout: 15_000 });
  const paid = billingSection(page).locator(`[data-testid="portal-invoice"][data-invoice="${invoiceNumber}"]`);
  await expect(paid.getByTestId("payment-confirmation")).toHaveAttribute("data-state", "confirmed", {
    timeout: 20_000,
  });
  await expect(paid.locator("[data-status]")).toHaveText("Paid");
  await expect(paid.getByTestId("invoice-due")).toHaveText(formatCents(0));
  await expect(paid.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
}

/** The open invoice with Pay Now on a phone, in a context of its own (the screenshot only). */
async function shootOnPhone(
  browser: import("@playwright/test").Browser,
  origin: string,
  projectId: string,
  invoiceNumber: string,
) {
  const { defaultBrowserType: _type, ...phone } = devices["Pixel 7"];
  const context = await browser.newContext({ ...phone, baseURL: origin, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await openPortalProject(page, projectId);
    const invoice = billingSection(page).locator(`[data-testid="portal-invoice"][data-invoice="${invoiceNumber}"]`);
    await expect(invoice.getByRole("button", { name: "Pay Now" })).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await shoot(page, "pay-now", invoice);
  } finally {
    await context.close();
  }
}

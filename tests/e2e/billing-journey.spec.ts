import { randomBytes } from "node:crypto";
import { devices } from "@playwright/test";
import { expect, test } from "./test";
import { adminBadge, DEPOSIT, signInOwner, STARTER, TOTAL, unexpected } from "./billing-journey-helpers";
import { formatCents } from "~/contracts/billing-money";
import { paymentsEndpoints } from "~/contracts/payments";
import { start as startStripePeer, type StripePeer } from "../support/stripe-peer";
import { unique } from "./admin-content-helpers";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { startOwnApp, type OwnApp } from "./own-app";
import { submitProject } from "./portal-fixtures";
import { billingSection, openPortalProject, shoot } from "./portal-billing-helpers";

/**
 * The journey across two browser contexts (docs/product/billing.md "The client decides",
 * "Payments"), on an app of its own with card payments set up against the Stripe stand-in
 * (tests/support/stripe-peer.ts): the owner quotes a lead's submitted project from the Starter
 * Site preset and sends it; the client, signed in to the portal, accepts it by typing their name;
 * the owner sees it accepted without reloading, creates the deposit invoice and sends it; the
 * client pays it with Pay Now on the stand-in's Checkout page, whose signed webhook records the
 * payment; both see it paid, and the project moved from submitted to planning.
 */

test(
  "the owner quotes a submitted project, the client accepts and pays the deposit by card, and both see it paid",
  { tag: ["@db", "@server"] },
  async ({ browser }) => {
    test.setTimeout(240_000);
    let app: OwnApp | undefined;
    const peer: StripePeer = await startStripePeer({
      webhookUrl: () => `${app!.origin}${paymentsEndpoints.webhook.path}`,
      webhookSecret: `whsec_${randomBytes(16).toString("hex")}`,
    });
    try {
      app = await startOwnApp(peer.env);
      const ownerContext = await browser.newContext({ baseURL: app.origin, viewport: { width: 1280, height: 800 } });
      const clientContext = await browser.newContext({ baseURL: app.origin, viewport: { width: 1280, height: 800 } });
      const ownerPage = await ownerContext.newPage();
      const clientPage = await clientContext.newPage();
      const ownerErrors = watchConsole(ownerPage);
      const clientErrors = watchConsole(clientPage);

      // A lead asked for a site through the start-project form: a project in "submitted".
      const clientName = `Maria Santos ${unique()}`;
      const projectId = await submitProject(clientPage.request, clientName, `journey.${unique()}@example.com`);

      // 1. The owner writes the quote from the Starter Site preset and sends it.
      const details = await signInOwner(ownerPage, app, `/admin/projects?project=${projectId}`);
      const ownerBilling = details.getByTestId("project-billing");
      await ownerBilling.getByRole("button", { name: "New Quote" }).click();
      const editor = ownerPage.getByRole("dialog", { name: "New Quote" });
      await editor.getByLabel("Add preset").selectOption({ label: `${STARTER.name} (${formatCents(TOTAL)})` });
      await expect(editor.getByTestId("live-totals")).toContainText(`Total${formatCents(TOTAL)}`);
      await editor.getByRole("button", { name: "Create Quote" }).click();
      await expect(editor).toBeHidden();
      const ownerQuote = ownerBilling.getByRole("list", { name: "Quotes" }).getByRole("listitem").first();
      const number = (await ownerQuote.getAttribute("data-quote"))!;
      await ownerQuote.getByRole("button", { name: `Send to Client ${number}` }).click();
      await expect(adminBadge(ownerQuote, "Sent")).toBeVisible();

      // 2. The client, signed in to the portal, accepts it by typing their name.
      await openPortalProject(clientPage, projectId);
      const clientBilling = billingSection(clientPage);
      const clientQuote = clientBilling.locator(`[data-testid="portal-quote"][data-quote="${number}"]`);
      await expect(clientQuote.getByTestId("quote-total")).toHaveText(formatCents(TOTAL));
      await expect(clientQuote.getByTestId("quote-deposit")).toHaveText(formatCents(DEPOSIT));
      await clientQuote.getByRole("button", { name: "Accept Quote" }).click();
      const accept = clientQuote.getByRole("form", { name: `Accept quote ${number}` });
      await accept.getByRole("textbox", { name: "Your full name" }).fill(clientName);
      await accept.getByRole("checkbox", { name: "I agree to the terms of this quote" }).check();
      await accept.getByRole("button", { name: "Accept Quote" }).click();
      await expect(clientQuote.getByTestId("quote-acceptance")).toContainText(`Accepted by ${clientName}`);

      // 3. The owner sees it accepted without reloading, creates the deposit invoice and sends it.
      await expect(adminBadge(ownerQuote, "Accepted")).toBeVisible({ timeout: 15_000 });
      await expect(ownerQuote).toContainText(`Accepted by ${clientName}`);
      await ownerQuote.getByRole("button", { name: `Create Deposit Invoice ${number}` }).click();
      const ownerInvoice = ownerBilling.getByRole("list", { name: "Invoices" }).getByRole("listitem").first();
      await expect(adminBadge(ownerInvoice, "Draft")).toBeVisible();
      await expect(ownerInvoice).toContainText(formatCents(DEPOSIT));
      const invoiceNumber = (await ownerInvoice.getAttribute("data-invoice"))!;
      expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{4,}$/);
      await ownerInvoice.getByRole("button", { name: `Send to Client ${invoiceNumber}` }).click();
      await expect(adminBadge(ownerInvoice, "Sent")).toBeVisible();

      // The client's Billing section follows live: the sent invoice shows, with Pay Now and no how-to-pay.
      const clientInvoice = clientBilling.locator(`[data-testid="portal-invoice"][data-invoice="${invoiceNumber}"]`);
      await expect(clientInvoice.getByTestId("invoice-due")).toHaveText(formatCents(DEPOSIT), { timeout: 15_000 });
      const payNow = clientInvoice.getByRole("button", { name: "Pay Now" });
      await expect(payNow).toBeVisible();
      await expect(clientInvoice.getByTestId("how-to-pay")).toHaveCount(0);
      await expectAccessible(clientPage);
      await shoot(clientPage, "pay-now", clientInvoice);
      await shootOnPhone(browser, app.origin, projectId, invoiceNumber);

      // 4. Pay Now: Checkout on the stand-in for what is still due; its page's button pays.
      await payNow.click();
      await expect(clientPage).toHaveURL(new RegExp(`^${peer.url}/pay/`));
      const session = [...peer.sessions.values()].at(-1)!;
      expect(session.amount_total).toBe(DEPOSIT);
      expect(session.metadata.invoice_number).toBe(invoiceNumber);
      await clientPage.getByRole("button", { name: `Pay ${formatCents(DEPOSIT)}` }).click();

      // Back in the portal: the payment the signed webhook recorded, never the return alone.
      await expect(clientPage).toHaveURL(/\/client-portal/);
      expect(peer.deliveries.map((d) => `${d.event.type} ${d.status}`)).toEqual(["checkout.session.completed 200"]);
      await expect(clientPage.getByTestId("portal-project-id")).toHaveText(projectId, { timeout: 15_000 });
      const paidInvoice = billingSection(clientPage).locator(
        `[data-testid="portal-invoice"][data-invoice="${invoiceNumber}"]`,
      );
      await expect(paidInvoice.getByTestId("payment-confirmation")).toHaveAttribute("data-state", "confirmed", {
        timeout: 20_000,
      });
      await expect(paidInvoice.locator("[data-status]")).toHaveText("Paid");
      await expect(paidInvoice.getByTestId("invoice-due")).toHaveText(formatCents(0));
      await expect(paidInvoice.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
      await expect(clientPage.getByRole("article").locator('[data-status="planning"]').first()).toHaveText("Planning");
      await expect(clientPage, "the return's query leaves the address bar").toHaveURL(/\/client-portal$/);
      await expectAccessible(clientPage);
      await expectNoHorizontalOverflow(clientPage);

      // 5. The owner sees it paid without reloading, and the project moved on to planning.
      await expect(adminBadge(ownerInvoice, "Paid")).toBeVisible({ timeout: 15_000 });
      const [project] = await app.query<{ status: string }>("select status from projects where id = $1", [projectId]);
      expect(project!.status).toBe("planning");
      const payments = await app.query<{ amount_cents: number; source: string; method: string }>(
        "select p.amount_cents, p.source, p.method from invoice_payments p join invoices i on i.id = p.invoice_id where i.number = $1",
        [invoiceNumber],
      );
      expect(payments).toEqual([{ amount_cents: DEPOSIT, source: "stripe", method: "card" }]);

      expect(unexpected(clientErrors)).toEqual([]);
      expect(unexpected(ownerErrors)).toEqual([]);
      await ownerContext.close();
      await clientContext.close();
    } finally {
      await app?.stop();
      await peer.close();
    }
  },
);

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

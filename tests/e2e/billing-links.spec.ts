import { devices, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./test";
import { adminBadge, DEPOSIT, signInOwner, STARTER, TOTAL, unexpected } from "./billing-journey-helpers";
import { formatCents } from "~/contracts/billing-money";
import { site } from "~/config/site";
import { unique } from "./admin-content-helpers";
import { expectNoHorizontalOverflow, waitForHydration, watchConsole } from "./fixtures";
import type { OwnApp } from "./own-app";
import { withStripeApp } from "./stripe-app";
import { submitProject } from "./portal-fixtures";
import { billingSection, invoiceCard, openPortalProject, shoot } from "./portal-billing-helpers";

/**
 * The e-mailed links land on their document, and the client gets a copy of everything
 * (docs/product/billing.md "Receipts and signed copies", docs/product/client-portal.md "Links to a
 * document"), across two browser contexts, the client on a phone with the cookie bar still up: the
 * owner sends a quote; the client opens the e-mailed link (read from the outbox) and lands on the
 * quote, its heading focused; accepts it and gets the signed copy; opens the deposit invoice's link
 * and lands on it; pays by card on the Stripe stand-in and comes back to the paid invoice with its
 * confirmation in view; the receipt is in the outbox with the amount and the time with its zone,
 * and its link lands on the payment, whose receipt PDF downloads.
 */

/** The newest e-mail of a kind to an address, from the app's outbox (the app has no mail server). */
async function newestMail(app: OwnApp, kind: string, to: string) {
  let rows: { subject: string; text: string }[] = [];
  await expect
    .poll(async () => {
      rows = await app.query<{ subject: string; text: string }>(
        "select subject, text from email_outbox where kind = $1 and to_address = $2 order by id desc",
        [kind, to],
      );
      return rows.length;
    })
    .toBeGreaterThan(0);
  return rows[0]!;
}

/** The portal link of an e-mail, as the client's mail app would open it. */
function portalLinkOf(text: string): string {
  const found = /https?:\/\/\S+\/client-portal\?\S+/.exec(text);
  expect(found, text).not.toBeNull();
  return found![0];
}

/** The heading has the focus and is in view, under the sticky header. */
async function expectLandedOn(page: Page, heading: Locator) {
  await expect(heading).toBeFocused({ timeout: 15_000 });
  await expect(heading).toBeInViewport();
  const box = (await heading.boundingBox())!;
  expect(box.y, "below the sticky header").toBeGreaterThanOrEqual(64);
}

test(
  "the client lands on the e-mailed quote, gets the signed copy, pays the deposit by card and gets a receipt, on a phone",
  { tag: ["@db", "@phone-only"] },
  async ({ browser }) => {
    test.setTimeout(240_000);
    await withStripeApp(async (app, peer) => {
      const { defaultBrowserType: _type, ...phone } = devices["Pixel 7"];
      const ownerContext = await browser.newContext({ baseURL: app.origin, viewport: { width: 1280, height: 800 } });
      const clientContext = await browser.newContext({
        ...phone,
        baseURL: app.origin,
        viewport: { width: 390, height: 844 },
      });
      const ownerPage = await ownerContext.newPage();
      const clientPage = await clientContext.newPage();
      const ownerErrors = watchConsole(ownerPage);
      const clientErrors = watchConsole(clientPage);

      // A lead asked for a site through the start-project form.
      const clientName = "Łucja Nguyễn";
      const email = `lucja.${unique()}@example.com`;
      const projectId = await submitProject(clientPage.request, clientName, email);

      // 1. The owner writes the quote from the Starter Site preset and sends it.
      const details = await signInOwner(ownerPage, app, `/admin/projects?project=${projectId}`);
      const ownerBilling = details.getByTestId("project-billing");
      await ownerBilling.getByRole("button", { name: "New Quote" }).click();
      const editor = ownerPage.getByRole("dialog", { name: "New Quote" });
      await editor.getByLabel("Add preset").selectOption({ label: `${STARTER.name} (${formatCents(TOTAL)})` });
      await editor.getByRole("button", { name: "Create Quote" }).click();
      await expect(editor).toBeHidden();
      const ownerQuote = ownerBilling.getByRole("list", { name: "Quotes" }).getByRole("listitem").first();
      const number = (await ownerQuote.getAttribute("data-quote"))!;
      await ownerQuote.getByRole("button", { name: `Send to Client ${number}` }).click();
      await expect(adminBadge(ownerQuote, "Sent")).toBeVisible();

      // 2. The client opens the e-mailed link on their phone, the cookie bar still up: the quote,
      // 2.3 screens down, is in view with its heading focused, and awaits their decision.
      const quoteMail = await newestMail(app, "quote_sent", email);
      const quoteLink = portalLinkOf(quoteMail.text);
      expect(new URL(quoteLink).searchParams.get("project")).toBe(projectId);
      await clientPage.goto(quoteLink);
      await waitForHydration(clientPage);
      await expect(clientPage.getByRole("region", { name: "Cookie consent" })).toBeVisible();
      const clientQuote = billingSection(clientPage).locator(`[data-testid="portal-quote"][data-quote="${number}"]`);
      const quoteHeading = clientQuote.getByRole("heading", { name: `Quote ${number}` });
      await expectLandedOn(clientPage, quoteHeading);
      await expect(clientQuote.locator("[data-status]").first()).toHaveText("Awaiting your decision");
      await expect(clientPage, "the link's query leaves the address bar").toHaveURL(/\/client-portal$/);
      // The owner's admin keeps its own word.
      await expect(adminBadge(ownerQuote, "Viewed")).toBeVisible({ timeout: 15_000 });

      // 3. They accept it, and get the signed copy with what happens next.
      await clientQuote.getByRole("button", { name: "Accept Quote" }).click();
      const accept = clientQuote.getByRole("form", { name: `Accept quote ${number}` });
      await accept.getByRole("textbox", { name: "Your full name" }).fill(clientName);
      await accept.getByRole("checkbox", { name: "I agree to the terms of this quote" }).check();
      await accept.getByRole("button", { name: "Accept Quote" }).click();
      await expect(clientQuote.getByTestId("quote-acceptance")).toContainText(`Accepted by ${clientName}`);
      const copy = await newestMail(app, "quote_signed_copy", email);
      expect(copy.subject).toBe(`Your signed quote ${number} - ${site.brand}`);
      expect(copy.text).toContain(`Signed by: ${clientName}`);
      expect(copy.text).toContain(`Deposit to start (50%): ${formatCents(DEPOSIT)}`);
      expect(copy.text).toMatch(/Accepted on: .+ E[SD]T/);
      // The deposit invoice, written at signing, is in the same e-mail.
      expect(copy.text).toContain("Your invoice, ready to pay now:");
      expect(new URL(portalLinkOf(copy.text)).searchParams.get("quote")).toBe(
        new URL(quoteLink).searchParams.get("quote"),
      );

      // 4. The deposit invoice was written and sent at signing: the owner sees it sent.
      await expect(adminBadge(ownerQuote, "Accepted")).toBeVisible({ timeout: 15_000 });
      const ownerInvoice = ownerBilling.getByRole("list", { name: "Invoices" }).getByRole("listitem").first();
      await expect(adminBadge(ownerInvoice, "Sent")).toBeVisible({ timeout: 15_000 });
      const invoiceNumber = (await ownerInvoice.getAttribute("data-invoice"))!;
      expect(copy.text).toContain(`Invoice ${invoiceNumber}: ${formatCents(DEPOSIT)}`);

      // 5. The signed copy's invoice link lands on the invoice.
      const invoiceLink = /Pay it by card with Pay Now: (\S+)/.exec(copy.text)![1]!;
      await clientPage.goto(invoiceLink);
      await waitForHydration(clientPage);
      const clientInvoice = billingSection(clientPage).locator(
        `[data-testid="portal-invoice"][data-invoice="${invoiceNumber}"]`,
      );
      const invoiceHeading = clientInvoice.getByRole("heading", { name: new RegExp(`^Invoice ${invoiceNumber}`) });
      await expectLandedOn(clientPage, invoiceHeading);
      await expect(clientInvoice.getByTestId("invoice-due")).toHaveText(formatCents(DEPOSIT));
      await shoot(clientPage, "landed-invoice", clientInvoice);

      // 6. Pay Now on the stand-in; back in the portal on the paid invoice, its confirmation in view.
      await clientInvoice.getByRole("button", { name: "Pay Now" }).click();
      await expect(clientPage).toHaveURL(new RegExp(`^${peer.url}/pay/`));
      await clientPage.getByRole("button", { name: `Pay ${formatCents(DEPOSIT)}` }).click();
      await expect(clientPage).toHaveURL(/\/client-portal/);
      const paidInvoice = billingSection(clientPage).locator(
        `[data-testid="portal-invoice"][data-invoice="${invoiceNumber}"]`,
      );
      const confirmation = paidInvoice.getByTestId("payment-confirmation");
      await expect(confirmation).toHaveAttribute("data-state", "confirmed", { timeout: 20_000 });
      await expectLandedOn(
        clientPage,
        paidInvoice.getByRole("heading", { name: new RegExp(`^Invoice ${invoiceNumber}`) }),
      );
      await expect(confirmation).toBeInViewport();
      await expect(paidInvoice.locator("[data-status]").first()).toHaveText("Paid");
      await expect(clientPage, "the return's query leaves the address bar").toHaveURL(/\/client-portal$/);
      await expectNoHorizontalOverflow(clientPage);
      await shoot(clientPage, "paid-confirmed", paidInvoice);

      // 7. The receipt: in the outbox with the amount, the method, the invoice, what is still due
      // and the time with its zone.
      const receipt = await newestMail(app, "payment_receipt", email);
      expect(receipt.subject).toBe(`Receipt for ${formatCents(DEPOSIT)} on invoice ${invoiceNumber} - ${site.brand}`);
      expect(receipt.text).toContain(`Amount: ${formatCents(DEPOSIT)}`);
      expect(receipt.text).toContain("Method: Card");
      expect(receipt.text).toContain(`Receipt: ${invoiceNumber}-R1`);
      expect(receipt.text).toContain(`Still due on it: ${formatCents(0)}`);
      expect(receipt.text).toMatch(/Recorded: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M E[SD]T/);

      // Its link lands on the payment, whose receipt PDF downloads.
      await clientPage.goto(portalLinkOf(receipt.text));
      await waitForHydration(clientPage);
      const payment = billingSection(clientPage).locator(
        `[data-testid="portal-payment"][data-receipt="${invoiceNumber}-R1"]`,
      );
      await expectLandedOn(clientPage, payment.locator("[data-document]"));
      const [download] = await Promise.all([
        clientPage.waitForEvent("download"),
        payment.getByRole("button", { name: `Download receipt of Receipt-${invoiceNumber}-R1` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`Receipt-${invoiceNumber}-R1.pdf`);
      await shoot(clientPage, "receipt", billingSection(clientPage));

      // The same section on a desktop (the screenshot only).
      const desktop = await browser.newContext({ baseURL: app.origin, viewport: { width: 1280, height: 800 } });
      try {
        const page = await desktop.newPage();
        await openPortalProject(page, projectId);
        await expect(invoiceCard(page, invoiceNumber).getByTestId("portal-payment")).toHaveCount(1);
        await shoot(page, "receipt", billingSection(page));
      } finally {
        await desktop.close();
      }

      expect(unexpected(clientErrors)).toEqual([]);
      expect(unexpected(ownerErrors)).toEqual([]);
      await ownerContext.close();
      await clientContext.close();
    });
  },
);

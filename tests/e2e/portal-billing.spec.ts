import { readFile } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { expect, test } from "./test";
import { formatCents } from "~/contracts/billing-money";
import { fillPath } from "~/contracts/endpoint";
import { billingEndpoints } from "~/contracts/billing";
import { invoicesEndpoints } from "~/contracts/invoices";
import { paymentsEndpoints } from "~/contracts/payments";
import { quotesEndpoints, type NewQuoteInput } from "~/contracts/quotes";
import { site } from "~/config/site";
import { formatPortalDate } from "~/lib/portal/labels";
import { CHROMIUM_ARGS, chromiumPath } from "../support/chromium";
import { pdfText } from "../support/pdf-text";
import { ownerToken } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import { queryAppDb } from "./db";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { submitProject } from "./portal-fixtures";
import {
  bearer,
  billingSection,
  dayFromToday,
  invoiceCard,
  openPortalProject,
  portalSession,
  portalSessionFor,
  quoteCard,
  sendInvoice,
  sendQuote,
  sendRevision,
  shoot,
} from "./portal-billing-helpers";

/**
 * The client's Billing section in the portal (docs/product/billing.md "The client decides",
 * "Invoices", "Payments"): the owner's sent quotes and invoices, arranged through the admin API;
 * the client accepts by typing their name, declines with a reason, cannot accept an expired or
 * replaced quote, reads how to pay without card payments (the journeys' server has no Stripe key),
 * and opens the PDFs. A portal session opens nothing of another client's.
 */

const STARTER = site.pricing.tiers.find((tier) => tier.id === "starter-site")!;

/** Starter Site and two menu pages, 10 % off: 360.00 - 36.00 = 324.00, deposit 162.00. */
const BAKERY_QUOTE: NewQuoteInput = {
  lines: [
    { description: STARTER.line, quantity: 1, unit_price_cents: STARTER.price * 100, preset: STARTER.id },
    { description: "Menu page with photos of the cakes", quantity: 2, unit_price_cents: 4250 },
  ],
  discount_type: "percent",
  discount_value: 1000,
  deposit_percent: 50,
  terms: "A 50% deposit starts the work; the balance is due when the site goes live.",
  valid_until: dayFromToday(30),
};

/** Console errors other than the browser's own line for an answer the journey expects to fail. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: .* (403|409)|net::ERR_(FAILED|INTERNET_DISCONNECTED)/.test(e));

test(
  "a client reads a sent quote, is told what is missing, and accepts it by typing their name @phone",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const projectId = await submitProject(page.request, "Maria Santos", `billing.${unique()}@example.com`);
    const quote = await sendQuote(page.request, ownerToken(), projectId, BAKERY_QUOTE);
    await openPortalProject(page, projectId);

    const billing = billingSection(page);
    await expect(billing.getByRole("heading", { name: "Billing", level: 3 })).toBeVisible();
    const card = quoteCard(page, quote);
    await expect(card.getByRole("heading", { name: `Quote ${quote.number}` })).toBeVisible();
    await expect(card.locator("[data-status]").first()).toHaveText("Awaiting your decision");
    await expect(card).toContainText(STARTER.line);
    await expect(card).toContainText("Menu page with photos of the cakes");
    await expect(card).toContainText(formatCents(36_000));
    await expect(card).toContainText("Discount (10%)");
    await expect(card).toContainText(`-${formatCents(3_600)}`);
    await expect(card.getByTestId("quote-total")).toHaveText(formatCents(32_400));
    await expect(card.getByTestId("quote-deposit")).toHaveText(formatCents(16_200));
    await expect(card).toContainText("A 50% deposit starts the work");
    await expect(card).toContainText(formatPortalDate(BAKERY_QUOTE.valid_until!)!);
    await expect(card.getByRole("button", { name: "Open PDF" })).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await shoot(page, "quote-sent", billing);

    // Nothing typed: both fields say what they need.
    await card.getByRole("button", { name: "Accept Quote" }).click();
    const form = card.getByRole("form", { name: `Accept quote ${quote.number}` });
    const name = form.getByRole("textbox", { name: "Your full name" });
    const agree = form.getByRole("checkbox", { name: "I agree to the terms of this quote" });
    await expect(name, "the form opens on its first field").toBeFocused();
    await form.getByRole("button", { name: "Accept Quote" }).click();
    await expect(form).toContainText("Type your full name to accept");
    await expect(form).toContainText("Tick the box to agree to the terms");
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");

    await name.fill("Maria Santos");
    await form.getByRole("button", { name: "Accept Quote" }).click();
    await expect(form).not.toContainText("Type your full name to accept");
    await expect(form).toContainText("Tick the box to agree to the terms");
    await expect(agree).toBeFocused();
    await expect(name, "what was typed stays").toHaveValue("Maria Santos");
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await shoot(page, "accept-form", card);

    // The call fails on the way (the network drops): the alert says so, and nothing typed is lost.
    const acceptUrl = `**${fillPath(quotesEndpoints.accept.path, { quoteId: quote.id })}`;
    await page.route(acceptUrl, (route) => route.abort("internetdisconnected"), { times: 1 });
    await agree.check();
    await form.getByRole("button", { name: "Accept Quote" }).click();
    await expect(form.getByRole("alert")).toContainText("could not be reached");
    await expect(name).toHaveValue("Maria Santos");
    await expect(agree).toBeChecked();

    await form.getByRole("button", { name: "Accept Quote" }).click();
    await expect(card.locator("[data-status]").first()).toHaveText("Accepted");
    await expect(card.getByTestId("quote-acceptance")).toContainText(/Accepted by Maria Santos on \w+ \d+, \d{4}/);
    await expect(card.getByTestId("quote-acceptance"), "the focus follows the decision").toBeFocused();
    await expect(card.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Decline" })).toHaveCount(0);
    const [stored] = await queryAppDb<{ accepted_name: string; accepted_content_hash: string; status: string }>(
      "select accepted_name, accepted_content_hash, status from quotes where id = $1",
      [quote.id],
    );
    expect(stored).toMatchObject({ accepted_name: "Maria Santos", status: "accepted" });
    expect(stored!.accepted_content_hash).toMatch(/^sha256:/);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await shoot(page, "accepted", card);
    expect(unexpected(errors)).toEqual([]);
  },
);

test(
  "a client declines a quote with a reason; an expired quote says whom to ask; a replaced one names its revision",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const projectId = await submitProject(page.request, "Dev Patel", `billing.decline.${unique()}@example.com`);
    const token = ownerToken();
    const declined = await sendQuote(page.request, token, projectId, BAKERY_QUOTE);
    const expired = await sendQuote(page.request, token, projectId, { ...BAKERY_QUOTE, terms: "Valid for a week." });
    // Past its day, the daily pass marks it expired, as the owner's "Mark expired" does.
    const expiring = await page.request.put(fillPath(quotesEndpoints.setStatus.path, { quoteId: expired.id }), {
      headers: bearer(token),
      data: { status: "expired" },
    });
    expect(expiring.status(), await expiring.text()).toBe(200);
    const first = await sendQuote(page.request, token, projectId, { ...BAKERY_QUOTE, notes: "The first draft." });
    const revision = await sendRevision(page.request, token, first.id);
    await openPortalProject(page, projectId);

    const card = quoteCard(page, declined);
    // Cancelled, the form gives the focus back to the button that opened it.
    await card.getByRole("button", { name: "Decline" }).click();
    await card.getByRole("button", { name: "Cancel" }).click();
    await expect(card.getByRole("button", { name: "Decline" })).toBeFocused();
    await card.getByRole("button", { name: "Decline" }).click();
    const form = card.getByRole("form", { name: `Decline quote ${declined.number}` });
    await form.getByRole("textbox", { name: /Reason/ }).fill("We found a cheaper option nearer to us.");
    await expectAccessible(page);
    await form.getByRole("button", { name: "Decline Quote" }).click();
    await expect(card.locator("[data-status]").first()).toHaveText("Declined");
    await expect(card).toContainText("Your reason: We found a cheaper option nearer to us.");
    await expect(card.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);

    const late = quoteCard(page, expired);
    await expect(late.locator("[data-status]").first()).toHaveText("Expired");
    await expect(late.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
    const whom = late.getByTestId("quote-expired");
    await expect(whom).toContainText("can no longer be accepted");
    await expect(whom).toContainText(site.owner.name);
    await expect(whom.getByRole("link", { name: site.phone.display })).toHaveAttribute(
      "href",
      `tel:${site.phone.e164}`,
    );
    await expect(whom.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    // The server refuses it too, whatever the page shows.
    const session = await portalSession(page);
    const billing = await page.request.get(fillPath(billingEndpoints.client.path, { id: projectId }), {
      headers: bearer(session),
    });
    const hash = ((await billing.json()) as { quotes: { id: number; content_hash: string }[] }).quotes.find(
      (q) => q.id === expired.id,
    )!.content_hash;
    const refused = await page.request.post(fillPath(quotesEndpoints.accept.path, { quoteId: expired.id }), {
      headers: bearer(session),
      data: { full_name: "Dev Patel", agree_terms: true, content_hash: hash },
    });
    expect(refused.status()).toBe(409);

    const replaced = quoteCard(page, first);
    await expect(replaced).toContainText(
      `replaced by the newer revision ${revision.number} (revision ${revision.revision})`,
    );
    await expect(replaced.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
    await expect(quoteCard(page, revision).getByRole("button", { name: "Accept Quote" })).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    expect(unexpected(errors)).toEqual([]);
  },
);

test(
  "without card payments an open invoice says how to pay, and offers no Pay Now @phone",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const projectId = await submitProject(page.request, "Ana Lima", `billing.invoice.${unique()}@example.com`);
    const invoice = await sendInvoice(page.request, ownerToken(), projectId, {
      lines: [
        { description: "Extra page: events calendar", quantity: 1, unit_price_cents: 12_500 },
        { description: "Photo editing, per hour", quantity: 1.5, unit_price_cents: 4_000 },
      ],
      due_date: dayFromToday(14),
    });
    await openPortalProject(page, projectId);

    const card = invoiceCard(page, invoice.number);
    await expect(card.getByRole("heading", { name: `Invoice ${invoice.number}` })).toBeVisible();
    await expect(card.locator("[data-status]")).toHaveText("Sent");
    await expect(card).toContainText("Extra page: events calendar");
    await expect(card).toContainText("Photo editing, per hour");
    await expect(card.getByTestId("invoice-total")).toHaveText(formatCents(18_500));
    await expect(card.getByTestId("invoice-paid")).toHaveText(formatCents(0));
    await expect(card.getByTestId("invoice-due")).toHaveText(formatCents(18_500));
    await expect(card).toContainText(formatPortalDate(dayFromToday(14))!);

    const how = card.getByTestId("how-to-pay");
    await expect(how).toContainText(site.billing.payee);
    for (const line of site.billing.mailingAddress) await expect(how).toContainText(line);
    await expect(how).toContainText(site.billing.howToPay);
    await expect(how).toContainText(invoice.number);
    await expect(page.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await shoot(page, "how-to-pay", card);
    expect(unexpected(errors)).toEqual([]);
  },
);

test(
  "back from Checkout the portal says the payment is being confirmed, and shows it paid only once the server recorded it @phone",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const projectId = await submitProject(page.request, "Theo Grant", `billing.return.${unique()}@example.com`);
    const token = ownerToken();
    const invoice = await sendInvoice(page.request, token, projectId, {
      lines: [{ description: "50% deposit on the harbour tours website", quantity: 1, unit_price_cents: 32_500 }],
    });
    await openPortalProject(page, projectId);

    // The address Checkout sends the client back to: nothing is recorded yet.
    await page.goto(`/client-portal?project=${projectId}&payment=success&invoice=${invoice.id}`);
    const card = invoiceCard(page, invoice.number);
    const note = card.getByTestId("payment-confirmation");
    await expect(note).toHaveAttribute("data-state", "waiting");
    await expect(note).toContainText("being confirmed");
    await expect(card.locator("[data-status]")).toHaveText("Sent");
    await expect(card.getByTestId("invoice-due")).toHaveText(formatCents(32_500));
    await expect(page, "the return's query leaves the address bar").toHaveURL(/\/client-portal$/);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await shoot(page, "payment-confirming", card);

    // The server records the payment (here the owner's; with Stripe, its signed webhook): the page follows.
    const recorded = await page.request.post(fillPath(paymentsEndpoints.record.path, { invoiceId: invoice.id }), {
      headers: bearer(token),
      data: { amount_cents: 32_500, paid_on: dayFromToday(0), method: "card" },
    });
    expect(recorded.status(), await recorded.text()).toBe(201);
    await expect(note).toHaveAttribute("data-state", "confirmed", { timeout: 15_000 });
    await expect(note).toContainText("this invoice is paid");
    await expect(card.locator("[data-status]")).toHaveText("Paid");
    await expect(card.getByTestId("invoice-due")).toHaveText(formatCents(0));
    await expect(card.getByTestId("how-to-pay")).toHaveCount(0);
    await shoot(page, "payment-confirmed", card);
    expect(unexpected(errors)).toEqual([]);
  },
);

test(
  "the quote's and the invoice's PDFs carry the number, the lines, the totals and the acceptance, and open in Chromium's PDF viewer",
  { tag: "@db" },
  async ({ page, baseURL }) => {
    const projectId = await submitProject(page.request, "Rosa Diaz", `billing.pdf.${unique()}@example.com`);
    const token = ownerToken();
    const quote = await sendQuote(page.request, token, projectId, BAKERY_QUOTE);
    const session = await portalSessionFor(page.request, projectId);
    const billing = (await (
      await page.request.get(fillPath(billingEndpoints.client.path, { id: projectId }), { headers: bearer(session) })
    ).json()) as { quotes: { id: number; content_hash: string }[] };
    const accepted = await page.request.post(fillPath(quotesEndpoints.accept.path, { quoteId: quote.id }), {
      headers: bearer(session),
      data: { full_name: "Rosa Diaz", agree_terms: true, content_hash: billing.quotes[0]!.content_hash },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    const invoice = await sendInvoice(page.request, token, projectId, {
      lines: [{ description: "Deposit on the bakery website", quantity: 1, unit_price_cents: 16_200 }],
    });

    // The bytes: what the client downloads with the portal session.
    const quotePdf = await page.request.get(fillPath(quotesEndpoints.clientPdf.path, { quoteId: quote.id }), {
      headers: bearer(session),
    });
    expect(quotePdf.status()).toBe(200);
    expect(quotePdf.headers()["content-type"]).toContain("application/pdf");
    const quoteText = await pdfText(await quotePdf.body());
    for (const expected of [
      quote.number,
      STARTER.line.slice(0, 30),
      "Menu page with photos of the cakes",
      formatCents(36_000),
      formatCents(3_600),
      formatCents(32_400),
      formatCents(16_200),
      "Rosa Diaz",
    ])
      expect(quoteText, `the quote's PDF carries ${expected}`).toContain(expected);
    const invoicePdf = await page.request.get(fillPath(invoicesEndpoints.clientPdf.path, { invoiceId: invoice.id }), {
      headers: bearer(session),
    });
    expect(invoicePdf.status()).toBe(200);
    const invoiceText = await pdfText(await invoicePdf.body());
    for (const expected of [invoice.number, "Deposit on the bakery website", formatCents(16_200), site.billing.payee])
      expect(invoiceText, `the invoice's PDF carries ${expected}`).toContain(expected);

    // A browser without a PDF viewer (the headless shell, as many phones) saves the file instead.
    await openPortalProject(page, projectId);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      quoteCard(page, quote)
        .getByRole("button", { name: `Open PDF of ${quote.number}` })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${quote.number}.pdf`);
    expect(pdfText(await readFile((await download.path())!))).toContain("Rosa Diaz");

    // The viewer: the headless shell has none, so the full Chromium opens the PDFs from the page.
    const browser = await chromium.launch({ executablePath: chromiumPath({ fullBrowser: true }), args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
      const portal = await context.newPage();
      await openPortalProject(portal, projectId);
      for (const [card, number] of [
        [quoteCard(portal, quote), quote.number],
        [invoiceCard(portal, invoice.number), invoice.number],
      ] as const) {
        const [viewer] = await Promise.all([
          context.waitForEvent("page"),
          card.getByRole("button", { name: `Open PDF of ${number}` }).click(),
        ]);
        await viewer.waitForLoadState();
        expect(viewer.url()).toMatch(/^blob:/);
        await expect
          .poll(
            async () => {
              const frame = viewer.frames().find((f) => f.url().startsWith("chrome-extension://"));
              return frame ? frame.evaluate(() => !!document.querySelector("pdf-viewer")) : false;
            },
            { message: `Chromium's PDF viewer shows ${number}`, timeout: 15_000 },
          )
          .toBe(true);
        await viewer.close();
      }
    } finally {
      await browser.close();
    }
  },
);

test("a client's portal session opens nothing of another client's billing", { tag: "@db" }, async ({ page }) => {
  const mine = await submitProject(page.request, "Lena Park", `billing.mine.${unique()}@example.com`);
  const theirs = await submitProject(page.request, "Omar Haddad", `billing.theirs.${unique()}@example.com`);
  const token = ownerToken();
  const quote = await sendQuote(page.request, token, theirs, BAKERY_QUOTE);
  const invoice = await sendInvoice(page.request, token, theirs, {
    lines: [{ description: "Logo clean-up", quantity: 1, unit_price_cents: 9_000 }],
  });
  await openPortalProject(page, mine);
  await expect(billingSection(page)).toContainText("No quotes or invoices yet");

  // The calls the Billing section makes, from the page with its own session, on the other client's records.
  const calls = [
    { method: "GET", path: fillPath(billingEndpoints.client.path, { id: theirs }) },
    {
      method: "POST",
      path: fillPath(quotesEndpoints.accept.path, { quoteId: quote.id }),
      // A hash of the right form: the quote itself is not theirs to read.
      body: { full_name: "Lena Park", agree_terms: true, content_hash: `sha256:${"0".repeat(64)}` },
    },
    { method: "POST", path: fillPath(quotesEndpoints.decline.path, { quoteId: quote.id }), body: {} },
    { method: "GET", path: fillPath(quotesEndpoints.clientPdf.path, { quoteId: quote.id }) },
    { method: "GET", path: fillPath(invoicesEndpoints.clientPdf.path, { invoiceId: invoice.id }) },
    { method: "POST", path: fillPath(paymentsEndpoints.checkout.path, { invoiceId: invoice.id }) },
  ];
  const statuses = await page.evaluate(async (list) => {
    const session = window.sessionStorage.getItem("client-portal-session") ?? "";
    const answers: string[] = [];
    for (const call of list) {
      const res = await fetch(call.path, {
        method: call.method,
        headers: { Authorization: `Bearer ${session}`, "Content-Type": "application/json" },
        body: call.body ? JSON.stringify(call.body) : undefined,
      });
      answers.push(`${call.method} ${call.path}: ${res.status}`);
    }
    return answers;
  }, calls);
  expect(statuses).toEqual(calls.map((call) => `${call.method} ${call.path}: 403`));
  const [still] = await queryAppDb<{ status: string }>("select status from quotes where id = $1", [quote.id]);
  expect(still!.status).toBe("sent");
});

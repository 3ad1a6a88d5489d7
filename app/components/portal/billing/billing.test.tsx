import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import type { ClientBilling } from "~/contracts/billing";
import type { Invoice } from "~/contracts/invoices";
import { InvoiceCard } from "./invoice-card";
import { QuoteCard } from "./quote-card";
import { rememberCheckout, takeCheckoutReturn } from "./checkout-return";
import { forgetDocumentTarget, takeDocumentTarget } from "./document-target";

/**
 * The portal's Billing section as the client reads it (docs/product/billing.md "The client
 * decides", "Payments"): what an open, expired or replaced quote offers, Pay Now or how to pay,
 * and the way back from Checkout read once.
 */

type ClientQuote = ClientBilling["quotes"][number];

const QUOTE: ClientQuote = {
  id: 12,
  number: "Q-2026-0012",
  project_id: "WBT-2026-7KQ4MZ",
  project_name: "Harbor Bakery Website Project",
  status: "sent",
  revision: 1,
  replaces_id: null,
  replaced_by_id: null,
  lines: [
    {
      description: "Starter Site: up to three pages",
      quantity: 1,
      unit_price_cents: 27_500,
      total_cents: 27_500,
      preset: "starter-site",
    },
  ],
  discount_type: "none",
  discount_value: 0,
  subtotal_cents: 27_500,
  discount_cents: 0,
  total_cents: 27_500,
  deposit_percent: 50,
  deposit_cents: 13_750,
  terms: "A 50% deposit starts the work; the balance is due at launch.",
  notes: null,
  valid_until: "2026-12-31",
  sent_at: "2026-12-01T14:00:00.000Z",
  viewed_at: null,
  decided_at: null,
  decline_reason: null,
  acceptance: null,
  accepted_pdf_key: null,
  schedule: null,
  auto_invoice: true,
  is_expired: false,
  created_at: "2026-12-01T13:40:00.000Z",
  updated_at: "2026-12-01T14:00:00.000Z",
  content_hash: "sha256:abc",
  can_accept: true,
};

const INVOICE: Invoice = {
  id: 31,
  number: "INV-2026-0031",
  project_id: "WBT-2026-7KQ4MZ",
  project_name: "Harbor Bakery Website Project",
  client_name: "Maria Santos",
  quote_id: 12,
  kind: "deposit",
  status: "partially_paid",
  lines: [
    {
      description: "50% deposit on quote Q-2026-0012",
      quantity: 1,
      unit_price_cents: 13_750,
      total_cents: 13_750,
      preset: null,
    },
  ],
  discount_type: "none",
  discount_value: 0,
  subtotal_cents: 13_750,
  discount_cents: 0,
  total_cents: 13_750,
  amount_paid_cents: 5_000,
  amount_due_cents: 8_750,
  issue_date: "2026-12-01",
  due_date: "2026-12-15",
  notes: null,
  reminders_enabled: true,
  reminders_sent: [],
  sent_at: "2026-12-01T14:10:00.000Z",
  paid_at: null,
  voided_at: null,
  void_reason: null,
  payments: [
    {
      id: 9,
      invoice_id: 31,
      amount_cents: 5_000,
      paid_on: "2026-12-03",
      method: "check",
      source: "manual",
      note: null,
      stripe_event_id: null,
      created_at: "2026-12-03T16:20:00.000Z",
    },
  ],
  credits: [],
  created_at: "2026-12-01T14:05:00.000Z",
  updated_at: "2026-12-03T16:20:00.000Z",
};

const BILLING: ClientBilling = {
  project_id: "WBT-2026-7KQ4MZ",
  quotes: [QUOTE],
  invoices: [INVOICE],
  card_payments: false,
  how_to_pay: {
    payee: site.billing.payee,
    address: [...site.billing.mailingAddress],
    instructions: site.billing.howToPay,
  },
  contact_email: site.email,
};

const quoteHtml = (quote: ClientQuote, quotes: ClientQuote[] = [quote]) =>
  renderToStaticMarkup(
    <QuoteCard quote={quote} quotes={quotes} contactEmail={site.email} token="t" onDecided={() => {}} />,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

describe("a quote in the portal", () => {
  it("offers Accept Quote and Decline while it is open", () => {
    const html = quoteHtml(QUOTE);
    expect(text(html)).toContain("Accept Quote");
    expect(text(html)).toContain("Decline");
    expect(text(html)).toContain("$275.00");
    expect(text(html)).toContain("$137.50");
    expect(text(html), "no lone subtotal without a discount").not.toContain("Subtotal");
  });

  it("awaits the client's decision, sent or viewed, in the client's words", () => {
    for (const status of ["sent", "viewed"] as const) {
      const html = text(quoteHtml({ ...QUOTE, status }));
      expect(html).toContain("Awaiting your decision");
      expect(html).not.toContain("Viewed");
    }
  });

  it("past its day cannot be accepted and says whom to ask", () => {
    const html = text(quoteHtml({ ...QUOTE, is_expired: true, can_accept: false }));
    expect(html).toContain("Expired");
    expect(html).toContain("This quote expired on December 31, 2026 and can no longer be accepted");
    expect(html).toContain(site.owner.name);
    expect(html).toContain(site.email);
    expect(html).toContain(site.phone.display);
    expect(html).not.toContain("Accept Quote");
  });

  it("replaced, names the newer revision", () => {
    const newer: ClientQuote = { ...QUOTE, id: 13, revision: 2, replaces_id: 12 };
    const html = text(quoteHtml({ ...QUOTE, replaced_by_id: 13, can_accept: false }, [newer, QUOTE]));
    expect(html).toContain("This quote was replaced by the newer revision Q-2026-0012 (revision 2), above");
    expect(html).not.toContain("Accept Quote");
  });

  it("accepted, shows who accepted it and when, in the business's time zone", () => {
    const html = text(
      quoteHtml({
        ...QUOTE,
        status: "accepted",
        can_accept: false,
        acceptance: {
          full_name: "Maria Santos",
          accepted_at: "2026-12-02T15:04:00.000Z",
          ip_address: null,
          user_agent: null,
          content_hash: "sha256:abc",
        },
      }),
    );
    // The business's clock, its zone named, whatever the browser's zone (docs/product/billing.md "Times").
    expect(html).toContain("Accepted by Maria Santos on December 2, 2026 at 10:04 AM EST.");
    // The fact's label, then its value.
    expect(html).toContain("SentDecember 1, 2026 at 9:00 AM EST");
  });
});

describe("an invoice in the portal", () => {
  const invoiceHtml = (billing: ClientBilling, invoice = INVOICE) =>
    text(renderToStaticMarkup(<InvoiceCard invoice={invoice} billing={billing} token="t" />));

  it("without card payments says how to pay what is still due, and offers no Pay Now", () => {
    const html = invoiceHtml(BILLING);
    expect(html).toContain("Partially paid");
    expect(html).toContain("How to pay $87.50");
    expect(html).toContain(site.billing.payee);
    expect(html).toContain(site.billing.mailingAddress[1]);
    expect(html).not.toContain("Pay Now");
  });

  it("with card payments offers Pay Now for what is still due", () => {
    const html = invoiceHtml({ ...BILLING, card_payments: true });
    expect(html).toContain("Pay Now $87.50 by card");
    expect(html).not.toContain("How to pay");
  });

  it("says when it was paid in full on the business's clock, its zone named", () => {
    const html = invoiceHtml(BILLING, {
      ...INVOICE,
      status: "paid",
      amount_due_cents: 0,
      paid_at: "2026-07-04T01:05:00.000Z",
    });
    expect(html).toContain("Paid in fullJuly 3, 2026 at 9:05 PM EDT");
  });

  it("lists each payment with its receipt number and a Download receipt button", () => {
    const html = invoiceHtml(BILLING);
    expect(html).toContain("$50.00 by check on December 3, 2026");
    expect(html).toContain("Receipt INV-2026-0031-R1");
    expect(html).toContain("Download receipt of Receipt-INV-2026-0031-R1");
  });

  it("paid or void offers neither", () => {
    for (const status of ["paid", "void"] as const) {
      const html = invoiceHtml({ ...BILLING, card_payments: true }, { ...INVOICE, status, amount_due_cents: 0 });
      expect(html).not.toContain("Pay Now");
      expect(html).not.toContain("How to pay");
    }
  });
});

describe("the way back from Checkout", () => {
  const stored = new Map<string, string>();
  let address = "";
  const fakeWindow = (href: string) => {
    address = href;
    stored.clear();
    Object.assign(globalThis, {
      window: {
        get location() {
          return { href: address };
        },
        history: {
          state: null,
          replaceState: (_state: unknown, _title: string, url: string) => {
            address = new URL(url, address).href;
          },
        },
        sessionStorage: {
          getItem: (key: string) => stored.get(key) ?? null,
          setItem: (key: string, value: string) => stored.set(key, value),
          removeItem: (key: string) => stored.delete(key),
        },
      },
    });
  };
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("is read once, with what was paid before Checkout, and leaves the address bar", () => {
    fakeWindow("https://example.test/client-portal?payment=success&invoice=31");
    rememberCheckout({ projectId: "WBT-2026-7KQ4MZ", invoiceId: 31, paidCents: 5_000 });
    expect(takeCheckoutReturn("WBT-2026-7KQ4MZ")).toEqual({ kind: "success", invoiceId: 31, paidCents: 5_000 });
    expect(address).toBe("https://example.test/client-portal");
    expect(takeCheckoutReturn("WBT-2026-7KQ4MZ")).toBeNull();
  });

  it("tells a cancelled payment, and does without the tab's note", () => {
    fakeWindow("https://example.test/client-portal?payment=cancelled&invoice=31");
    expect(takeCheckoutReturn("WBT-2026-7KQ4MZ")).toEqual({ kind: "cancel", invoiceId: 31, paidCents: null });
  });

  it("names its invoice as the document to land on; an e-mailed link names a quote, an invoice or a receipt", () => {
    fakeWindow("https://example.test/client-portal?quote=12");
    expect(takeDocumentTarget()).toEqual({ kind: "quote", id: 12 });
    expect(address, "the query leaves the address bar").toBe("https://example.test/client-portal");
    expect(takeDocumentTarget(), "kept until shown (a remount finds it)").toEqual({ kind: "quote", id: 12 });
    forgetDocumentTarget();
    expect(takeDocumentTarget()).toBeNull();
    fakeWindow("https://example.test/client-portal?receipt=9#top");
    expect(takeDocumentTarget()).toEqual({ kind: "receipt", id: 9 });
    expect(address).toBe("https://example.test/client-portal#top");
    forgetDocumentTarget();
    fakeWindow("https://example.test/client-portal?quote=nope&invoice=-3");
    expect(takeDocumentTarget()).toBeNull();
  });

  it("is no return without the payment word", () => {
    fakeWindow("https://example.test/client-portal?invoice=31");
    expect(takeCheckoutReturn("WBT-2026-7KQ4MZ")).toBeNull();
    expect(address).toBe("https://example.test/client-portal?invoice=31");
  });
});

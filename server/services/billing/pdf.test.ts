import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { receiptNumber } from "~/contracts/receipts";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import type { Invoice } from "~/contracts/invoices";
import type { Payment } from "~/contracts/invoice-payments";
import type { Quote } from "~/contracts/quotes";
import { pdfText } from "../../../tests/support/pdf-text";
import { renderInvoicePdf, renderQuotePdf, renderReceiptPdf } from "./pdf";
import { businessLines } from "./pdf-layout";
import { dueAfterPayment, receiptPrint, type PdfClient } from "./pdf-print";
import { coverage, pdfFonts, printable, REPLACEMENT } from "./pdf-font";

/**
 * The billing PDFs as a reader sees them (docs/product/billing.md "PDFs", "Times"): every name as
 * typed, the brand once, whom it is for, every instant with its zone, and the receipt of one payment.
 */

const QUOTE: Quote = {
  id: 12,
  number: "Q-2026-0012",
  project_id: "WBT-2026-7KQ4MZ",
  project_name: "Harbor Bakery Website Project",
  status: "accepted",
  revision: 1,
  replaces_id: null,
  replaced_by_id: null,
  lines: [
    {
      description: "Zoë’s “notes”: the home page",
      quantity: 1,
      unit_price_cents: 27_500,
      total_cents: 27_500,
      preset: null,
    },
    { description: "Ελένη Παπαδοπούλου", quantity: 1, unit_price_cents: 5_000, total_cents: 5_000, preset: null },
  ],
  discount_type: "none",
  discount_value: 0,
  subtotal_cents: 32_500,
  discount_cents: 0,
  total_cents: 32_500,
  deposit_percent: 50,
  deposit_cents: 16_250,
  terms: "A 50% deposit starts the work.",
  notes: null,
  valid_until: "2026-12-31",
  sent_at: "2026-12-01T14:00:00.000Z",
  viewed_at: "2026-12-01T15:00:00.000Z",
  decided_at: "2026-12-06T06:34:00.000Z",
  decline_reason: null,
  acceptance: {
    full_name: "Łucja Dvořák Nguyễn",
    accepted_at: "2026-12-06T06:34:00.000Z",
    ip_address: "203.0.113.9",
    user_agent: "Mozilla/5.0 (Test Browser)",
    content_hash: `sha256:${"ab".repeat(32)}`,
  },
  accepted_pdf_key: null,
  schedule: null,
  auto_invoice: true,
  is_expired: false,
  created_at: "2026-12-01T13:40:00.000Z",
  updated_at: "2026-12-06T06:34:00.000Z",
};

const CLIENT: PdfClient = {
  name: "Łucja Dvořák Nguyễn",
  email: "lucja@example.com",
  company: "Piekarnia Łucja Sp. z o.o.",
  address: null,
};

const payment = (id: number, amount: number, extra: Partial<Payment> = {}): Payment => ({
  id,
  invoice_id: 31,
  amount_cents: amount,
  paid_on: "2026-07-03",
  method: "check",
  source: "manual",
  note: null,
  stripe_event_id: null,
  created_at: "2026-07-03T16:20:00.000Z",
  ...extra,
});

const INVOICE: Invoice = {
  id: 31,
  number: "INV-2026-0031",
  project_id: QUOTE.project_id,
  project_name: QUOTE.project_name,
  client_name: "Łucja Dvořák Nguyễn",
  quote_id: 12,
  kind: "deposit",
  status: "partially_paid",
  lines: [
    {
      description: "50% deposit on quote Q-2026-0012",
      quantity: 1,
      unit_price_cents: 50_000,
      total_cents: 50_000,
      preset: null,
    },
  ],
  discount_type: "none",
  discount_value: 0,
  subtotal_cents: 50_000,
  discount_cents: 0,
  total_cents: 50_000,
  amount_paid_cents: 30_000,
  amount_due_cents: 20_000,
  issue_date: "2026-07-01",
  due_date: "2026-07-15",
  notes: null,
  reminders_enabled: true,
  reminders_sent: [],
  sent_at: "2026-07-01T13:05:00.000Z",
  paid_at: null,
  voided_at: null,
  void_reason: null,
  credits: [],
  payments: [
    payment(9, 20_000),
    payment(10, 10_000, {
      method: "card",
      source: "stripe",
      paid_on: "2026-07-03",
      created_at: "2026-07-04T02:10:00.000Z",
    }),
  ],
  created_at: "2026-07-01T13:00:00.000Z",
  updated_at: "2026-07-04T02:10:00.000Z",
};

const text = async (pdf: Promise<Buffer>) => pdfText(new Uint8Array(await pdf));
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe("the font", () => {
  it("reads the same coverage from the font's full cmap (format 12) as from its BMP one (format 4)", () => {
    const file = readFileSync(
      createRequire(import.meta.url).resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
    );
    const full = coverage(file);
    // The same font with its format-12 subtables' encodings renamed: the reader falls back to format 4.
    const bmpOnly = Buffer.from(file);
    const tables = bmpOnly.readUInt16BE(4);
    for (let i = 0; i < tables; i++) {
      const record = 12 + 16 * i;
      if (bmpOnly.toString("latin1", record, record + 4) !== "cmap") continue;
      const cmap = bmpOnly.readUInt32BE(record + 8);
      for (let j = 0; j < bmpOnly.readUInt16BE(cmap + 2); j++) {
        const sub = cmap + 4 + 8 * j;
        if (bmpOnly.readUInt16BE(cmap + bmpOnly.readUInt32BE(sub + 4)) === 12) bmpOnly.writeUInt16BE(99, sub + 2);
      }
    }
    const bmp = coverage(bmpOnly);
    let differ = 0;
    let covered = 0;
    for (let c = 0; c < 0xffff; c++) {
      if (full(c) !== bmp(c)) differ++;
      if (full(c)) covered++;
    }
    expect(differ).toBe(0);
    expect(covered).toBeGreaterThan(2_500);
  });

  it("draws Latin with Vietnamese, Greek, Cyrillic and the typographic marks in both weights", () => {
    const { covers } = pdfFonts();
    for (const ch of "ŁřễĐđƯươΕλέΠЖЙїё’‘“”–—…•€·×\u00a0\u202f\uFFFD") expect(covers(ch.codePointAt(0)!), ch).toBe(true);
    for (const ch of ["😀", "漢", "→"]) expect(covers(ch.codePointAt(0)!), ch).toBe(false);
  });

  it("keeps what the font draws, composed, and puts one visible replacement for each character it lacks", () => {
    expect(printable("Łucja Dvořák Nguyễn")).toBe("Łucja Dvořák Nguyễn");
    expect(printable("Zoë’s “notes” – ok — fine…")).toBe("Zoë’s “notes” – ok — fine…");
    // Decomposed as typed on some keyboards: printed composed.
    expect(printable("Nguye\u0302\u0303n")).toBe("Nguyễn");
    // An emoji, a joined emoji sequence and one with a variation selector are one character each.
    expect(printable("Zoë 😀")).toBe(`Zoë ${REPLACEMENT}`);
    expect(printable("a 👩‍💻 b ❤️ c")).toBe(`a ${REPLACEMENT} b ${REPLACEMENT} c`);
    expect(printable("山田 太郎")).toBe(`${REPLACEMENT}${REPLACEMENT} ${REPLACEMENT}${REPLACEMENT}`);
    expect(printable("one\r\ntwo\tthree\u0007")).toBe("one\ntwo three");
    expect(printable("Zoë 😀")).not.toContain("?");
  });
});

describe("the quote's PDF", () => {
  it("prints every name as typed, the brand once, whom it is for, and the acceptance with its zone", async () => {
    const pdf = await text(renderQuotePdf(QUOTE, CLIENT));
    for (const expected of [
      "Łucja Dvořák Nguyễn",
      "Zoë’s “notes”: the home page",
      "Ελένη Παπαδοπούλου",
      "lucja@example.com",
      "Piekarnia Łucja Sp. z o.o.",
      // December: Eastern Standard Time.
      "Accepted by Łucja Dvořák Nguyễn on December 6, 2026 at 1:34 AM EST.",
      "Dec 1, 2026, 9:00 AM EST",
      "December 31, 2026",
    ])
      expect(pdf, expected).toContain(expected);
    expect(pdf).toMatch(/PREPARED FOR\nŁucja Dvořák Nguyễn\nPiekarnia Łucja Sp\. z o\.o\.\nlucja@example\.com\n/);
    expect(count(pdf, site.brand)).toBe(1);
    expect(pdf).not.toContain("?");
  });

  it("names daylight time in summer, and prints a name part the font lacks as a visible replacement", async () => {
    const pdf = await text(
      renderQuotePdf(
        {
          ...QUOTE,
          acceptance: { ...QUOTE.acceptance!, full_name: "Zoë 😀 Quinn", accepted_at: "2026-07-04T01:05:00.000Z" },
        },
        null,
      ),
    );
    expect(pdf).toContain(`Accepted by Zoë ${REPLACEMENT} Quinn on July 3, 2026 at 9:05 PM EDT.`);
    expect(pdf).not.toContain("?");
  });

  it("puts the brand first and never again in the business's lines", () => {
    const lines = businessLines();
    expect(lines.some((line) => line.toLowerCase().includes(site.brand.toLowerCase()))).toBe(false);
    expect(lines).toContain(site.billing.mailingAddress[1]);
    expect(lines.at(-1)).toContain(site.email);
  });
});

describe("the invoice's PDF", () => {
  it("shows its payments with the day paid and the time recorded, zone named", async () => {
    const pdf = await text(renderInvoicePdf(INVOICE, CLIENT));
    for (const expected of [
      "BILL TO\nŁucja Dvořák Nguyễn\nPiekarnia Łucja Sp. z o.o.\nlucja@example.com",
      "Jul 1, 2026, 9:05 AM EDT",
      "Jul 3, 2026, 12:20 PM EDT",
      "Jul 3, 2026, 10:10 PM EDT",
      "$200.00",
      "Amount due",
    ])
      expect(pdf, expected).toContain(expected);
  });
});

describe("the receipt", () => {
  it("numbers a receipt from its invoice and payment", () => {
    expect(receiptNumber(INVOICE, INVOICE.payments[0]!)).toBe("INV-2026-0031-R1");
    expect(receiptNumber(INVOICE, INVOICE.payments[1]!)).toBe("INV-2026-0031-R2");
  });

  it("counts what was still due after each payment, in the order they came", () => {
    expect(dueAfterPayment(INVOICE, INVOICE.payments[0]!)).toBe(30_000);
    expect(dueAfterPayment(INVOICE, INVOICE.payments[1]!)).toBe(20_000);
    expect(dueAfterPayment({ ...INVOICE, payments: [] }, payment(11, 60_000))).toBe(0);
  });

  it("prints who paid, the amount, the method, the day and time with its zone, the invoice and what is still due", async () => {
    const pdf = await text(
      renderReceiptPdf(receiptPrint(INVOICE, INVOICE.payments[1]!), { ...CLIENT, name: "Someone Else" }),
    );
    for (const expected of [
      "RECEIPT",
      "INV-2026-0031-R2",
      // The invoice's own name of the client.
      "RECEIVED FROM\nŁucja Dvořák Nguyễn\nPiekarnia Łucja Sp. z o.o.\nlucja@example.com",
      "Payment received: $100.00",
      "$100.00 by card, paid on July 3, 2026, recorded July 3, 2026 at 10:10 PM EDT.",
      "For invoice INV-2026-0031 (deposit), issued July 1, 2026.",
      "Still due on INV-2026-0031 after this payment: $200.00.",
      "Still due after this payment",
      QUOTE.project_id,
    ])
      expect(pdf, expected).toContain(expected);
    expect(count(pdf, site.brand)).toBe(1);
    expect(pdf).not.toContain("Someone Else");
  });

  it("says the invoice is paid in full when nothing is left", async () => {
    const paid = {
      ...INVOICE,
      client_name: null,
      payments: [payment(9, 50_000)],
      amount_paid_cents: 50_000,
      amount_due_cents: 0,
    };
    const pdf = await text(renderReceiptPdf(receiptPrint(paid, paid.payments[0]!)));
    expect(pdf).toContain("Invoice INV-2026-0031 is paid in full.");
    expect(pdf).toContain("The project's client");
  });
});

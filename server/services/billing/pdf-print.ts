import { createHash } from "node:crypto";
import { site } from "~/config/site";
import type { BillingLine } from "~/contracts/quotes";
import type { Invoice } from "~/contracts/invoices";
import type { Payment } from "~/contracts/invoice-payments";
import type { Quote } from "~/contracts/quotes";
import { receiptNumber } from "~/contracts/receipts";

/**
 * What a billing PDF prints (docs/decisions/045-pdfs-rendered-once.md): each document reduced to
 * the fields its drawing reads (./pdf.ts takes these types, so it cannot print a field left out
 * here), and the hash of that content with the layout's version. A frozen document's render is kept
 * under that hash: a change of anything it prints, or of the layout, is a new key. This module holds
 * no pdfkit: the app's thread hashes, the render workers (./pdf-worker.ts) draw.
 */

/**
 * The layout's version: part of every render's key. Raise it with any change to how ./pdf.ts,
 * ./pdf-blocks.ts, ./pdf-layout.ts or ./pdf-font.ts draw (or an upgrade of pdfkit or the font), so
 * that no render made by the old layout is served again.
 */
export const PDF_LAYOUT_VERSION = 2;

/** Whom a document is for: the project's primary contact. */
export interface PdfClient {
  name: string | null;
  email: string | null;
  company: string | null;
  address?: string | null;
}

const pick = <T extends object, const K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;

const LINE = ["description", "quantity", "unit_price_cents", "total_cents"] as const;
export type PrintedLine = Pick<BillingLine, (typeof LINE)[number]>;

const MONEY = ["subtotal_cents", "discount_type", "discount_value", "discount_cents", "total_cents"] as const;

const QUOTE = [
  "number",
  "revision",
  "status",
  "sent_at",
  "created_at",
  "valid_until",
  "decided_at",
  "decline_reason",
  "project_name",
  "project_id",
  "notes",
  "terms",
  "deposit_percent",
  "deposit_cents",
  "acceptance",
  "schedule",
  ...MONEY,
] as const;
export type QuotePrint = Pick<Quote, (typeof QUOTE)[number]> & { lines: PrintedLine[] };

const PAYMENT = ["paid_on", "method", "created_at", "amount_cents"] as const;
export type PaymentPrint = Pick<Payment, (typeof PAYMENT)[number]>;

const INVOICE = [
  "number",
  "status",
  "kind",
  "issue_date",
  "due_date",
  "sent_at",
  "paid_at",
  "voided_at",
  "void_reason",
  "project_name",
  "project_id",
  "client_name",
  "notes",
  "amount_paid_cents",
  "amount_due_cents",
  ...MONEY,
] as const;
export type InvoicePrint = Pick<Invoice, (typeof INVOICE)[number]> & {
  lines: PrintedLine[];
  payments: PaymentPrint[];
};

const RECEIPT_INVOICE = [
  "number",
  "kind",
  "issue_date",
  "total_cents",
  "project_name",
  "project_id",
  "client_name",
] as const;
/** A receipt: its number and what was still due after it are worked out before it is drawn. */
export interface ReceiptPrint {
  number: string;
  due_after_cents: number;
  invoice: Pick<Invoice, (typeof RECEIPT_INVOICE)[number]>;
  payment: PaymentPrint;
}

const lines = (list: readonly BillingLine[]) => list.map((line) => pick(line, LINE));

export function quotePrint(quote: Quote): QuotePrint {
  // "viewed" prints as "sent" does: the client opening the portal is no new document.
  const status = quote.status === "viewed" ? "sent" : quote.status;
  return { ...pick(quote, QUOTE), status, lines: lines(quote.lines) };
}

export function invoicePrint(invoice: Invoice): InvoicePrint {
  return {
    ...pick(invoice, INVOICE),
    lines: lines(invoice.lines),
    payments: invoice.payments.map((p) => pick(p, PAYMENT)),
  };
}

/**
 * What was still due on the invoice once this payment was in: its total less this payment and
 * the ones recorded before it (the invoice's payments are oldest first), never below zero.
 */
export function dueAfterPayment(invoice: Pick<Invoice, "total_cents" | "payments">, payment: Payment): number {
  const index = invoice.payments.findIndex((p) => p.id === payment.id);
  const through = index < 0 ? [...invoice.payments, payment] : invoice.payments.slice(0, index + 1);
  const paid = through.reduce((sum, p) => sum + p.amount_cents, 0);
  return Math.max(0, invoice.total_cents - paid);
}

/** `invoice` as it stands (its payments include this one). */
export function receiptPrint(invoice: Invoice, payment: Payment): ReceiptPrint {
  return {
    number: receiptNumber(invoice, payment),
    due_after_cents: dueAfterPayment(invoice, payment),
    invoice: pick(invoice, RECEIPT_INVOICE),
    payment: pick(payment, PAYMENT),
  };
}

/** One render's work, as the app's thread hands it to a worker (structured-cloned). */
export type PdfTask =
  | { kind: "quote"; quote: QuotePrint; client: PdfClient | null }
  | { kind: "invoice"; invoice: InvoicePrint; client: PdfClient | null }
  | { kind: "receipt"; receipt: ReceiptPrint; client: PdfClient | null };

/**
 * The business's details as the PDFs print them (./pdf-layout.ts header, ./pdf.ts "How to pay",
 * the zone of every time).
 */
const printedSite = () => ({
  brand: site.brand,
  email: site.email,
  phone: site.phone.display,
  timeZone: site.timeZone,
  billing: site.billing,
});

/** JSON with every object's keys in order: the same content always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** SHA-256 (hex) of everything the task's PDF prints, with the layout's version. */
export const printHash = (task: PdfTask): string =>
  createHash("sha256")
    .update(canonical([PDF_LAYOUT_VERSION, printedSite(), task]))
    .digest("hex");

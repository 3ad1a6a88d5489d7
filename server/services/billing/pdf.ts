import { site } from "~/config/site";
import { formatCents } from "~/contracts/billing-money";
import {
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  QUOTE_STATUS_LABELS,
} from "~/contracts/billing-terms";
import { formatInstant } from "~/lib/time/zoned";
import {
  discountRows,
  framed,
  linesTable,
  nameOf,
  parties,
  paymentsTable,
  scheduleTable,
  section,
  totals,
} from "./pdf-blocks";
import { BOLD, header, INK, keepRoom, longDay, MARGIN, put, render, WIDTH } from "./pdf-layout";
import type { InvoicePrint, PdfClient, QuotePrint, ReceiptPrint } from "./pdf-print";

/**
 * The PDFs of quotes, invoices and receipts (docs/product/billing.md "PDFs"): the business's details
 * from the site config (the brand once), the number and dates, whom it is for (name, company,
 * e-mail, address), the lines, the totals, the deposit, the terms, and on an accepted quote the
 * acceptance (the name as typed, the time with its zone, address, browser, content hash). Set in
 * Noto Sans (./pdf-font), so every name prints as typed; every instant is in the business's time
 * zone with the zone named (~/lib/time/zoned), calendar days stay plain days. The content streams
 * are written uncompressed: the files are small, and their text stays readable by any tool.
 *
 * Each document comes as what it prints (./pdf-print.ts): its render is kept under the hash of that
 * content, so this module reads nothing else. It runs in the render workers (./pdf-worker.ts), off
 * the app's thread. A change to how it draws (with ./pdf-layout.ts and ./pdf-blocks.ts) raises
 * PDF_LAYOUT_VERSION there.
 */

export function renderQuotePdf(quote: QuotePrint, client: PdfClient | null): Promise<Buffer> {
  const title = `Quote ${quote.number}${quote.revision > 1 ? ` (revision ${quote.revision})` : ""}`;
  return render(
    (doc) => {
      header(doc, "QUOTE", [
        ["Number", quote.number],
        ...(quote.revision > 1 ? ([["Revision", String(quote.revision)]] as [string, string][]) : []),
        quote.sent_at ? ["Sent", formatInstant(quote.sent_at)] : ["Prepared", formatInstant(quote.created_at)],
        ["Valid until", longDay(quote.valid_until)],
        ...(["accepted", "declined", "expired"].includes(quote.status)
          ? ([["Status", QUOTE_STATUS_LABELS[quote.status]]] as [string, string][])
          : []),
      ]);
      parties(doc, "Prepared for", client, { name: quote.project_name, id: quote.project_id });
      if (quote.notes) section(doc, "Notes", quote.notes);
      linesTable(doc, quote.lines);
      totals(doc, [
        ["Subtotal", formatCents(quote.subtotal_cents)],
        ...discountRows(quote),
        ["Total", formatCents(quote.total_cents), true],
        [`Deposit (${quote.deposit_percent}%) to start`, formatCents(quote.deposit_cents)],
      ]);
      if (quote.schedule) scheduleTable(doc, quote.schedule);
      if (quote.terms.trim()) section(doc, "Terms", quote.terms);
      if (quote.acceptance) {
        const a = quote.acceptance;
        framed(doc, "Acceptance", [
          `Accepted by ${a.full_name} on ${formatInstant(a.accepted_at, "long")}.`,
          `Address: ${a.ip_address ?? "not known"}`,
          `Browser: ${a.user_agent ?? "not known"}`,
          `Content hash: ${a.content_hash}`,
          "The client typed their full name and agreed to the terms above in the client portal.",
        ]);
      } else if (quote.status === "declined") {
        section(doc, "Declined", [
          ...(quote.decided_at ? [`Declined on ${formatInstant(quote.decided_at, "long")}.`] : []),
          quote.decline_reason ? `Reason: ${quote.decline_reason}` : "The client declined this quote.",
        ]);
      }
    },
    title,
    title,
  );
}

export function renderInvoicePdf(invoice: InvoicePrint, client: PdfClient | null = null): Promise<Buffer> {
  const title = `Invoice ${invoice.number}`;
  return render(
    (doc) => {
      header(doc, invoice.status === "void" ? "INVOICE (VOID)" : "INVOICE", [
        ["Number", invoice.number],
        ["Issued", longDay(invoice.issue_date)],
        ["Due", longDay(invoice.due_date)],
        ...(invoice.sent_at ? ([["Sent", formatInstant(invoice.sent_at)]] as [string, string][]) : []),
        ["Status", INVOICE_STATUS_LABELS[invoice.status]],
        ...(invoice.paid_at ? ([["Paid in full", formatInstant(invoice.paid_at)]] as [string, string][]) : []),
      ]);
      parties(
        doc,
        "Bill to",
        { name: null, email: null, company: null, ...client, ...nameOf(invoice) },
        { name: invoice.project_name, id: invoice.project_id },
        invoice.kind !== "manual" ? [`${INVOICE_KIND_LABELS[invoice.kind]} invoice`] : [],
      );
      linesTable(doc, invoice.lines);
      totals(doc, [
        ["Subtotal", formatCents(invoice.subtotal_cents)],
        ...discountRows(invoice),
        ["Total", formatCents(invoice.total_cents), true],
        ["Paid", formatCents(invoice.amount_paid_cents)],
        ["Amount due", formatCents(invoice.amount_due_cents), true],
      ]);
      if (invoice.payments.length > 0) {
        doc.font(BOLD).fontSize(10).fillColor(INK);
        keepRoom(doc, 60);
        put(doc, "Payments", MARGIN, doc.y, { width: WIDTH });
        doc.moveDown(0.3);
        paymentsTable(doc, invoice.payments);
        doc.moveDown(0.6);
      }
      if (invoice.notes) section(doc, "Notes", invoice.notes);
      if (invoice.status === "void")
        section(doc, "Void", [
          invoice.void_reason ? `This invoice is void: ${invoice.void_reason}` : "This invoice is void.",
          ...(invoice.voided_at ? [`Voided on ${formatInstant(invoice.voided_at, "long")}.`] : []),
        ]);
      else if (invoice.amount_due_cents > 0)
        section(doc, "How to pay", [
          `Payable to ${site.billing.payee}, ${site.billing.mailingAddress.join(", ")}.`,
          site.billing.howToPay,
          `Please put ${invoice.number} in the reference.`,
        ]);
    },
    title,
    title,
  );
}

/**
 * The receipt for one payment of an invoice (docs/product/billing.md "PDFs"): the business's
 * details, the receipt's number (receiptNumber, ~/contracts/receipts), who paid, the amount, the
 * method, the day paid and the time it was recorded (zone named), the invoice it was for and what
 * is still due on it after this payment (./pdf-print.ts receiptPrint works both out). `client` is
 * its project's primary contact, when known.
 */
export function renderReceiptPdf(receipt: ReceiptPrint, client: PdfClient | null = null): Promise<Buffer> {
  const { invoice, payment, number } = receipt;
  const due = receipt.due_after_cents;
  const method = PAYMENT_METHOD_LABELS[payment.method];
  const title = `Receipt ${number}`;
  return render(
    (doc) => {
      header(doc, "RECEIPT", [
        ["Receipt", number],
        ["Date paid", longDay(payment.paid_on)],
        ["Recorded", formatInstant(payment.created_at)],
        ["Invoice", invoice.number],
      ]);
      parties(
        doc,
        "Received from",
        { name: null, email: null, company: null, ...client, ...nameOf(invoice) },
        { name: invoice.project_name, id: invoice.project_id },
      );
      framed(doc, `Payment received: ${formatCents(payment.amount_cents)}`, [
        `${formatCents(payment.amount_cents)} by ${method.toLowerCase()}, paid on ${longDay(payment.paid_on)}, recorded ${formatInstant(payment.created_at, "long")}.`,
        `For invoice ${invoice.number}${invoice.kind === "manual" ? "" : ` (${INVOICE_KIND_LABELS[invoice.kind].toLowerCase()})`}, issued ${longDay(invoice.issue_date)}.`,
        due > 0
          ? `Still due on ${invoice.number} after this payment: ${formatCents(due)}.`
          : `Invoice ${invoice.number} is paid in full.`,
      ]);
      totals(doc, [
        ["Invoice total", formatCents(invoice.total_cents)],
        [`This payment (${method.toLowerCase()})`, formatCents(payment.amount_cents)],
        ["Still due after this payment", formatCents(due), true],
      ]);
      section(doc, "Thank you", `Thank you for your payment. Questions about it? Write to ${site.email}.`);
    },
    title,
    title,
  );
}

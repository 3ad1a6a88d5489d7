import PDFDocument from "pdfkit";
import { site } from "~/config/site";
import { formatCents } from "~/contracts/billing-money";
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS } from "~/contracts/billing-terms";
import type { Invoice, Payment } from "~/contracts/invoices";
import { formatInstant } from "~/lib/time/zoned";

/**
 * A payment's receipt as a PDF (docs/product/billing.md "Receipts and signed copies"), in the style
 * of the quote's and the invoice's (server/services/billing/pdf.ts): the business's details, the
 * receipt's number, whom it is from, what was paid (amount, method, day, the time it was recorded
 * with its zone), and the invoice before and after it. The content stream is uncompressed, so its
 * text stays readable by any tool.
 */
export interface ReceiptDocument {
  /** INV-2026-0007-R1: the invoice's number and the payment's place among its payments. */
  number: string;
  invoice: Invoice;
  payment: Payment;
  client: { name: string | null; email: string | null };
  paidBefore: number;
  paidToDate: number;
  dueAfter: number;
}

const MARGIN = 54;
const PAGE_WIDTH = 612;
const RIGHT = PAGE_WIDTH - MARGIN;
const VALUE_X = 330;

const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

/** The standard PDF fonts carry Latin-1: anything else is written as a question mark rather than a wrong glyph. */
const latin1 = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff\n]/g, "?");

type Doc = InstanceType<typeof PDFDocument>;

function render(draw: (doc: Doc) => void, title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: MARGIN,
      compress: false,
      info: { Title: title, Author: site.billing.legalName, Creator: site.brand },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

function header(doc: Doc, facts: [string, string][]) {
  doc.font("Helvetica-Bold").fontSize(18).text(site.brand, MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(9).fillColor("#333333");
  for (const line of site.billing.mailingAddress) doc.text(line);
  doc.text(`${site.phone.display}  |  ${site.email}`);
  const bottomLeft = doc.y;

  doc
    .fillColor("#000000")
    .font("Helvetica-Bold")
    .fontSize(20)
    .text("RECEIPT", VALUE_X, MARGIN, { width: RIGHT - VALUE_X, align: "right" });
  doc.font("Helvetica").fontSize(9);
  for (const [label, value] of facts)
    doc.text(`${label}: ${latin1(value)}`, VALUE_X, doc.y, { width: RIGHT - VALUE_X, align: "right" });
  doc.y = Math.max(bottomLeft, doc.y) + 18;
  doc.x = MARGIN;
}

function heading(doc: Doc, title: string) {
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .text(title, MARGIN, doc.y, { width: RIGHT - MARGIN });
  doc
    .moveTo(MARGIN, doc.y + 2)
    .lineTo(RIGHT, doc.y + 2)
    .strokeColor("#999999")
    .stroke();
  doc.y += 8;
}

/** Label and value rows: the label at the left, the value at the right, the bold ones larger. */
function rows(doc: Doc, list: [string, string, boolean?][]) {
  for (const [label, value, bold] of list) {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 12 : 10);
    doc.text(label, MARGIN, y, { width: VALUE_X - MARGIN - 10 });
    const after = doc.y;
    doc.text(latin1(value), VALUE_X, y, { width: RIGHT - VALUE_X, align: "right" });
    doc.y = Math.max(after, doc.y) + 4;
  }
  doc.x = MARGIN;
  doc.moveDown();
}

export function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const { invoice, payment, client } = receipt;
  const recorded = formatInstant(payment.created_at, "long");
  return render((doc) => {
    header(doc, [
      ["Receipt", receipt.number],
      ["Paid on", longDay(payment.paid_on)],
      ["Invoice", invoice.number],
    ]);

    heading(doc, "Received from");
    doc.font("Helvetica").fontSize(10);
    if (client.name) doc.text(latin1(client.name));
    if (client.email) doc.text(latin1(client.email));
    doc.text(latin1(invoice.project_name));
    doc.text(`Project ID: ${invoice.project_id}`);
    doc.moveDown();

    heading(doc, "Payment");
    rows(doc, [
      ["Amount received", formatCents(payment.amount_cents), true],
      ["Method", PAYMENT_METHOD_LABELS[payment.method]],
      ["Paid on", longDay(payment.paid_on)],
      ["Recorded", recorded],
      ["Received by", site.billing.payee],
    ]);

    heading(doc, `Invoice ${invoice.number}`);
    rows(doc, [
      ...(invoice.kind !== "manual"
        ? ([["Kind", `${INVOICE_KIND_LABELS[invoice.kind]} invoice`]] as [string, string][])
        : []),
      ["Issued", longDay(invoice.issue_date)],
      ["Invoice total", formatCents(invoice.total_cents)],
      ["Paid before this payment", formatCents(receipt.paidBefore)],
      ["This payment", formatCents(payment.amount_cents)],
      ["Paid to date", formatCents(receipt.paidToDate)],
      ["Still due after this payment", formatCents(receipt.dueAfter), true],
    ]);

    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor("#333333")
      .text(
        receipt.dueAfter > 0
          ? `Thank you for your payment. ${formatCents(receipt.dueAfter)} is still due on invoice ${invoice.number}.`
          : `Thank you for your payment. Invoice ${invoice.number} is paid in full.`,
        MARGIN,
        doc.y,
        { width: RIGHT - MARGIN },
      )
      .text(`Times are in the business's time zone (${site.timeZone}).`, { width: RIGHT - MARGIN });
  }, `Receipt ${receipt.number}`);
}

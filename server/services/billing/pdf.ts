import PDFDocument from "pdfkit";
import { site } from "~/config/site";
import { formatCents } from "~/contracts/billing-money";
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "~/contracts/billing-terms";
import type { Invoice } from "~/contracts/invoices";
import type { Quote } from "~/contracts/quotes";

/**
 * The PDFs of quotes and invoices (docs/product/billing.md "PDFs"): the business's details from the
 * site config, the number and dates, the lines, the totals, the deposit, the terms, and on an
 * accepted quote the acceptance (name, time, address, browser, content hash). The content streams
 * are written uncompressed: the files are small, and their text stays readable by any tool.
 */

const MARGIN = 54;
const PAGE_WIDTH = 612;
const RIGHT = PAGE_WIDTH - MARGIN;
const COLUMNS = { description: MARGIN, quantity: 340, unit: 400, amount: 480 };

/** "December 2, 2026" for a calendar day. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

/** "December 2, 2026 at 10:04 AM EST", in the business's time zone. */
const longMoment = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: site.timeZone,
  }).format(new Date(iso));

/** The standard PDF fonts carry Latin-1: anything else is written as a question mark rather than a wrong glyph. */
const latin1 = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff\n]/g, "?");

const quantityText = (q: number) => (Number.isInteger(q) ? String(q) : q.toFixed(2));

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

function header(doc: Doc, heading: string, facts: [string, string][]) {
  doc.font("Helvetica-Bold").fontSize(18).text(site.brand, MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(9).fillColor("#333333");
  doc.text(site.billing.legalName);
  for (const line of site.billing.mailingAddress) doc.text(line);
  doc.text(`${site.phone.display}  |  ${site.email}`);
  const bottomLeft = doc.y;

  doc
    .fillColor("#000000")
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(heading, 330, MARGIN, { width: RIGHT - 330, align: "right" });
  doc.font("Helvetica").fontSize(9);
  for (const [label, value] of facts)
    doc.text(`${label}: ${latin1(value)}`, 330, doc.y, { width: RIGHT - 330, align: "right" });
  doc.y = Math.max(bottomLeft, doc.y) + 18;
  doc.x = MARGIN;
}

function billTo(doc: Doc, input: { projectName: string; projectId: string; clientName: string | null }) {
  doc.font("Helvetica-Bold").fontSize(10).text("Prepared for", MARGIN, doc.y);
  doc.font("Helvetica").fontSize(10);
  if (input.clientName) doc.text(latin1(input.clientName));
  doc.text(latin1(input.projectName));
  doc.text(`Project ID: ${input.projectId}`);
  doc.moveDown();
}

function linesTable(doc: Doc, lines: Quote["lines"]) {
  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(9);
  doc.text("Description", COLUMNS.description, top, { width: COLUMNS.quantity - COLUMNS.description - 10 });
  doc.text("Qty", COLUMNS.quantity, top, { width: 50, align: "right" });
  doc.text("Unit price", COLUMNS.unit, top, { width: 70, align: "right" });
  doc.text("Amount", COLUMNS.amount, top, { width: RIGHT - COLUMNS.amount, align: "right" });
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(RIGHT, doc.y + 4)
    .strokeColor("#999999")
    .stroke();
  doc.y += 10;
  doc.font("Helvetica").fontSize(10);
  for (const line of lines) {
    const y = doc.y;
    doc.text(latin1(line.description), COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
    const after = doc.y;
    doc.text(quantityText(line.quantity), COLUMNS.quantity, y, { width: 50, align: "right" });
    doc.text(formatCents(line.unit_price_cents), COLUMNS.unit, y, { width: 70, align: "right" });
    doc.text(formatCents(line.total_cents), COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: "right" });
    doc.y = Math.max(after, doc.y) + 6;
  }
  doc.moveTo(MARGIN, doc.y).lineTo(RIGHT, doc.y).strokeColor("#999999").stroke();
  doc.y += 8;
}

function totals(doc: Doc, rows: [string, string, boolean?][]) {
  for (const [label, value, bold] of rows) {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(label, 300, y, { width: 170, align: "right" });
    doc.text(value, COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: "right" });
    doc.moveDown(0.3);
  }
  doc.x = MARGIN;
  doc.moveDown();
}

function section(doc: Doc, title: string, body: string | string[]) {
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .text(title, MARGIN, doc.y, { width: RIGHT - MARGIN });
  doc.font("Helvetica").fontSize(9);
  for (const line of Array.isArray(body) ? body : [body]) doc.text(latin1(line), { width: RIGHT - MARGIN });
  doc.moveDown();
}

const discountLabel = (record: Pick<Quote, "discount_type" | "discount_value">) =>
  record.discount_type === "percent" ? `Discount (${(record.discount_value / 100).toString()}%)` : "Discount";

export function renderQuotePdf(quote: Quote, clientName: string | null): Promise<Buffer> {
  const title = `Quote ${quote.number}${quote.revision > 1 ? ` (revision ${quote.revision})` : ""}`;
  return render((doc) => {
    header(doc, "QUOTE", [
      ["Number", quote.number],
      ...(quote.revision > 1 ? ([["Revision", String(quote.revision)]] as [string, string][]) : []),
      ["Date", longDay((quote.sent_at ?? quote.created_at).slice(0, 10))],
      ["Valid until", longDay(quote.valid_until)],
    ]);
    billTo(doc, { projectName: quote.project_name, projectId: quote.project_id, clientName });
    if (quote.notes) section(doc, "Notes", quote.notes);
    linesTable(doc, quote.lines);
    totals(doc, [
      ["Subtotal", formatCents(quote.subtotal_cents)],
      ...(quote.discount_cents > 0
        ? ([[discountLabel(quote), `-${formatCents(quote.discount_cents)}`]] as [string, string][])
        : []),
      ["Total", formatCents(quote.total_cents), true],
      [`Deposit (${quote.deposit_percent}%) to start`, formatCents(quote.deposit_cents)],
    ]);
    if (quote.terms.trim()) section(doc, "Terms", quote.terms);
    if (quote.acceptance) {
      const a = quote.acceptance;
      section(doc, "Acceptance", [
        `Accepted by ${a.full_name} on ${longMoment(a.accepted_at)}.`,
        `Address: ${a.ip_address ?? "not known"}`,
        `Browser: ${a.user_agent ?? "not known"}`,
        `Content hash: ${a.content_hash}`,
        "The client typed their full name and agreed to the terms above in the client portal.",
      ]);
    } else if (quote.status === "declined") {
      section(
        doc,
        "Declined",
        quote.decline_reason ? `Reason: ${quote.decline_reason}` : "The client declined this quote.",
      );
    }
  }, title);
}

export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  return render((doc) => {
    header(doc, invoice.status === "void" ? "INVOICE (VOID)" : "INVOICE", [
      ["Number", invoice.number],
      ["Issued", longDay(invoice.issue_date)],
      ["Due", longDay(invoice.due_date)],
      ["Status", INVOICE_STATUS_LABELS[invoice.status]],
    ]);
    billTo(doc, { projectName: invoice.project_name, projectId: invoice.project_id, clientName: invoice.client_name });
    if (invoice.kind !== "manual")
      doc.font("Helvetica").fontSize(9).text(`${INVOICE_KIND_LABELS[invoice.kind]} invoice`).moveDown(0.5);
    linesTable(doc, invoice.lines);
    totals(doc, [
      ["Subtotal", formatCents(invoice.subtotal_cents)],
      ...(invoice.discount_cents > 0
        ? ([[discountLabel(invoice), `-${formatCents(invoice.discount_cents)}`]] as [string, string][])
        : []),
      ["Total", formatCents(invoice.total_cents), true],
      ["Paid", formatCents(invoice.amount_paid_cents)],
      ["Amount due", formatCents(invoice.amount_due_cents), true],
    ]);
    if (invoice.payments.length > 0)
      section(
        doc,
        "Payments",
        invoice.payments.map(
          (p) =>
            `${longDay(p.paid_on)}: ${formatCents(p.amount_cents)} by ${PAYMENT_METHOD_LABELS[p.method].toLowerCase()}`,
        ),
      );
    if (invoice.notes) section(doc, "Notes", invoice.notes);
    if (invoice.status === "void")
      section(
        doc,
        "Void",
        invoice.void_reason ? `This invoice is void: ${invoice.void_reason}` : "This invoice is void.",
      );
    else if (invoice.amount_due_cents > 0)
      section(doc, "How to pay", [
        `Payable to ${site.billing.payee}, ${site.billing.mailingAddress.join(", ")}.`,
        site.billing.howToPay,
        `Please put ${invoice.number} in the reference.`,
      ]);
  }, `Invoice ${invoice.number}`);
}

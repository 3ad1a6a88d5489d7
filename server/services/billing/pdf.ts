import PDFDocument from "pdfkit";
import { site } from "~/config/site";
import { formatCents } from "~/contracts/billing-money";
import {
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  QUOTE_STATUS_LABELS,
} from "~/contracts/billing-terms";
import { formatInstant } from "~/lib/time/zoned";
import { pdfFonts, printable } from "./pdf-font";
import type { InvoicePrint, PaymentPrint, PdfClient, PrintedLine, QuotePrint, ReceiptPrint } from "./pdf-print";

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
 * the app's thread. A change to how it draws raises PDF_LAYOUT_VERSION there.
 */

const MARGIN = 54;
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const RIGHT = PAGE_WIDTH - MARGIN;
const WIDTH = RIGHT - MARGIN;
/** Room kept at the foot of each page for the page line. */
const FOOT = 40;
const COLUMNS = { description: MARGIN, quantity: 330, unit: 390, amount: 470 };
const FACTS = { label: 330, value: 410 };

const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#d1d5db";
const SHADE = "#f3f4f6";
const REGULAR = "NotoSans";
const BOLD = "NotoSans-Bold";

/** "December 2, 2026" for a calendar day. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

const quantityText = (q: number) => (Number.isInteger(q) ? String(q) : q.toFixed(2));

type Doc = InstanceType<typeof PDFDocument>;
type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * One glyph for each character as typed: no glyph composition (ccmp) nor ligatures, so that a
 * glyph stands for one character in the PDF's text map (pdfkit maps each glyph to the characters
 * of its first use). With ccmp, "ị" is drawn as "i" and a dot, and copies as "i"; with a ligature
 * typed as such (U+FB01), every "fi" after it copies as that ligature. Kerning and mark
 * positioning stay on. fontkit takes an object of features on and off; pdfkit's types only a list.
 */
const FEATURES = { ccmp: false, liga: false, clig: false } as unknown as TextOptions["features"];

/** Text through the font's filter (./pdf-font printable): what the font lacks prints as "�". */
function put(doc: Doc, text: string, x?: number, y?: number, options: TextOptions = {}): Doc {
  const set = { ...options, features: FEATURES };
  return x === undefined ? doc.text(printable(text), set) : doc.text(printable(text), x, y, set);
}

const heightOf = (doc: Doc, text: string, options: TextOptions) =>
  doc.heightOfString(printable(text), { ...options, features: FEATURES });

/** The lines under the brand: who, where, how to reach; none of them the brand again. */
export function businessLines(): string[] {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const brand: string = site.brand;
  const { legalName, payee, mailingAddress }: { legalName: string; payee: string; mailingAddress: readonly string[] } =
    site.billing;
  // "Websites by Tyler (Tyler Brennan)" says the brand again: the payee alone names the owner.
  const owner = legalName.toLowerCase().includes(brand.toLowerCase()) ? payee : legalName;
  const lines: string[] = same(owner, brand) ? [] : [owner];
  for (const line of mailingAddress)
    if (!same(line, brand) && !same(line, legalName) && !same(line, owner)) lines.push(line);
  lines.push(`${site.phone.display}  ·  ${site.email}`);
  return lines;
}

function render(draw: (doc: Doc) => void, title: string, footLabel: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const fonts = pdfFonts();
    const doc = new PDFDocument({
      size: "LETTER",
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOT / 2 },
      compress: false,
      bufferPages: true,
      info: { Title: title, Author: site.billing.legalName, Creator: site.brand },
      lang: "en-US",
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      doc.registerFont(REGULAR, fonts.regular);
      doc.registerFont(BOLD, fonts.bold);
      doc.font(REGULAR).fillColor(INK);
      draw(doc);
      pageLines(doc, footLabel);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** "Quote Q-2026-0012 · Page 1 of 2" at the foot of every page. */
function pageLines(doc: Doc, label: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    put(doc, `${label}  ·  Page ${i - start + 1} of ${count}`, MARGIN, PAGE_HEIGHT - MARGIN + 12, {
      width: WIDTH,
      align: "center",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** A new page when the next block of this height would not fit on this one. */
function keepRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= PAGE_HEIGHT - doc.page.margins.bottom) return false;
  doc.addPage();
  return true;
}

function header(doc: Doc, heading: string, facts: [string, string][]) {
  doc.font(BOLD).fontSize(18).fillColor(INK);
  put(doc, site.brand, MARGIN, MARGIN, { width: FACTS.label - MARGIN - 12 });
  doc.font(REGULAR).fontSize(9).fillColor(MUTED).moveDown(0.15);
  for (const line of businessLines()) put(doc, line, MARGIN, doc.y, { width: FACTS.label - MARGIN - 12 });
  const leftBottom = doc.y;

  doc.font(BOLD).fontSize(20).fillColor(INK);
  put(doc, heading, FACTS.label, MARGIN - 2, { width: RIGHT - FACTS.label, align: "right" });
  doc.moveDown(0.2);
  doc.fontSize(9);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(REGULAR).fillColor(MUTED);
    put(doc, label, FACTS.label, y, { width: FACTS.value - FACTS.label - 6 });
    doc.font(BOLD).fillColor(INK);
    put(doc, value, FACTS.value, y, { width: RIGHT - FACTS.value, align: "right" });
  }
  doc.y = Math.max(leftBottom, doc.y) + 14;
  rule(doc, doc.y, INK, 1);
  doc.y += 16;
  doc.x = MARGIN;
}

function rule(doc: Doc, y: number, color = RULE, width = 0.75) {
  doc.save().moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke().restore();
}

/** A small upper-case label over a block. */
function caption(doc: Doc, text: string, x: number, y: number, width: number) {
  doc.font(BOLD).fontSize(8).fillColor(MUTED);
  put(doc, text.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.moveDown(0.2);
}

/** Whom it is for, beside the project: the client's name, company, e-mail and address. */
function parties(
  doc: Doc,
  heading: string,
  client: PdfClient | null,
  project: { name: string; id: string },
  extra: string[] = [],
) {
  const top = doc.y;
  const leftWidth = FACTS.label - MARGIN - 12;
  caption(doc, heading, MARGIN, top, leftWidth);
  doc.font(BOLD).fontSize(10).fillColor(INK);
  put(doc, client?.name?.trim() || "The project's client", MARGIN, doc.y, { width: leftWidth });
  doc.font(REGULAR).fontSize(9.5);
  for (const line of [client?.company, client?.email, client?.address])
    if (line?.trim()) put(doc, line.trim(), MARGIN, doc.y, { width: leftWidth });
  const leftBottom = doc.y;

  caption(doc, "Project", FACTS.label, top, RIGHT - FACTS.label);
  doc.font(BOLD).fontSize(10).fillColor(INK);
  put(doc, project.name, FACTS.label, doc.y, { width: RIGHT - FACTS.label });
  doc.font(REGULAR).fontSize(9.5);
  put(doc, `Project ID: ${project.id}`, FACTS.label, doc.y, { width: RIGHT - FACTS.label });
  for (const line of extra) put(doc, line, FACTS.label, doc.y, { width: RIGHT - FACTS.label });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  doc.x = MARGIN;
}

interface Column {
  title: string;
  x: number;
  width: number;
  align?: "left" | "right";
}

/** A table: a shaded head row, the rows (a long one wraps in its first column), a rule under it. */
function table(doc: Doc, columns: Column[], rows: string[][]) {
  const headRow = () => {
    const top = doc.y;
    doc.save().rect(MARGIN, top, WIDTH, 18).fill(SHADE).restore();
    doc.font(BOLD).fontSize(8.5).fillColor(MUTED);
    for (const c of columns) put(doc, c.title, c.x + 4, top + 4.5, { width: c.width - 8, align: c.align ?? "left" });
    doc.y = top + 24;
  };
  keepRoom(doc, 18 + 24);
  headRow();
  doc.font(REGULAR).fontSize(9.5).fillColor(INK);
  for (const row of rows) {
    const height = Math.max(
      ...columns.map((c, i) => heightOf(doc, row[i] ?? "", { width: c.width - 8, align: c.align ?? "left" })),
    );
    if (keepRoom(doc, height + 8)) {
      headRow();
      doc.font(REGULAR).fontSize(9.5).fillColor(INK);
    }
    const y = doc.y;
    columns.forEach((c, i) => put(doc, row[i] ?? "", c.x + 4, y, { width: c.width - 8, align: c.align ?? "left" }));
    doc.y = y + height + 4;
    rule(doc, doc.y - 1, SHADE, 0.5);
    doc.y += 3;
  }
  rule(doc, doc.y - 3);
  doc.y += 6;
  doc.x = MARGIN;
}

function linesTable(doc: Doc, lines: PrintedLine[]) {
  table(
    doc,
    [
      { title: "Description", x: COLUMNS.description, width: COLUMNS.quantity - COLUMNS.description },
      { title: "Qty", x: COLUMNS.quantity, width: COLUMNS.unit - COLUMNS.quantity, align: "right" },
      { title: "Unit price", x: COLUMNS.unit, width: COLUMNS.amount - COLUMNS.unit, align: "right" },
      { title: "Amount", x: COLUMNS.amount, width: RIGHT - COLUMNS.amount, align: "right" },
    ],
    lines.map((line) => [
      line.description,
      quantityText(line.quantity),
      formatCents(line.unit_price_cents),
      formatCents(line.total_cents),
    ]),
  );
}

/** The figures under the lines, right-aligned; a bold row has a rule over it. */
function totals(doc: Doc, rows: [string, string, boolean?][]) {
  keepRoom(doc, rows.length * 18);
  for (const [name, value, bold] of rows) {
    if (bold) {
      doc
        .save()
        .moveTo(FACTS.label - 60, doc.y - 2)
        .lineTo(RIGHT, doc.y - 2)
        .lineWidth(0.75)
        .strokeColor(RULE)
        .stroke()
        .restore();
      doc.y += 2;
    }
    const y = doc.y;
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(bold ? 10.5 : 9.5)
      .fillColor(INK);
    put(doc, name, FACTS.label - 60, y, { width: COLUMNS.amount - (FACTS.label - 60) - 4, align: "right" });
    put(doc, value, COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount - 4, align: "right" });
    doc.y += 3;
  }
  doc.x = MARGIN;
  doc.y += 14;
}

function section(doc: Doc, title: string, body: string | string[]) {
  const lines = Array.isArray(body) ? body : [body];
  doc.font(REGULAR).fontSize(9.5);
  keepRoom(doc, 16 + heightOf(doc, lines[0] ?? "", { width: WIDTH }));
  doc.font(BOLD).fontSize(10).fillColor(INK);
  put(doc, title, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.2);
  doc.font(REGULAR).fontSize(9.5).fillColor(INK);
  for (const line of lines) put(doc, line, MARGIN, doc.y, { width: WIDTH, lineGap: 1 });
  doc.moveDown(0.9);
}

/** A framed block: the acceptance record, a receipt's amount. */
function framed(doc: Doc, title: string, lines: string[]) {
  const inner = WIDTH - 24;
  doc.font(REGULAR).fontSize(9.5);
  const height = 20 + lines.reduce((sum, line) => sum + heightOf(doc, line, { width: inner, lineGap: 1 }) + 2, 0) + 16;
  keepRoom(doc, height);
  const top = doc.y;
  doc.save().roundedRect(MARGIN, top, WIDTH, height, 4).lineWidth(0.75).strokeColor(RULE).stroke().restore();
  doc.font(BOLD).fontSize(10).fillColor(INK);
  put(doc, title, MARGIN + 12, top + 10, { width: inner });
  doc.y += 4;
  doc.font(REGULAR).fontSize(9.5);
  for (const line of lines) {
    put(doc, line, MARGIN + 12, doc.y, { width: inner, lineGap: 1 });
    doc.y += 2;
  }
  doc.y = top + height + 16;
  doc.x = MARGIN;
}

type Discounted = Pick<QuotePrint, "discount_type" | "discount_value" | "discount_cents">;

const discountLabel = (record: Discounted) =>
  record.discount_type === "percent" ? `Discount (${(record.discount_value / 100).toString()}%)` : "Discount";

const discountRows = (record: Discounted) =>
  record.discount_cents > 0
    ? ([[discountLabel(record), `-${formatCents(record.discount_cents)}`]] as [string, string][])
    : [];

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

/** The invoice's own name of the client (kept on it when it was issued) wins over the contact's today. */
const nameOf = (invoice: Pick<InvoicePrint, "client_name">): Partial<PdfClient> =>
  invoice.client_name ? { name: invoice.client_name } : {};

function paymentsTable(doc: Doc, payments: PaymentPrint[]) {
  table(
    doc,
    [
      { title: "Date paid", x: MARGIN, width: 130 },
      { title: "Method", x: MARGIN + 130, width: 110 },
      { title: "Recorded", x: MARGIN + 240, width: COLUMNS.amount - MARGIN - 240 },
      { title: "Amount", x: COLUMNS.amount, width: RIGHT - COLUMNS.amount, align: "right" },
    ],
    payments.map((p) => [
      longDay(p.paid_on),
      PAYMENT_METHOD_LABELS[p.method],
      formatInstant(p.created_at),
      formatCents(p.amount_cents),
    ]),
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

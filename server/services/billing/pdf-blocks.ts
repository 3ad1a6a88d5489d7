/**
 * The blocks the billing PDFs (./pdf.ts) are made of, on the page of ./pdf-layout.ts: whom a
 * document is for, the tables of lines and payments, the totals, a titled section, a framed block,
 * and the discount's row.
 */
import { formatCents } from "~/contracts/billing-money";
import { PAYMENT_METHOD_LABELS } from "~/contracts/billing-terms";
import { formatInstant } from "~/lib/time/zoned";
import {
  BOLD,
  COLUMNS,
  type Doc,
  FACTS,
  heightOf,
  INK,
  keepRoom,
  longDay,
  MARGIN,
  MUTED,
  put,
  quantityText,
  REGULAR,
  RIGHT,
  rule,
  RULE,
  SHADE,
  WIDTH,
} from "./pdf-layout";
import type { InvoicePrint, PaymentPrint, PdfClient, PrintedLine, QuotePrint } from "./pdf-print";
import { shareText, type ScheduleEntry } from "~/contracts/payment-schedule";

/** A small upper-case label over a block. */
export function caption(doc: Doc, text: string, x: number, y: number, width: number) {
  doc.font(BOLD).fontSize(8).fillColor(MUTED);
  put(doc, text.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.moveDown(0.2);
}

/** Whom it is for, beside the project: the client's name, company, e-mail and address. */
export function parties(
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
export function table(doc: Doc, columns: Column[], rows: string[][]) {
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

export function linesTable(doc: Doc, lines: PrintedLine[]) {
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
export function totals(doc: Doc, rows: [string, string, boolean?][]) {
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

export function section(doc: Doc, title: string, body: string | string[]) {
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
export function framed(doc: Doc, title: string, lines: string[]) {
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

export const discountRows = (record: Discounted) =>
  record.discount_cents > 0
    ? ([[discountLabel(record), `-${formatCents(record.discount_cents)}`]] as [string, string][])
    : [];

/** The invoice's own name of the client (kept on it when it was issued) wins over the contact's today. */
export const nameOf = (invoice: Pick<InvoicePrint, "client_name">): Partial<PdfClient> =>
  invoice.client_name ? { name: invoice.client_name } : {};

export function paymentsTable(doc: Doc, payments: PaymentPrint[]) {
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

/** A quote's payment schedule: each payment, when it falls due, and its amount. */
export function scheduleTable(doc: Doc, schedule: readonly ScheduleEntry[]) {
  keepRoom(doc, 16 + 18 + 24);
  doc.font(BOLD).fontSize(10).fillColor(INK);
  put(doc, "Payment schedule", MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.4);
  table(
    doc,
    [
      { title: "Payment", x: MARGIN, width: 190 },
      { title: "Falls due", x: MARGIN + 190, width: COLUMNS.amount - MARGIN - 190 },
      { title: "Amount", x: COLUMNS.amount, width: RIGHT - COLUMNS.amount, align: "right" },
    ],
    schedule.map((e) => [`${e.label} (${shareText(e)})`, e.due_text, formatCents(e.amount_cents)]),
  );
}

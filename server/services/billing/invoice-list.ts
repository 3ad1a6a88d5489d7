import { and, asc, eq, gte, ilike, inArray, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "~/contracts/billing-terms";
import type { InvoiceFilterQuerySchema, InvoiceRow } from "~/contracts/invoices";
import type { Database } from "../../db/client";
import { invoicePayments, invoices } from "../../db/schema";
import { containsPattern, EXPORT_BATCH, type CsvCells } from "../list-pages";
import { jsonRow } from "../json-rows";
import { countsOf, listTotals, pageAndTotal, jsonRowStatement, type OrderTerm } from "../list-totals";
import { dayIn } from "./common";
import { statusSql, toInvoiceRow, type InvoiceDbRow } from "./invoices";
import { jsonRowsOf, type JsonRows } from "../../lib/json-answer";

/**
 * The Invoices screen (docs/product/billing.md "Invoices"): the list, paged as every owner list is
 * (list-totals.ts), its rows built by PostgreSQL, and the invoices' and payments' CSV exports.
 */

/**
 * toInvoiceRow's output, built by PostgreSQL (json-rows.ts; json-rows.test.ts holds them equal):
 * the project's name as it is now, or as it was when the invoice was made.
 */
export const invoiceRowJson = (today: string | Placeholder) =>
  jsonRow<InvoiceRow>({
    id: invoices.id,
    number: invoices.number,
    project_id: invoices.projectRef,
    project_name: sql`coalesce((select p.name from projects p where p.id = "invoices"."project_id"), "invoices"."project_name")`,
    client_name: invoices.clientName,
    quote_id: invoices.quoteId,
    kind: invoices.kind,
    status: statusSql(today),
    discount_type: invoices.discountType,
    discount_value: invoices.discountValue,
    subtotal_cents: invoices.subtotalCents,
    discount_cents: invoices.discountCents,
    total_cents: invoices.totalCents,
    amount_paid_cents: invoices.amountPaidCents,
    amount_due_cents: sql`case when "invoices"."status" = 'void' then 0 else "invoices"."total_cents" - "invoices"."amount_paid_cents" end`,
    issue_date: invoices.issueDate,
    due_date: invoices.dueDate,
    notes: invoices.notes,
    reminders_enabled: invoices.remindersEnabled,
    sent_at: invoices.sentAt,
    paid_at: invoices.paidAt,
    voided_at: invoices.voidedAt,
    void_reason: invoices.voidReason,
    created_at: invoices.createdAt,
    updated_at: invoices.updatedAt,
  });

export type InvoiceFilter = z.output<typeof InvoiceFilterQuerySchema>;

function invoiceWhere(filter: Omit<InvoiceFilter, "sort">, today: string): SQL | undefined {
  const q = filter.q?.trim();
  const like = q ? containsPattern(q) : undefined;
  const status = filter.status;
  return and(
    status === "open"
      ? inArray(invoices.status, ["sent", "partially_paid"])
      : status
        ? sql`${statusSql(today)} = ${status}`
        : undefined,
    like
      ? or(
          ilike(invoices.number, like),
          ilike(invoices.projectRef, like),
          ilike(invoices.projectName, like),
          ilike(invoices.clientName, like),
          ilike(invoices.clientEmail, like),
        )
      : undefined,
    filter.project_id ? eq(invoices.projectRef, filter.project_id.trim().toUpperCase()) : undefined,
    filter.from ? gte(invoices.issueDate, filter.from) : undefined,
    filter.to ? lte(invoices.issueDate, filter.to) : undefined,
  );
}

const ORDERS: Record<InvoiceFilter["sort"], OrderTerm[]> = {
  newest: [
    { key: invoices.createdAt, dir: "desc" },
    { key: invoices.id, dir: "desc" },
  ],
  oldest: [
    { key: invoices.createdAt, dir: "asc" },
    { key: invoices.id, dir: "asc" },
  ],
  due: [
    { key: invoices.dueDate, dir: "asc" },
    { key: invoices.id, dir: "asc" },
  ],
  amount: [
    { key: invoices.totalCents, dir: "desc" },
    { key: invoices.id, dir: "desc" },
  ],
  // A number is unique: the year and its sequence are the whole order.
  number: [
    { key: invoices.year, dir: "desc" },
    { key: invoices.sequence, dir: "desc" },
  ],
};
const invoiceTotals = listTotals("invoices_changes");

export async function listInvoicePage(
  db: Database,
  filter: InvoiceFilter & { limit: number; offset: number },
  now = new Date(),
): Promise<{ invoices: JsonRows<InvoiceRow>; total: number }> {
  const today = dayIn(now);
  const where = invoiceWhere(filter, today);
  // The page's ids first (list-totals.ts pageIds): the projects are joined to this page's rows only.
  // An invoice becomes overdue with the day: the day is part of a total's key (list-totals.ts).
  const { rows, total } = await pageAndTotal(
    db,
    {
      totals: invoiceTotals,
      key: JSON.stringify([
        today,
        filter.status ?? "",
        filter.q?.trim() ?? "",
        filter.project_id ?? "",
        filter.from ?? "",
        filter.to ?? "",
      ]),
      ...countsOf(db, invoices, where, Boolean(filter.q?.trim())),
    },
    filter,
    {
      table: invoices,
      id: invoices.id,
      where,
      terms: ORDERS[filter.sort],
      rows: {
        key: `invoices:${filter.sort}`,
        build: jsonRowStatement(db, invoices, invoiceRowJson(sql.placeholder("today"))),
        values: { today },
      },
    },
  );
  return { invoices: jsonRowsOf(rows), total };
}

export const INVOICE_CSV_HEADER = [
  "Number",
  "Issued",
  "Due",
  "Status",
  "Project ID",
  "Project",
  "Client",
  "Kind",
  "Subtotal",
  "Discount",
  "Total",
  "Paid",
  "Due Amount",
] as const;

export const PAYMENT_CSV_HEADER = [
  "Invoice",
  "Paid On",
  "Amount",
  "Method",
  "Source",
  "Note",
  "Project ID",
  "Project",
  "Client",
  "Stripe Event",
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The matching invoices, in number order, a batch at a time (keyset on year and sequence). */
export async function* invoiceCsvBatches(
  db: Database,
  filter: InvoiceFilter,
  now = new Date(),
): AsyncGenerator<CsvCells[], void, undefined> {
  const today = dayIn(now);
  const where = invoiceWhere(filter, today);
  let after: { year: number; sequence: number } | null = null;
  for (;;) {
    const cursor: { year: number; sequence: number } | null = after;
    const rows: InvoiceDbRow[] = await db
      .select()
      .from(invoices)
      .where(
        and(
          where,
          cursor ? sql`(${invoices.year}, ${invoices.sequence}) > (${cursor.year}, ${cursor.sequence})` : undefined,
        ),
      )
      .orderBy(asc(invoices.year), asc(invoices.sequence))
      .limit(EXPORT_BATCH);
    if (rows.length > 0)
      yield rows.map((r) => {
        const row = toInvoiceRow(r, null, now);
        return [
          row.number,
          row.issue_date,
          row.due_date,
          INVOICE_STATUS_LABELS[row.status],
          row.project_id,
          row.project_name,
          row.client_name,
          INVOICE_KIND_LABELS[row.kind],
          dollars(row.subtotal_cents),
          dollars(row.discount_cents),
          dollars(row.total_cents),
          dollars(row.amount_paid_cents),
          dollars(row.amount_due_cents),
        ];
      });
    if (rows.length < EXPORT_BATCH) return;
    const last: InvoiceDbRow = rows.at(-1)!;
    after = { year: last.year, sequence: last.sequence };
  }
}

/** The payments of the matching invoices, in payment order. */
export async function* paymentCsvBatches(
  db: Database,
  filter: InvoiceFilter,
  now = new Date(),
): AsyncGenerator<CsvCells[], void, undefined> {
  const where = invoiceWhere(filter, dayIn(now));
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ payment: invoicePayments, invoice: invoices })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(and(where, sql`${invoicePayments.id} > ${afterId}`))
      .orderBy(asc(invoicePayments.id))
      .limit(EXPORT_BATCH);
    if (rows.length > 0)
      yield rows.map(({ payment, invoice }) => [
        invoice.number,
        payment.paidOn,
        dollars(payment.amountCents),
        PAYMENT_METHOD_LABELS[payment.method],
        payment.source === "stripe" ? "Stripe" : payment.source === "credit" ? "Credit" : "Recorded",
        payment.note,
        invoice.projectRef,
        invoice.projectName,
        invoice.clientName,
        payment.stripeEventId,
      ]);
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows.at(-1)!.payment.id;
  }
}

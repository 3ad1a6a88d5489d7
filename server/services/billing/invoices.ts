import { and, asc, desc, eq, inArray, isNotNull, sql, type Placeholder } from "drizzle-orm";
import { type InvoiceStatus } from "~/contracts/billing-terms";
import type { Invoice, InvoiceRow } from "~/contracts/invoices";
import type { Payment } from "~/contracts/invoice-payments";
import type { Database } from "../../db/client";
import { invoicePayments, invoiceReminders, invoices, projects } from "../../db/schema";
import { BillingError, dayIn, NO_INVOICE, requireProject } from "./common";
import { creditsOf } from "./credit-rows";
import type { DbOrTx, Tx } from "../../db/tx";

/**
 * Invoices (docs/product/billing.md "Invoices"; decision 042): a quote's deposit or balance, or
 * lines by hand; numbered INV-yyyy-nnnn in the transaction that writes them, so the year's numbers
 * have no gaps (a draft has its number; an invoice is never deleted, a wrong one is voided and
 * keeps it). Overdue is read, not stored: an open invoice with money due after its due date (in
 * the business's time zone). Paid and void invoices never change (a trigger refuses it too).
 */
export type InvoiceDbRow = typeof invoices.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The invoice's open Checkout session forgotten (docs/product/billing.md "Payments"): written in
 * the update that records a payment or voids the invoice; the session is expired at Stripe once
 * that transaction has committed.
 */
export const CLEARED_CHECKOUT = {
  checkoutSessionId: null,
  checkoutUrl: null,
  checkoutAmountCents: null,
  checkoutExpiresAt: null,
} as const;

export const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  invoice_id: row.invoiceId,
  amount_cents: row.amountCents,
  paid_on: row.paidOn,
  method: row.method,
  source: row.source,
  note: row.note,
  stripe_event_id: row.stripeEventId,
  created_at: row.createdAt.toISOString(),
});

/** The status shown: overdue for an open invoice with money due after its due date. */
export function statusOf(
  row: Pick<InvoiceDbRow, "status" | "dueDate" | "totalCents" | "amountPaidCents">,
  today: string,
): InvoiceStatus {
  if (
    (row.status === "sent" || row.status === "partially_paid") &&
    row.dueDate < today &&
    row.totalCents > row.amountPaidCents
  )
    return "overdue";
  return row.status;
}

/** The same, in SQL, for the list's filters and the figures. */
export const statusSql = (today: string | Placeholder) =>
  sql<InvoiceStatus>`(case when ${invoices.status} in ('sent', 'partially_paid') and ${invoices.dueDate} < ${today}::date and ${invoices.totalCents} > ${invoices.amountPaidCents} then 'overdue' else ${invoices.status} end)`;

export function toInvoiceRow(row: InvoiceDbRow, liveProjectName: string | null, now = new Date()): InvoiceRow {
  return {
    id: row.id,
    number: row.number,
    project_id: row.projectRef,
    project_name: liveProjectName ?? row.projectName,
    client_name: row.clientName,
    quote_id: row.quoteId,
    kind: row.kind,
    status: statusOf(row, dayIn(now)),
    discount_type: row.discountType,
    discount_value: row.discountValue,
    subtotal_cents: row.subtotalCents,
    discount_cents: row.discountCents,
    total_cents: row.totalCents,
    amount_paid_cents: row.amountPaidCents,
    amount_due_cents: row.status === "void" ? 0 : row.totalCents - row.amountPaidCents,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    notes: row.notes,
    reminders_enabled: row.remindersEnabled,
    sent_at: iso(row.sentAt),
    paid_at: iso(row.paidAt),
    voided_at: iso(row.voidedAt),
    void_reason: row.voidReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const invoiceWithProject = (db: DbOrTx) =>
  db
    .select({ row: invoices, projectName: projects.name })
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId));

/** Whole invoices (lines, payments, credits, reminders) for these rows: three queries, whatever their number. */
async function complete(
  db: DbOrTx,
  found: { row: InvoiceDbRow; projectName: string | null }[],
  now = new Date(),
): Promise<Invoice[]> {
  const ids = found.map((f) => f.row.id);
  if (ids.length === 0) return [];
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, ids))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id));
  const reminders = await db
    .select({ invoiceId: invoiceReminders.invoiceId, day: invoiceReminders.day })
    .from(invoiceReminders)
    .where(inArray(invoiceReminders.invoiceId, ids))
    .orderBy(asc(invoiceReminders.day));
  const credits = await creditsOf(db, ids);
  return found.map(({ row, projectName }) => ({
    ...toInvoiceRow(row, projectName, now),
    lines: row.lines,
    reminders_sent: reminders.filter((r) => r.invoiceId === row.id).map((r) => r.day),
    payments: payments.filter((p) => p.invoiceId === row.id).map(toPayment),
    credits: credits.filter((c) => c.invoice_id === row.id),
  }));
}

export async function readInvoice(db: DbOrTx, id: number, now = new Date()): Promise<Invoice> {
  const found = await invoiceWithProject(db).where(eq(invoices.id, id));
  if (found.length === 0) throw new BillingError(404, NO_INVOICE);
  return (await complete(db, found, now))[0]!;
}

export const getInvoice = (db: Database, id: number) => readInvoice(db, id);

export async function lockInvoice(tx: Tx, id: number): Promise<InvoiceDbRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!row) throw new BillingError(404, NO_INVOICE);
  return row;
}

/** The project's invoices, newest first. */
export async function listProjectInvoices(db: Database, projectId: string): Promise<Invoice[]> {
  await requireProject(db, projectId);
  const found = await invoiceWithProject(db)
    .where(eq(invoices.projectId, projectId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return complete(db, found);
}

/**
 * What the client may see (docs/product/billing.md "The client decides"): an invoice that was
 * sent. A draft, and a draft voided before it was ever sent (its reason and notes included), are
 * the owner's alone.
 */
const shownToClient = isNotNull(invoices.sentAt);

/** The client's: the project's invoices that were sent, newest first. */
export async function clientInvoices(db: Database, projectId: string): Promise<Invoice[]> {
  const found = await invoiceWithProject(db)
    .where(and(eq(invoices.projectId, projectId), shownToClient))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return complete(db, found);
}

/** The invoice a portal session asks for: its project (null once deleted), or 404 (one never sent is not shown). */
export async function invoiceProjectOf(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ projectId: invoices.projectId })
    .from(invoices)
    .where(and(eq(invoices.id, id), shownToClient));
  if (!row) throw new BillingError(404, NO_INVOICE);
  return row.projectId;
}

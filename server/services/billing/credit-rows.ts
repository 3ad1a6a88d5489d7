import { asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Credit } from "~/contracts/invoice-payments";
import { billingCredits, invoices } from "../../db/schema";
import { BillingError, centsOf } from "./common";
import type { DbOrTx, Tx } from "../../db/tx";

/**
 * The rows of credits (docs/product/billing.md "Credits"), as invoices, payments and the figures
 * read and write them; refunding and applying one is server/services/billing/credits.ts.
 */
type CreditRow = typeof billingCredits.$inferSelect;

export const NO_CREDIT = "No credit with this id: reload the invoice.";

const creditInvoice = alias(invoices, "credit_invoice");
const appliedInvoice = alias(invoices, "applied_invoice");

function toCredit(row: CreditRow, invoiceNumber: string, appliedNumber: string | null): Credit {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    invoice_number: invoiceNumber,
    amount_cents: row.amountCents,
    reason: row.reason,
    status: row.status,
    received_on: row.receivedOn,
    note: row.note,
    resolution_note: row.resolutionNote,
    applied_invoice_id: row.appliedInvoiceId,
    applied_invoice_number: appliedNumber,
    applied_payment_id: row.appliedPaymentId,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    stripe_event_id: row.stripeEventId,
    created_at: row.createdAt.toISOString(),
  };
}

const creditQuery = (db: DbOrTx) =>
  db
    .select({ row: billingCredits, number: creditInvoice.number, applied: appliedInvoice.number })
    .from(billingCredits)
    .innerJoin(creditInvoice, eq(creditInvoice.id, billingCredits.invoiceId))
    .leftJoin(appliedInvoice, eq(appliedInvoice.id, billingCredits.appliedInvoiceId));

/** The credits of these invoices, oldest first: one query, whatever their number. */
export async function creditsOf(db: DbOrTx, invoiceIds: number[]): Promise<Credit[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await creditQuery(db)
    .where(inArray(billingCredits.invoiceId, invoiceIds))
    .orderBy(asc(billingCredits.createdAt), asc(billingCredits.id));
  return rows.map((r) => toCredit(r.row, r.number, r.applied));
}

export async function readCredit(db: DbOrTx, id: number): Promise<Credit> {
  const [found] = await creditQuery(db).where(eq(billingCredits.id, id));
  if (!found) throw new BillingError(404, NO_CREDIT);
  return toCredit(found.row, found.number, found.applied);
}

/** A credit of money Stripe took that the invoice could not take, in the caller's transaction. */
export async function insertCredit(
  tx: Tx,
  credit: Pick<CreditRow, "invoiceId" | "amountCents" | "reason" | "stripeEventId" | "receivedOn" | "note">,
): Promise<CreditRow> {
  const [row] = await tx.insert(billingCredits).values(credit).returning();
  return row!;
}

/** The open credits' total and count, and the invoice of the oldest: the dashboard's "Refund or credit due". */
export async function openCredits(db: DbOrTx): Promise<{ cents: number; count: number; invoiceId: number | null }> {
  const [sum] = await db
    .select({
      cents: sql`coalesce(sum(${billingCredits.amountCents}), 0)::bigint`.mapWith(centsOf),
      count: sql<number>`count(*)::int`,
    })
    .from(billingCredits)
    .where(eq(billingCredits.status, "open"));
  const [oldest] = await db
    .select({ invoiceId: billingCredits.invoiceId })
    .from(billingCredits)
    .where(eq(billingCredits.status, "open"))
    .orderBy(asc(billingCredits.createdAt), asc(billingCredits.id))
    .limit(1);
  return { cents: sum?.cents ?? 0, count: sum?.count ?? 0, invoiceId: oldest?.invoiceId ?? null };
}

import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { formatCents } from "~/contracts/billing-money";
import type { Credit, Payment } from "~/contracts/invoice-payments";
import type { Invoice } from "~/contracts/invoices";
import type { CreditApplySchema } from "~/contracts/payments";
import type { Database } from "../../db/client";
import { billingCredits, invoices, projects } from "../../db/schema";
import { announceBillingChange, BillingError, type CheckoutDeps, dayIn } from "./common";
import { insertCredit, NO_CREDIT, readCredit } from "./credit-rows";
import { lockInvoice, readInvoice } from "./invoices";
import { addPayment } from "./payments";
import type { DbOrTx, Tx } from "../../db/tx";

/**
 * Credits (docs/product/billing.md "Credits"): money received that its invoice could not take (a
 * Stripe payment of more than was due, of an invoice paid meanwhile, or of a void one). Each is
 * open until the owner marks it refunded, with a note, or applies it to another open invoice of the
 * same client, where it becomes a payment of source and method "credit". A credit is never deleted
 * and, once resolved, never changes (a trigger holds it).
 *
 * The same client: the two invoices belong to the same project, or carry the same client e-mail
 * (compared trimmed and case-insensitively).
 */
type CreditRow = typeof billingCredits.$inferSelect;

/** The credit's row, locked until the transaction ends: 404 when missing, 409 once resolved. */
async function lockOpenCredit(tx: Tx, id: number): Promise<CreditRow> {
  const [row] = await tx.select().from(billingCredits).where(eq(billingCredits.id, id)).for("update");
  if (!row) throw new BillingError(404, NO_CREDIT);
  if (row.status !== "open")
    throw new BillingError(
      409,
      `This credit was already ${row.status === "refunded" ? "refunded" : "applied"}: reload the invoice.`,
    );
  return row;
}

/** The same client: the same project, or the same client e-mail (trimmed, any case). */
const sameClientSql = (source: { projectRef: string; clientEmail: string | null }) => {
  const email = source.clientEmail?.trim().toLowerCase();
  return or(
    eq(invoices.projectRef, source.projectRef),
    email ? sql`lower(trim(${invoices.clientEmail})) = ${email}` : undefined,
  );
};

/** The client's open invoices with money due, other than the credit's own: where the credit can go. */
export async function creditTargets(db: DbOrTx, creditId: number) {
  const credit = await readCredit(db, creditId);
  const [source] = await db
    .select({ projectRef: invoices.projectRef, clientEmail: invoices.clientEmail })
    .from(invoices)
    .where(eq(invoices.id, credit.invoice_id));
  if (!source || credit.status !== "open") return [];
  const rows = await db
    .select({ row: invoices, projectName: projects.name })
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(
      and(
        sameClientSql(source),
        ne(invoices.id, credit.invoice_id),
        inArray(invoices.status, ["sent", "partially_paid"]),
        gt(invoices.totalCents, invoices.amountPaidCents),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
  return rows.map(({ row, projectName }) => ({
    id: row.id,
    number: row.number,
    project_id: row.projectRef,
    project_name: projectName ?? row.projectName,
    amount_due_cents: row.totalCents - row.amountPaidCents,
    due_date: row.dueDate,
  }));
}

/** "Mark refunded": the owner paid the money back; the note says how. */
export async function refundCredit(
  db: Database,
  creditId: number,
  note: string,
  now = new Date(),
): Promise<{ credit: Credit; invoice: Invoice }> {
  const invoiceId = await db.transaction(async (tx) => {
    const row = await lockOpenCredit(tx, creditId);
    await tx
      .update(billingCredits)
      .set({ status: "refunded", resolutionNote: note.trim(), resolvedAt: now })
      .where(eq(billingCredits.id, creditId));
    const [invoice] = await tx
      .select({ projectId: invoices.projectId })
      .from(invoices)
      .where(eq(invoices.id, row.invoiceId));
    await announceBillingChange(tx, invoice?.projectId ?? null);
    return row.invoiceId;
  });
  return { credit: await readCredit(db, creditId), invoice: await readInvoice(db, invoiceId) };
}

/**
 * "Apply as credit": a payment of source and method "credit" on another open invoice of the same
 * client, of the credit's amount or, when that invoice has less due, of what is due; the rest is
 * then a new open credit of the same invoice and reason (the credit itself never changes amount).
 */
export async function applyCredit(
  deps: CheckoutDeps,
  creditId: number,
  input: z.output<typeof CreditApplySchema>,
  now = new Date(),
): Promise<{ credit: Credit; payment: Payment; invoice: Invoice; rest: Credit | null }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const credit = await lockOpenCredit(tx, creditId);
    if (input.invoice_id === credit.invoiceId)
      throw new BillingError(409, "A credit is applied to another invoice than the one it was paid on.");
    const [source] = await tx.select().from(invoices).where(eq(invoices.id, credit.invoiceId));
    const [target] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, input.invoice_id), sameClientSql(source!)));
    if (!target) {
      const [exists] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, input.invoice_id));
      if (!exists) throw new BillingError(404, "No invoice with this id: reload the list.");
      throw new BillingError(
        409,
        `That invoice is another client's: a credit of ${source!.number} goes only to an invoice of the same project or the same client e-mail.`,
      );
    }
    const locked = await lockInvoice(tx, input.invoice_id);
    const due = { number: locked.number, due: locked.totalCents - locked.amountPaidCents };
    if (locked.status !== "sent" && locked.status !== "partially_paid")
      throw new BillingError(
        409,
        `Invoice ${locked.number} is ${locked.status}: a credit goes to a sent invoice with money due.`,
      );
    if (due.due <= 0) throw new BillingError(409, `Invoice ${locked.number} has nothing due.`);
    const amount = Math.min(credit.amountCents, due.due);
    const restCents = credit.amountCents - amount;
    const added = await addPayment(
      tx,
      input.invoice_id,
      {
        amountCents: amount,
        paidOn: dayIn(now),
        method: "credit",
        source: "credit",
        note: input.note?.trim() || `Credit from ${source!.number}`,
        stripeEventId: null,
      },
      now,
    );
    const rest =
      restCents > 0
        ? await insertCredit(tx, {
            invoiceId: credit.invoiceId,
            amountCents: restCents,
            reason: credit.reason,
            stripeEventId: null,
            receivedOn: credit.receivedOn,
            note: `What was left of a credit of ${formatCents(credit.amountCents)} after ${formatCents(amount)} was applied to ${due.number}`,
          })
        : null;
    await tx
      .update(billingCredits)
      .set({
        status: "applied",
        appliedInvoiceId: input.invoice_id,
        appliedPaymentId: added.payment.id,
        resolutionNote:
          `Applied ${formatCents(amount)} to ${due.number}` +
          (rest ? `; ${formatCents(restCents)} stays open as a new credit` : "") +
          (input.note?.trim() ? `. ${input.note.trim()}` : ""),
        resolvedAt: now,
      })
      .where(eq(billingCredits.id, creditId));
    await announceBillingChange(tx, source!.projectId);
    return { payment: added.payment, closed: added.closedCheckout, restId: rest?.id ?? null };
  });
  if (outcome.closed) await deps.closeCheckout?.(outcome.closed);
  return {
    credit: await readCredit(deps.db, creditId),
    payment: outcome.payment,
    invoice: await readInvoice(deps.db, input.invoice_id),
    rest: outcome.restId ? await readCredit(deps.db, outcome.restId) : null,
  };
}

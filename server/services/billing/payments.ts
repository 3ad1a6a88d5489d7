import { eq } from "drizzle-orm";
import type { z } from "zod";
import { PROJECT_STATUS_LABELS, type ProjectStatus } from "~/contracts/project-terms";
import type { Invoice, Payment } from "~/contracts/invoices";
import type { NewPaymentSchema } from "~/contracts/payments";
import type { PaymentMethod, PaymentSource } from "~/contracts/billing-terms";
import { formatCents } from "~/contracts/billing-money";
import { invoicePayments, invoices, projects, projectUpdates } from "../../db/schema";
import { writeCardPaymentNotice } from "../../emails/billing";
import { announceBillingChange, BillingError, pgCodeOf, readBillingSettings, type Tx } from "./common";
import { lockInvoice, readInvoice, toPayment } from "./invoices";
import type { BillingDeps } from "./quotes";
import { queueReceipt } from "./receipt";

/**
 * Payments (docs/product/billing.md "Payments"; decision 042): recorded by the owner, or from
 * Stripe's signed webhook, never from the browser's return from Checkout. Partial payments add
 * up; an invoice paid in full is paid (and frozen). The same Stripe event twice records one
 * payment (a unique key on its id). A paid deposit moves a submitted or planning project on.
 */

/** The status after the project's deposit is paid (docs/product/billing.md "The project moves on"). */
const NEXT_ON_DEPOSIT: Partial<Record<ProjectStatus, ProjectStatus>> = {
  submitted: "planning",
  planning: "design",
};

interface NewPayment {
  amountCents: number;
  paidOn: string;
  method: PaymentMethod;
  source: PaymentSource;
  note: string | null;
  stripeEventId: string | null;
}

/**
 * A payment on a locked invoice, in the caller's transaction: at most what is due (409 otherwise),
 * the invoice's paid amount and status moved with it, and the project advanced when a deposit is
 * paid in full.
 */
async function addPayment(tx: Tx, invoiceId: number, payment: NewPayment, now: Date): Promise<Payment> {
  const row = await lockInvoice(tx, invoiceId);
  if (row.status === "void") throw new BillingError(409, `Invoice ${row.number} is void: it takes no payments.`);
  if (row.status === "paid") throw new BillingError(409, `Invoice ${row.number} is already paid in full.`);
  const due = row.totalCents - row.amountPaidCents;
  if (payment.amountCents > due)
    throw new BillingError(
      409,
      `That is more than is due on ${row.number}: ${formatCents(due)} is still due. Record at most that amount.`,
    );
  const [stored] = await tx
    .insert(invoicePayments)
    .values({ invoiceId, ...payment })
    .returning();
  const paid = row.amountPaidCents + payment.amountCents;
  const full = paid >= row.totalCents;
  await tx
    .update(invoices)
    .set({
      amountPaidCents: paid,
      status: full ? "paid" : "partially_paid",
      paidAt: full ? now : null,
      // A payment on a draft means it reached the client another way.
      sentAt: row.sentAt ?? (row.status === "draft" ? now : null),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoiceId));
  if (full && row.kind === "deposit" && row.projectId) await advanceProject(tx, row.projectId, row.number);
  await announceBillingChange(tx, row.projectId);
  return toPayment(stored!);
}

/**
 * A paid deposit moves a submitted project to planning, a planning one to design, with an update
 * in its history (unless the billing settings say not to).
 */
async function advanceProject(tx: Tx, projectId: string, invoiceNumber: string): Promise<void> {
  const settings = await readBillingSettings(tx);
  if (!settings.advance_project_on_deposit) return;
  const [project] = await tx
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  const next = project && NEXT_ON_DEPOSIT[project.status];
  if (!project || !next) return;
  const now = new Date();
  await tx.update(projects).set({ status: next, updatedAt: now }).where(eq(projects.id, projectId));
  await tx.insert(projectUpdates).values({
    projectId,
    title: `Deposit received: the project moves to ${PROJECT_STATUS_LABELS[next]}`,
    content: `The deposit invoice ${invoiceNumber} is paid in full, so the project moved from ${PROJECT_STATUS_LABELS[project.status]} to ${PROJECT_STATUS_LABELS[next]}.`,
  });
}

/**
 * "Record Payment": the owner's check, cash, transfer, card or other payment. The client's receipt
 * is queued with it (docs/product/billing.md "Receipts and signed copies").
 */
export async function recordPayment(
  deps: Pick<BillingDeps, "db" | "mailer" | "siteUrl">,
  invoiceId: number,
  input: z.output<typeof NewPaymentSchema>,
  now = new Date(),
): Promise<{ payment: Payment; invoice: Invoice }> {
  const payment = await deps.mailer.transaction(async (tx, queue) => {
    const added = await addPayment(
      tx,
      invoiceId,
      {
        amountCents: input.amount_cents,
        paidOn: input.paid_on,
        method: input.method,
        source: "manual",
        note: input.note?.trim() || null,
        stripeEventId: null,
      },
      now,
    );
    await queueReceipt(tx, queue, deps, added.id);
    return added;
  });
  return { payment, invoice: await readInvoice(deps.db, invoiceId) };
}

export type StripeRecordOutcome =
  | { recorded: true; invoice: Invoice }
  | { recorded: false; reason: "duplicate" | "ignored" | "refused"; message?: string };

/**
 * A card payment from Stripe's signed webhook (checkout.session.completed, paid): recorded once
 * per event id. An event already recorded, or one whose payment the invoice cannot take (paid in
 * full meanwhile), records nothing; the answer says so.
 */
export async function recordStripePayment(
  deps: BillingDeps,
  event: { id: string; invoiceId: number; amountCents: number; paidOn: string; sessionId: string },
  now = new Date(),
): Promise<StripeRecordOutcome> {
  const { db, mailer } = deps;
  const [seen] = await db
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(eq(invoicePayments.stripeEventId, event.id));
  if (seen) return { recorded: false, reason: "duplicate" };
  try {
    const emailIds = await db.transaction(async (tx) => {
      const payment = await addPayment(
        tx,
        event.invoiceId,
        {
          amountCents: event.amountCents,
          paidOn: event.paidOn,
          method: "card",
          source: "stripe",
          note: `Stripe Checkout ${event.sessionId}`,
          stripeEventId: event.id,
        },
        now,
      );
      const invoice = await readInvoice(tx, event.invoiceId, now);
      const notice = await mailer.queue(
        tx,
        writeCardPaymentNotice(invoice, event.amountCents, deps.siteUrl, deps.ownerEmail),
      );
      const receipt = await queueReceipt(tx, (email) => mailer.queue(tx, email), deps, payment.id);
      return receipt === null ? [notice] : [notice, receipt];
    });
    mailer.dispatch(emailIds);
    return { recorded: true, invoice: await readInvoice(db, event.invoiceId) };
  } catch (error) {
    // The same event delivered twice at once: the other delivery recorded it.
    if (pgCodeOf(error) === "23505") return { recorded: false, reason: "duplicate" };
    if (error instanceof BillingError) return { recorded: false, reason: "refused", message: error.message };
    throw error;
  }
}

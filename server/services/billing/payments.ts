import { eq } from "drizzle-orm";
import type { z } from "zod";
import { PROJECT_STATUS_LABELS, type ProjectStatus } from "~/contracts/project-terms";
import type { Invoice } from "~/contracts/invoices";
import type { Payment } from "~/contracts/invoice-payments";
import type { NewPaymentSchema } from "~/contracts/payments";
import type { CreditReason, PaymentMethod, PaymentSource } from "~/contracts/billing-terms";
import { formatCents } from "~/contracts/billing-money";
import { billingCredits, invoicePayments, invoices } from "../../db/schema";
import { moveProjectOn } from "../projects/projects";
import { writeCardPaymentNotice, writeCreditNotice } from "../../emails/billing";
import { announceBillingChange, BillingError, type CheckoutDeps, readBillingSettings } from "./common";
import { insertCredit } from "./credit-rows";
import { CLEARED_CHECKOUT, lockInvoice, readInvoice, toPayment } from "./invoices";
import type { BillingDeps } from "./quotes";
import { queueReceipt } from "./receipt";
import { type Tx, isUniqueViolation } from "../../db/tx";

/**
 * Payments (docs/product/billing.md "Payments"; decision 042): recorded by the owner, or from
 * Stripe's signed webhook, never from the browser's return from Checkout, or by applying a credit.
 * Partial payments add up; an invoice paid in full is paid (and frozen). The same Stripe event
 * twice records once (unique keys on its id). A paid deposit moves a submitted or planning project
 * on. A payment closes the invoice's open Checkout session (its amount no longer matches).
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
 * the invoice's paid amount and status moved with it, its open Checkout session cleared (its
 * amount is no longer what is due: the caller expires it at Stripe once the transaction has
 * committed), and the project advanced when a deposit is paid in full.
 */
export async function addPayment(
  tx: Tx,
  invoiceId: number,
  payment: NewPayment,
  now: Date,
): Promise<{ payment: Payment; closedCheckout: string | null }> {
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
      ...CLEARED_CHECKOUT,
      updatedAt: now,
    })
    .where(eq(invoices.id, invoiceId));
  if (full && row.kind === "deposit" && row.projectId) await advanceProject(tx, row.projectId, row.number);
  await announceBillingChange(tx, row.projectId);
  return { payment: toPayment(stored!), closedCheckout: row.checkoutSessionId };
}

/**
 * A paid deposit moves a submitted project to planning, a planning one to design, with an update
 * in its history (unless the billing settings say not to).
 */
async function advanceProject(tx: Tx, projectId: string, invoiceNumber: string): Promise<void> {
  const settings = await readBillingSettings(tx);
  if (!settings.advance_project_on_deposit) return;
  await moveProjectOn(tx, projectId, NEXT_ON_DEPOSIT, (from, to) => ({
    title: `Deposit received: the project moves to ${PROJECT_STATUS_LABELS[to]}`,
    content: `The deposit invoice ${invoiceNumber} is paid in full, so the project moved from ${PROJECT_STATUS_LABELS[from]} to ${PROJECT_STATUS_LABELS[to]}.`,
  }));
}

/**
 * "Record Payment": the owner's check, cash, transfer, card or other payment. The client's receipt
 * is queued with it (docs/product/billing.md "Receipts and signed copies").
 */
export async function recordPayment(
  deps: CheckoutDeps & Pick<BillingDeps, "mailer" | "siteUrl">,
  invoiceId: number,
  input: z.output<typeof NewPaymentSchema>,
  now = new Date(),
): Promise<{ payment: Payment; invoice: Invoice }> {
  const { payment, closedCheckout } = await deps.mailer.transaction(async (tx, queue) => {
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
    await queueReceipt(tx, queue, deps, added.payment.id);
    return added;
  });
  if (closedCheckout) await deps.closeCheckout?.(closedCheckout);
  return { payment, invoice: await readInvoice(deps.db, invoiceId) };
}

export type StripeRecordOutcome =
  | { recorded: true; invoice: Invoice; paymentCents: number; creditCents: number; creditId: number | null }
  | { recorded: false; reason: "duplicate" | "ignored" | "refused"; message?: string };

/** Money Stripe took for one of our invoices, as its signed event says. */
export interface StripePaymentEvent {
  id: string;
  invoiceId: number;
  amountCents: number;
  paidOn: string;
  /** The Checkout session paid (expired at Stripe otherwise), or the PaymentIntent of a charge. */
  sessionId: string;
  /** How it was paid, in the payment's note ("Stripe Checkout cs_..." by default). */
  via?: string;
  /**
   * Run in the transaction, on the locked invoice, before anything is recorded: false records
   * nothing (a duplicate). An off-session charge claims its own row here (care-plan-charges.ts).
   */
  claim?: (tx: Tx) => Promise<boolean>;
}

/** Why money an invoice could not take became a credit. */
function creditReason(status: InvoiceDbStatus, took: number): CreditReason {
  if (took > 0) return "overpaid";
  if (status === "void") return "void";
  if (status === "paid") return "already_paid";
  return "overpaid";
}
type InvoiceDbStatus = (typeof invoices.$inferSelect)["status"];

/**
 * A card payment from Stripe's signed webhook (checkout.session.completed, paid), recorded once
 * per event id across payments and credits, however often and however concurrently it arrives
 * (the invoice's row is locked before the event is looked up; the unique keys hold it too).
 * Every cent Stripe took is recorded (docs/product/billing.md "Credits"): the part the invoice can
 * take is a card payment, the rest (or all of it, on a paid or void invoice) a credit to refund or
 * apply, and the owner is e-mailed. Only an event of an invoice that does not exist records
 * nothing (refused).
 */
export async function recordStripePayment(
  deps: BillingDeps & Pick<CheckoutDeps, "closeCheckout">,
  event: StripePaymentEvent,
  now = new Date(),
): Promise<StripeRecordOutcome> {
  const { mailer } = deps;
  const via = event.via ?? `Stripe Checkout ${event.sessionId}`;
  try {
    const done = await mailer.transaction(async (tx, queue) => {
      const row = await lockInvoice(tx, event.invoiceId);
      const [paidBefore] = await tx
        .select({ id: invoicePayments.id })
        .from(invoicePayments)
        .where(eq(invoicePayments.stripeEventId, event.id));
      const [creditedBefore] = await tx
        .select({ id: billingCredits.id })
        .from(billingCredits)
        .where(eq(billingCredits.stripeEventId, event.id));
      if (paidBefore || creditedBefore) return null;
      if (event.claim && !(await event.claim(tx))) return null;
      const open = row.status !== "void" && row.status !== "paid";
      const due = open ? Math.max(0, row.totalCents - row.amountPaidCents) : 0;
      const take = Math.min(due, event.amountCents);
      const rest = event.amountCents - take;
      let closedCheckout: string | null = null;
      if (take > 0) {
        const added = await addPayment(
          tx,
          event.invoiceId,
          {
            amountCents: take,
            paidOn: event.paidOn,
            method: "card",
            source: "stripe",
            note: via,
            stripeEventId: event.id,
          },
          now,
        );
        closedCheckout = added.closedCheckout;
        // The client's receipt (docs/product/billing.md "Receipts and signed copies").
        await queueReceipt(tx, queue, deps, added.payment.id);
      }
      let credit: { id: number; reason: CreditReason } | null = null;
      if (rest > 0) {
        const reason = creditReason(row.status, take);
        const stored = await insertCredit(tx, {
          invoiceId: event.invoiceId,
          amountCents: rest,
          reason,
          stripeEventId: event.id,
          receivedOn: event.paidOn,
          note:
            `${via}: ${formatCents(event.amountCents)} paid, ` +
            (row.status === "void"
              ? "the invoice was void"
              : row.status === "paid"
                ? "the invoice was already paid"
                : `${formatCents(due)} was due`),
        });
        credit = { id: stored.id, reason };
        await announceBillingChange(tx, row.projectId);
      }
      const invoice = await readInvoice(tx, event.invoiceId, now);
      await queue(
        credit
          ? writeCreditNotice(
              invoice,
              { paidCents: event.amountCents, tookCents: take, creditCents: rest, reason: credit.reason },
              deps.siteUrl,
              deps.ownerEmail,
            )
          : writeCardPaymentNotice(invoice, take, deps.siteUrl, deps.ownerEmail),
      );
      return { take, rest, creditId: credit?.id ?? null, closedCheckout };
    });
    if (!done) return { recorded: false, reason: "duplicate" };
    // The paid session is complete at Stripe already: only another one is expired.
    if (done.closedCheckout && done.closedCheckout !== event.sessionId) await deps.closeCheckout?.(done.closedCheckout);
    return {
      recorded: true,
      invoice: await readInvoice(deps.db, event.invoiceId),
      paymentCents: done.take,
      creditCents: done.rest,
      creditId: done.creditId,
    };
  } catch (error) {
    // The same event delivered twice at once: the other delivery recorded it.
    if (isUniqueViolation(error)) return { recorded: false, reason: "duplicate" };
    if (error instanceof BillingError) return { recorded: false, reason: "refused", message: error.message };
    throw error;
  }
}

/**
 * Off-session charges of care plans paid automatically (docs/product/billing.md "Care plans";
 * decision 062). On an invoice's due date (the business's day), the job asks Stripe to charge the
 * plan's saved card for what is due:
 *
 * - the charge's row is written first, one per invoice (its unique key), in a transaction that
 *   holds the invoice's row; its id is the request's idempotency key, so a request whose answer was
 *   lost is asked again with the same key and charges once;
 * - nothing is recorded from Stripe's answer: the payment is recorded from the signed
 *   payment_intent.succeeded (idempotent by event id, and by the charge's own row), a failure from
 *   payment_intent.payment_failed, which tells the client (with Pay Now) and the owner;
 * - a charge Stripe could not be asked about for a day is failed, and the client pays by hand.
 */
import { and, eq, inArray, isNotNull, lte, lt, sql } from "drizzle-orm";
import { site } from "~/config/site";
import { carePlanCharges, carePlanPeriods, carePlans, invoices } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { writeAutopayFailed, writeAutopayFailedOwner } from "../../emails/care-plans";
import { runExclusive } from "../../lib/job-lock";
import { queueLoggedEmail } from "../contact-emails";
import type { AutopayDeps } from "./care-plan-autopay";
import { announceBillingChange, dayIn } from "./common";
import { lockInvoice, readInvoice } from "./invoices";
import { recordStripePayment, type StripeRecordOutcome } from "./payments";
import { CLIENT_MAIL_SENDER, clientRecipient } from "./signed-copy";
import { stripeFor } from "./stripe";
import { AUTOPAY_METADATA } from "./stripe-intents";

/** A request whose answer never came is asked again after this long, and failed after a day. */
const ASK_AGAIN_MS = 60_000;
const GIVE_UP_MS = 24 * 3600_000;
const UNREACHABLE = "Stripe could not be reached to charge the card for a day.";

/** The invoices due today or before whose plan pays automatically, not yet charged. */
async function dueToCharge(deps: AutopayDeps, today: string) {
  return deps.db
    .select({ invoiceId: invoices.id, planId: carePlans.id })
    .from(carePlanPeriods)
    .innerJoin(carePlans, eq(carePlans.id, carePlanPeriods.planId))
    .innerJoin(invoices, eq(invoices.id, carePlanPeriods.invoiceId))
    .where(
      and(
        isNotNull(carePlans.autopayPaymentMethod),
        inArray(invoices.status, ["sent", "partially_paid"]),
        sql`${invoices.totalCents} > ${invoices.amountPaidCents}`,
        lte(invoices.dueDate, today),
        sql`not exists (select 1 from ${carePlanCharges} where ${carePlanCharges.invoiceId} = ${invoices.id})`,
      ),
    )
    .orderBy(invoices.dueDate, invoices.id);
}

/**
 * The charge's row, written while the invoice's row is held: what is due, the plan's card. Null
 * when the invoice was paid meanwhile, the card removed, or another run wrote it first.
 */
async function claimCharge(deps: AutopayDeps, planId: number, invoiceId: number, now: Date): Promise<number | null> {
  // The unique key on the invoice keeps a second run's row out (ON CONFLICT DO NOTHING).
  return deps.db.transaction(async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    const due = row.totalCents - row.amountPaidCents;
    if (!["sent", "partially_paid"].includes(row.status) || due <= 0) return null;
    const [plan] = await tx.select().from(carePlans).where(eq(carePlans.id, planId));
    if (!plan?.autopayPaymentMethod || !plan.stripeCustomerId) return null;
    const [charge] = await tx
      .insert(carePlanCharges)
      .values({ planId, invoiceId, amountCents: due, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: carePlanCharges.id });
    return charge?.id ?? null;
  });
}

/**
 * Asks Stripe for the charge (again, with the same idempotency key, when the last answer was lost).
 * Keeps the PaymentIntent's id; a card error keeps it too (Stripe names the intent): the outcome
 * comes from the webhook either way.
 */
async function askStripe(deps: AutopayDeps, chargeId: number, now: Date): Promise<void> {
  const key = deps.env.STRIPE_SECRET_KEY;
  if (!key) return;
  const [charge] = await deps.db
    .select({
      id: carePlanCharges.id,
      amountCents: carePlanCharges.amountCents,
      invoiceId: carePlanCharges.invoiceId,
      planId: carePlanCharges.planId,
      customer: carePlans.stripeCustomerId,
      card: carePlans.autopayPaymentMethod,
      number: invoices.number,
      projectName: sql<string>`(select name from projects where id = ${invoices.projectId})`,
    })
    .from(carePlanCharges)
    .innerJoin(carePlans, eq(carePlans.id, carePlanCharges.planId))
    .innerJoin(invoices, eq(invoices.id, carePlanCharges.invoiceId))
    .where(and(eq(carePlanCharges.id, chargeId), eq(carePlanCharges.status, "requested")));
  if (!charge || !charge.customer || !charge.card) return;
  const stripe = await stripeFor(deps.env, key);
  let intentId: string | null = null;
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: charge.amountCents,
        currency: site.billing.currency,
        customer: charge.customer,
        payment_method: charge.card,
        off_session: true,
        confirm: true,
        description: `Invoice ${charge.number}: ${charge.projectName ?? site.brand}`,
        metadata: {
          [AUTOPAY_METADATA.invoice]: String(charge.invoiceId),
          invoice_number: charge.number,
          [AUTOPAY_METADATA.plan]: String(charge.planId),
          [AUTOPAY_METADATA.charge]: String(charge.id),
        },
      },
      { idempotencyKey: `care-plan-charge-${charge.id}` },
    );
    intentId = intent.id;
  } catch (error) {
    const raw = (error as { type?: string; raw?: { payment_intent?: { id?: string } } }) ?? {};
    if (raw.type !== "StripeCardError") throw error;
    intentId = raw.raw?.payment_intent?.id ?? null;
  }
  await deps.db
    .update(carePlanCharges)
    .set({
      paymentIntentId: sql`coalesce(${carePlanCharges.paymentIntentId}, ${intentId})`,
      status: sql`case when ${carePlanCharges.status} = 'requested' then 'processing' else ${carePlanCharges.status} end`,
      updatedAt: now,
    })
    .where(eq(carePlanCharges.id, charge.id));
}

/**
 * The job: every invoice due today whose plan pays automatically is charged once; requests whose
 * answer was lost are asked again; those Stripe could not be asked about for a day are failed.
 * One invoice's failure leaves the others done and is thrown for the job's log.
 */
export async function chargeDueInvoices(deps: AutopayDeps, now = new Date()): Promise<number> {
  if (!deps.env.STRIPE_SECRET_KEY) return 0;
  const failures: unknown[] = [];
  let asked = 0;
  for (const { invoiceId, planId } of await dueToCharge(deps, dayIn(now))) {
    const id = await claimCharge(deps, planId, invoiceId, now);
    if (id === null) continue;
    try {
      await askStripe(deps, id, now);
      asked++;
    } catch (error) {
      failures.push(error);
    }
  }
  const lost = await deps.db
    .select({ id: carePlanCharges.id, createdAt: carePlanCharges.createdAt })
    .from(carePlanCharges)
    .where(
      and(
        eq(carePlanCharges.status, "requested"),
        lt(carePlanCharges.updatedAt, new Date(now.getTime() - ASK_AGAIN_MS)),
      ),
    );
  for (const charge of lost) {
    try {
      if (now.getTime() - charge.createdAt.getTime() > GIVE_UP_MS)
        await chargeFailed(deps, { chargeId: charge.id, id: null, message: UNREACHABLE }, now);
      else await askStripe(deps, charge.id, now);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures.length === 1 ? failures[0] : new AggregateError(failures);
  return asked;
}

/** Every minute from server/compose.ts, on one process at a time. */
export const runCarePlanCharges = (deps: AutopayDeps, now?: Date) =>
  runExclusive(deps.db, "care-plan-charges", () => chargeDueInvoices(deps, now));

/**
 * payment_intent.succeeded of a charge: the card payment, recorded like a Checkout payment (once
 * per event; what the invoice cannot take is a credit) and the client's receipt, only while the
 * charge has no outcome yet (a second event for the same intent records nothing).
 */
export async function chargeSucceeded(
  deps: AutopayDeps,
  event: {
    id: string;
    chargeId: number;
    invoiceId: number;
    amountCents: number;
    paidOn: string;
    paymentIntentId: string;
  },
  now = new Date(),
): Promise<StripeRecordOutcome> {
  return recordStripePayment(
    deps,
    {
      id: event.id,
      invoiceId: event.invoiceId,
      amountCents: event.amountCents,
      paidOn: event.paidOn,
      sessionId: event.paymentIntentId,
      via: `Automatic card payment ${event.paymentIntentId}`,
      claim: async (tx: Tx) => {
        const [claimed] = await tx
          .update(carePlanCharges)
          .set({
            status: "succeeded",
            paymentIntentId: sql`coalesce(${carePlanCharges.paymentIntentId}, ${event.paymentIntentId})`,
            stripeEventId: event.id,
            failure: null,
            updatedAt: now,
          })
          .where(
            and(
              eq(carePlanCharges.id, event.chargeId),
              eq(carePlanCharges.invoiceId, event.invoiceId),
              inArray(carePlanCharges.status, ["requested", "processing", "failed"]),
            ),
          )
          .returning({ id: carePlanCharges.id });
        return Boolean(claimed);
      },
    },
    now,
  );
}

/**
 * payment_intent.payment_failed of a charge (or a day without reaching Stripe): the charge failed,
 * in Stripe's words; the client is told what to do (Pay Now, with the link to the invoice) and the
 * owner is told. A charge that already has its outcome records nothing.
 */
export async function chargeFailed(
  deps: AutopayDeps,
  event: { chargeId: number; id: string | null; message: string; paymentIntentId?: string },
  now = new Date(),
): Promise<boolean> {
  return deps.mailer.transaction(async (tx, queue) => {
    const [charge] = await tx
      .update(carePlanCharges)
      .set({
        status: "failed",
        failure: event.message,
        stripeEventId: event.id,
        ...(event.paymentIntentId
          ? { paymentIntentId: sql`coalesce(${carePlanCharges.paymentIntentId}, ${event.paymentIntentId})` }
          : {}),
        updatedAt: now,
      })
      .where(and(eq(carePlanCharges.id, event.chargeId), inArray(carePlanCharges.status, ["requested", "processing"])))
      .returning();
    if (!charge) return false;
    const invoice = await readInvoice(tx, charge.invoiceId, now);
    const contact = await clientRecipient(tx, invoice.project_id);
    const words = { invoice, message: event.message, amountCents: charge.amountCents };
    if (contact)
      await queueLoggedEmail(
        tx,
        queue,
        contact.id,
        writeAutopayFailed({ ...words, contact }, deps.siteUrl),
        CLIENT_MAIL_SENDER,
      );
    await queue(writeAutopayFailedOwner(words, deps.siteUrl, deps.ownerEmail));
    await announceBillingChange(tx, invoice.project_id);
    return true;
  });
}

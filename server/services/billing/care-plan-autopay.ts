/**
 * A care plan paid automatically (docs/product/billing.md "Care plans"; decision 062). With Stripe
 * set up, the client turns it on from the portal: Stripe Checkout saves their card (paying the plan's
 * open invoice at the same time, when one is open; only saving it otherwise), and each later invoice
 * is charged off-session on its due date (care-plan-charges.ts). The card is known to the app only
 * from the signed webhook; the client or the owner turns it off with one click, logged.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { site } from "~/config/site";
import { carePlanPeriods, carePlans, invoices } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { AutopayCheckout } from "~/contracts/care-plans";
import { announceBillingChange, BillingError, dayIn, portalProjectUrl, primaryContactOf } from "./common";
import { logPlanChange, NO_PLAN } from "./care-plan-log";
import { readInvoice } from "./invoices";
import type { BillingDeps } from "./quotes";
import { CARD_PAYMENTS_OFF, checkoutExpiry, invoiceCheckoutParams, stripeFor, type StripeEnv } from "./stripe";
import { AUTOPAY_METADATA } from "./stripe-intents";

export interface AutopayDeps extends BillingDeps {
  env: StripeEnv;
  log: Pick<Logger, "info" | "warn">;
}

const cardWords = (card: string | null) => card ?? "the saved card";

/** The plan's oldest invoice with money due (sent, not paid or void), if any. */
async function openPlanInvoice(deps: AutopayDeps, planId: number) {
  const [row] = await deps.db
    .select({ id: invoices.id, due: sql<number>`${invoices.totalCents} - ${invoices.amountPaidCents}` })
    .from(carePlanPeriods)
    .innerJoin(invoices, eq(invoices.id, carePlanPeriods.invoiceId))
    .where(
      and(
        eq(carePlanPeriods.planId, planId),
        inArray(invoices.status, ["sent", "partially_paid"]),
        gt(invoices.totalCents, invoices.amountPaidCents),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(1);
  return row ?? null;
}

/**
 * The plan's Stripe customer: made once (its idempotency key is the plan's), with the primary
 * contact's name and address, and kept on the plan.
 */
async function customerOf(deps: AutopayDeps, plan: typeof carePlans.$inferSelect, key: string): Promise<string> {
  if (plan.stripeCustomerId) return plan.stripeCustomerId;
  const contact = await primaryContactOf(deps.db, plan.projectId);
  const stripe = await stripeFor(deps.env, key);
  const customer = await stripe.customers.create(
    {
      ...(contact?.email ? { email: contact.email } : {}),
      ...(contact?.name ? { name: contact.name } : {}),
      description: `${site.brand} care plan ${plan.id}: ${plan.name}`,
      metadata: { [AUTOPAY_METADATA.plan]: String(plan.id), project_id: plan.projectId },
    },
    { idempotencyKey: `care-plan-customer-${plan.id}` },
  );
  const [kept] = await deps.db
    .update(carePlans)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(carePlans.id, plan.id), isNull(carePlans.stripeCustomerId)))
    .returning({ id: carePlans.stripeCustomerId });
  if (kept?.id) return kept.id;
  const [stored] = await deps.db
    .select({ id: carePlans.stripeCustomerId })
    .from(carePlans)
    .where(eq(carePlans.id, plan.id));
  return stored?.id ?? customer.id;
}

/**
 * "Pay automatically": a Checkout session that saves the client's card for the plan. With an
 * invoice of the plan open, the session pays what is due on it (recorded, like any card payment,
 * from checkout.session.completed) and saves the card; with none, it only saves the card (setup
 * mode). The card is the plan's once payment_intent.succeeded / setup_intent.succeeded says so.
 */
export async function startAutopay(deps: AutopayDeps, planId: number, now = new Date()): Promise<AutopayCheckout> {
  const key = deps.env.STRIPE_SECRET_KEY;
  if (!key) throw new BillingError(409, CARD_PAYMENTS_OFF);
  const [plan] = await deps.db.select().from(carePlans).where(eq(carePlans.id, planId));
  if (!plan) throw new BillingError(404, NO_PLAN);
  if (plan.status === "ended")
    throw new BillingError(409, "This care plan has ended: there is nothing to pay automatically.");
  if (plan.autopayPaymentMethod)
    throw new BillingError(
      409,
      `Automatic payment is already on for ${plan.name}, with ${cardWords(plan.autopayCard)}. To use another card, turn it off first.`,
    );
  const customer = await customerOf(deps, plan, key);
  const stripe = await stripeFor(deps.env, key);
  const expiresAt = checkoutExpiry(now);
  const tags = { [AUTOPAY_METADATA.plan]: String(plan.id) };
  const open = await openPlanInvoice(deps, plan.id);
  if (open) {
    const invoice = await readInvoice(deps.db, open.id, now);
    const params = invoiceCheckoutParams(invoice, open.due, expiresAt, deps.env.SITE_URL, tags);
    const session = await stripe.checkout.sessions.create(
      {
        ...params,
        customer,
        payment_intent_data: { ...params.payment_intent_data, setup_future_usage: "off_session" },
      },
      { idempotencyKey: `autopay-${plan.id}-${invoice.id}-${open.due}-${expiresAt}` },
    );
    if (!session.url) throw new Error("Stripe answered a Checkout session without a url");
    return {
      url: session.url,
      session_id: session.id,
      expires_at: new Date((session.expires_at || expiresAt) * 1000).toISOString(),
      amount_cents: open.due,
      invoice_id: invoice.id,
    };
  }
  const back = portalProjectUrl(deps.env.SITE_URL, plan.projectId);
  const session = await stripe.checkout.sessions.create(
    {
      mode: "setup",
      customer,
      currency: site.billing.currency,
      metadata: tags,
      setup_intent_data: { metadata: tags },
      expires_at: expiresAt,
      success_url: `${back}&autopay=saved&plan=${plan.id}`,
      cancel_url: `${back}&autopay=cancelled&plan=${plan.id}`,
    },
    { idempotencyKey: `autopay-setup-${plan.id}-${expiresAt}` },
  );
  if (!session.url) throw new Error("Stripe answered a Checkout session without a url");
  return {
    url: session.url,
    session_id: session.id,
    expires_at: new Date((session.expires_at || expiresAt) * 1000).toISOString(),
    amount_cents: 0,
    invoice_id: null,
  };
}

/** Detaches a card at Stripe once nothing uses it; a failure is logged, never the caller's. */
async function detachCard(deps: AutopayDeps, paymentMethod: string) {
  const key = deps.env.STRIPE_SECRET_KEY;
  if (!key) return;
  try {
    const stripe = await stripeFor(deps.env, key);
    await stripe.paymentMethods.detach(paymentMethod, {}, { timeout: 10_000 });
  } catch (error) {
    deps.log.warn(
      { paymentMethod, err: error instanceof Error ? error.message : String(error) },
      "a care plan's card could not be detached at Stripe",
    );
  }
}

/** "Visa ending 4242", as Stripe describes the card; null when it cannot say. */
async function cardLabel(deps: AutopayDeps, paymentMethod: string): Promise<string | null> {
  const key = deps.env.STRIPE_SECRET_KEY;
  if (!key) return null;
  try {
    const stripe = await stripeFor(deps.env, key);
    const method = await stripe.paymentMethods.retrieve(paymentMethod, {}, { timeout: 10_000 });
    if (!method.card) return null;
    const brand = method.card.brand.charAt(0).toUpperCase() + method.card.brand.slice(1);
    return `${brand} ending ${method.card.last4}`.slice(0, 60);
  } catch {
    return null;
  }
}

/**
 * A card saved for a plan, from the signed webhook: the plan charges it from now on (logged on the
 * project and the contact). The same card again records nothing; a card for another customer than
 * the plan's, or for a plan that ended, is ignored. A card it replaces is detached at Stripe.
 */
export async function saveAutopayCard(
  deps: AutopayDeps,
  saved: { planId: number; customer: string; paymentMethod: string },
  now = new Date(),
): Promise<boolean> {
  const replaced = await deps.db.transaction(async (tx) => {
    const [plan] = await tx.select().from(carePlans).where(eq(carePlans.id, saved.planId)).for("update");
    if (!plan || plan.status === "ended" || plan.stripeCustomerId !== saved.customer) return null;
    if (plan.autopayPaymentMethod === saved.paymentMethod) return null;
    await tx
      .update(carePlans)
      .set({ autopayPaymentMethod: saved.paymentMethod, autopayCard: null, autopaySince: now, updatedAt: now })
      .where(eq(carePlans.id, plan.id));
    await logPlanChange(
      tx,
      plan,
      `Automatic payment on: ${plan.name}`,
      `The client saved a card with Stripe for ${plan.name}: each invoice is charged to it on its due date (${dayIn(now)} onwards), with a receipt by e-mail.`,
      "client",
    );
    await announceBillingChange(tx, plan.projectId);
    return { previous: plan.autopayPaymentMethod, projectId: plan.projectId };
  });
  if (!replaced) return false;
  if (replaced.previous) await detachCard(deps, replaced.previous);
  const label = await cardLabel(deps, saved.paymentMethod);
  if (label) {
    await deps.db
      .update(carePlans)
      .set({ autopayCard: label })
      .where(and(eq(carePlans.id, saved.planId), eq(carePlans.autopayPaymentMethod, saved.paymentMethod)));
    await announceBillingChange(deps.db, replaced.projectId);
  }
  return true;
}

/**
 * Turns automatic payment off (the client in the portal, or the owner): no later invoice is charged;
 * a charge already asked of Stripe keeps its outcome. Logged; the card is detached at Stripe.
 */
export async function stopAutopay(deps: AutopayDeps, planId: number, by: string, now = new Date()): Promise<void> {
  const card = await deps.db.transaction(async (tx) => {
    const [plan] = await tx.select().from(carePlans).where(eq(carePlans.id, planId)).for("update");
    if (!plan) throw new BillingError(404, NO_PLAN);
    if (!plan.autopayPaymentMethod) throw new BillingError(409, `Automatic payment is not on for ${plan.name}.`);
    await tx
      .update(carePlans)
      .set({ autopayPaymentMethod: null, autopayCard: null, autopaySince: null, updatedAt: now })
      .where(eq(carePlans.id, plan.id));
    await logPlanChange(
      tx,
      plan,
      `Automatic payment off: ${plan.name}`,
      `${by === "client" ? "The client" : "The owner"} turned automatic payment off for ${plan.name}: ${cardWords(plan.autopayCard)} is no longer charged, and each invoice has Pay Now.`,
      by,
    );
    await announceBillingChange(tx, plan.projectId);
    return plan.autopayPaymentMethod;
  });
  await detachCard(deps, card);
}

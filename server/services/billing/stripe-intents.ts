import type Stripe from "stripe";
import { site } from "~/config/site";
import { dayIn } from "./common";

/**
 * What Stripe's signed events say of a care plan's automatic payment (docs/product/billing.md
 * "Care plans"; decision 062). The app reads them from the webhook alone, never from an API answer:
 *
 * - a card saved: the payment_intent.succeeded of a Checkout payment made with
 *   setup_future_usage=off_session, or the setup_intent.succeeded of a setup-mode Checkout, with the
 *   plan in its metadata (`care_plan_id`) and the customer and payment method it saved;
 * - an off-session charge's outcome: payment_intent.succeeded or payment_intent.payment_failed of
 *   an intent the charge job made (`care_plan_charge` in its metadata).
 */

/** A signed event whose amount cannot be real: refused with a 400, logged, never written. */
export class WebhookAmountError extends Error {}

/** The metadata keys the app writes on its own intents and sessions. */
export const AUTOPAY_METADATA = { plan: "care_plan_id", charge: "care_plan_charge", invoice: "invoice_id" } as const;

export type AutopayIntent =
  | { kind: "card_saved"; id: string; planId: number; customer: string; paymentMethod: string }
  | {
      kind: "charge_succeeded";
      id: string;
      chargeId: number;
      invoiceId: number;
      amountCents: number;
      paidOn: string;
      paymentIntentId: string;
    }
  | { kind: "charge_failed"; id: string; chargeId: number; paymentIntentId: string; message: string };

/** Cents Stripe took, checked: a whole number above zero, in the invoices' currency (WebhookAmountError otherwise). */
export function realAmount(eventId: string, field: string, amount: unknown, currency: unknown): number {
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0)
    throw new WebhookAmountError(
      `Event ${eventId}: ${field} ${JSON.stringify(amount ?? null)} is not a whole number of cents above zero.`,
    );
  if (typeof currency !== "string" || currency.toLowerCase() !== site.billing.currency.toLowerCase())
    throw new WebhookAmountError(
      `Event ${eventId}: the currency ${JSON.stringify(currency ?? null)} is not the invoices' (${site.billing.currency}).`,
    );
  return amount;
}

/** A positive whole id from metadata, or null. */
const idOf = (value: string | undefined) => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** An id field that Stripe sends as a string (or, expanded, as an object with an id). */
const refOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string"
      ? (value as { id: string }).id
      : null;

function cardSaved(
  event: Stripe.Event,
  object: { metadata?: Stripe.Metadata | null; customer?: unknown; payment_method?: unknown },
): AutopayIntent | null {
  const planId = idOf(object.metadata?.[AUTOPAY_METADATA.plan]);
  const customer = refOf(object.customer);
  const paymentMethod = refOf(object.payment_method);
  return planId && customer && paymentMethod
    ? { kind: "card_saved", id: event.id, planId, customer, paymentMethod }
    : null;
}

/** The care plan's part of a verified event, or null when it is not one of ours. */
export function autopayIntentOf(event: Stripe.Event): AutopayIntent | null {
  if (event.type === "setup_intent.succeeded") return cardSaved(event, event.data.object);
  if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") return null;
  const intent = event.data.object;
  const chargeId = idOf(intent.metadata?.[AUTOPAY_METADATA.charge]);
  if (chargeId === null)
    return event.type === "payment_intent.succeeded" && intent.setup_future_usage === "off_session"
      ? cardSaved(event, intent)
      : null;
  if (event.type === "payment_intent.payment_failed")
    return {
      kind: "charge_failed",
      id: event.id,
      chargeId,
      paymentIntentId: intent.id,
      message: intent.last_payment_error?.message?.slice(0, 500) || "The card was declined.",
    };
  const invoiceId = idOf(intent.metadata?.[AUTOPAY_METADATA.invoice]);
  if (invoiceId === null) return null;
  return {
    kind: "charge_succeeded",
    id: event.id,
    chargeId,
    invoiceId,
    amountCents: realAmount(event.id, "amount_received", intent.amount_received, intent.currency),
    paidOn: dayIn(new Date(event.created * 1000)),
    paymentIntentId: intent.id,
  };
}

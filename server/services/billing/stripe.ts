import type Stripe from "stripe";
import { site } from "~/config/site";
import type { Env } from "../../env";
import { eq } from "drizzle-orm";
import { invoices } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import { BillingError, type CheckoutDeps, dayIn, portalProjectUrl } from "./common";
import { lockInvoice, readInvoice } from "./invoices";
import { autopayIntentOf, type AutopayIntent, realAmount, WebhookAmountError } from "./stripe-intents";

/**
 * Stripe (docs/product/billing.md "Payments"; decision 042): with STRIPE_SECRET_KEY set, "Pay Now"
 * opens a Checkout session for the amount still due; the payment is recorded only from the signed
 * webhook. The SDK is loaded on first use and pointed at STRIPE_API_HOST / _PORT / _PROTOCOL when
 * set (the tests' local stand-in), Stripe itself otherwise.
 */
export type StripeEnv = Pick<
  Env,
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_API_HOST"
  | "STRIPE_API_PORT"
  | "STRIPE_API_PROTOCOL"
  | "SITE_URL"
>;

const clients = new Map<string, Promise<Stripe>>();

/** An SDK client for this key and address, made once per process. */
export function stripeFor(env: StripeEnv, key: string): Promise<Stripe> {
  const address = `${key}|${env.STRIPE_API_HOST ?? ""}|${env.STRIPE_API_PORT ?? ""}|${env.STRIPE_API_PROTOCOL ?? ""}`;
  let client = clients.get(address);
  if (!client) {
    client = import("stripe").then(
      ({ default: StripeSdk }) =>
        new StripeSdk(key, {
          ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
          ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
          ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
          maxNetworkRetries: 1,
          timeout: 20_000,
          appInfo: { name: site.brand },
        }),
    );
    clients.set(address, client);
  }
  return client;
}

export const cardPaymentsOn = (env: StripeEnv) => Boolean(env.STRIPE_SECRET_KEY);

export const CARD_PAYMENTS_OFF =
  "Card payments are not set up: pay by check or bank transfer as shown under How to pay.";

/**
 * How long a Checkout session stays open (docs/product/billing.md "Payments"): an hour, well
 * within Stripe's 30 minutes to 24 hours. Long enough to find a card and pay; short enough that a
 * session whose expiry at Stripe failed (it is retried by nobody) closes by itself soon after the
 * invoice moved on. A stored session is given again only while it has 15 minutes left.
 */
export const CHECKOUT_LIFETIME_MS = 60 * 60_000;
export const CHECKOUT_REUSE_MARGIN_MS = 15 * 60_000;
/** Sessions made within the same five minutes for the same amount share an idempotency key. */
const CHECKOUT_KEY_STEP_S = 5 * 60;

/**
 * A new session's expiry (Unix seconds): an hour from now, on a five-minute step, so that sessions
 * made within the same five minutes share their idempotency key.
 */
export function checkoutExpiry(now: Date): number {
  const step = CHECKOUT_KEY_STEP_S;
  return Math.ceil((now.getTime() + CHECKOUT_LIFETIME_MS - step * 1000) / 1000 / step) * step;
}

/** A Checkout session for what is due on an invoice, back to its project in the portal. */
export function invoiceCheckoutParams(
  invoice: { id: number; number: string; project_id: string; project_name: string },
  due: number,
  expiresAt: number,
  siteUrl: string,
  metadata: Record<string, string> = {},
): Stripe.Checkout.SessionCreateParams {
  const back = portalProjectUrl(siteUrl, invoice.project_id);
  const tags = { invoice_id: String(invoice.id), invoice_number: invoice.number, ...metadata };
  return {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: site.billing.currency,
          unit_amount: due,
          product_data: { name: `Invoice ${invoice.number}`, description: invoice.project_name },
        },
      },
    ],
    metadata: tags,
    payment_intent_data: { metadata: tags },
    client_reference_id: invoice.number,
    expires_at: expiresAt,
    success_url: `${back}&payment=success&invoice=${invoice.id}`,
    cancel_url: `${back}&payment=cancelled&invoice=${invoice.id}`,
  };
}

/**
 * "Pay Now": the invoice's one open Checkout session for what is still due. A second Pay Now
 * (another tab, another device) gets the stored session while it is open and for the same amount;
 * otherwise a new one is made, with an expiry and an idempotency key (the invoice, the amount due,
 * the amount paid so far and its expiry), and stored on the invoice, the one it replaces expired
 * at Stripe. The invoice's row is locked meanwhile, so two Pay Nows at once make one session.
 */
export async function createCheckout(
  deps: CheckoutDeps & { env: StripeEnv },
  invoiceId: number,
  now = new Date(),
): Promise<{ url: string; amount_cents: number; session_id: string; expires_at: string }> {
  const { db, env } = deps;
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new BillingError(409, CARD_PAYMENTS_OFF);
  const outcome = await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    if (row.status === "paid") throw new BillingError(409, `Invoice ${row.number} is already paid. Thank you!`);
    const due = row.totalCents - row.amountPaidCents;
    if (row.status === "void" || row.status === "draft" || due <= 0)
      throw new BillingError(409, `Invoice ${row.number} has nothing to pay.`);
    if (
      row.checkoutSessionId &&
      row.checkoutUrl &&
      row.checkoutAmountCents === due &&
      row.checkoutExpiresAt &&
      row.checkoutExpiresAt.getTime() - now.getTime() > CHECKOUT_REUSE_MARGIN_MS
    )
      return {
        url: row.checkoutUrl,
        amount_cents: due,
        session_id: row.checkoutSessionId,
        expires_at: row.checkoutExpiresAt.toISOString(),
        replaced: null,
      };
    const invoice = await readInvoice(tx, invoiceId, now);
    const expiresAt = checkoutExpiry(now);
    const stripe = await stripeFor(env, key);
    const session = await stripe.checkout.sessions.create(
      invoiceCheckoutParams(invoice, due, expiresAt, env.SITE_URL),
      { idempotencyKey: `checkout-${invoice.id}-${due}-${row.amountPaidCents}-${expiresAt}` },
    );
    if (!session.url) throw new Error("Stripe answered a Checkout session without a url");
    const expires = new Date((session.expires_at || expiresAt) * 1000);
    await tx
      .update(invoices)
      .set({
        checkoutSessionId: session.id,
        checkoutUrl: session.url,
        checkoutAmountCents: due,
        checkoutExpiresAt: expires,
      })
      .where(eq(invoices.id, invoiceId));
    return {
      url: session.url,
      amount_cents: due,
      session_id: session.id,
      expires_at: expires.toISOString(),
      replaced: row.checkoutSessionId && row.checkoutSessionId !== session.id ? row.checkoutSessionId : null,
    };
  });
  const { replaced, ...answer } = outcome;
  if (replaced) await deps.closeCheckout?.(replaced);
  return answer;
}

/**
 * Expires Checkout sessions at Stripe, once the transaction that forgot them has committed: a
 * payment of one arriving anyway is recorded as a credit. A failure (Stripe unreachable, the
 * session completed or expired already) is logged, never the owner's or the webhook's failure.
 */
export function checkoutCloser(env: StripeEnv, log: Pick<Logger, "info" | "warn">) {
  return async (sessionId: string): Promise<void> => {
    if (!env.STRIPE_SECRET_KEY) {
      log.warn({ sessionId }, "a Checkout session was left open: STRIPE_SECRET_KEY is not set");
      return;
    }
    try {
      const stripe = await stripeFor(env, env.STRIPE_SECRET_KEY);
      await stripe.checkout.sessions.expire(sessionId, {}, { timeout: 10_000 });
      log.info({ sessionId }, "a Checkout session was expired at Stripe");
    } catch (error) {
      log.warn(
        { sessionId, err: error instanceof Error ? error.message : String(error) },
        "a Checkout session could not be expired at Stripe",
      );
    }
  };
}

export class WebhookSignatureError extends Error {}

export { WebhookAmountError };

/** What a verified event asks of the app: record a card payment, a care plan's saved card or charge, or nothing. */
export type WebhookIntent =
  | { kind: "payment"; id: string; invoiceId: number; amountCents: number; paidOn: string; sessionId: string }
  | AutopayIntent
  | { kind: "none" };

/**
 * Verifies the raw body against the Stripe-Signature header with STRIPE_WEBHOOK_SECRET (throws
 * WebhookSignatureError otherwise) and reads what it asks: a paid checkout.session.completed for
 * one of our invoices is a payment of its amount_total; a care plan's saved card or off-session
 * charge is read by autopayIntentOf (stripe-intents.ts). An amount that cannot be real (not a whole
 * number of cents above zero, or another currency than the invoices') throws WebhookAmountError.
 */
export async function readWebhook(env: StripeEnv, raw: string, signature: string | undefined): Promise<WebhookIntent> {
  if (!env.STRIPE_WEBHOOK_SECRET) throw new WebhookSignatureError("The webhook is not set up (STRIPE_WEBHOOK_SECRET).");
  if (!signature) throw new WebhookSignatureError("The Stripe-Signature header is missing.");
  const stripe = await stripeFor(env, env.STRIPE_SECRET_KEY ?? "sk_webhook_only");
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    throw new WebhookSignatureError(
      `The signature does not match: ${error instanceof Error ? error.message : "verification failed"}`,
    );
  }
  const autopay = autopayIntentOf(event);
  if (autopay) return autopay;
  if (event.type !== "checkout.session.completed") return { kind: "none" };
  const session = event.data.object;
  const invoiceId = Number(session.metadata?.invoice_id);
  if (session.payment_status !== "paid" || !Number.isSafeInteger(invoiceId) || invoiceId < 1) return { kind: "none" };
  return {
    kind: "payment",
    id: event.id,
    invoiceId,
    amountCents: realAmount(event.id, "amount_total", session.amount_total, session.currency),
    paidOn: dayIn(new Date(event.created * 1000)),
    sessionId: session.id,
  };
}

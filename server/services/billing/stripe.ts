import type Stripe from "stripe";
import { site } from "~/config/site";
import type { Env } from "../../env";
import { BillingError, dayIn, portalProjectUrl } from "./common";
import { readInvoice } from "./invoices";
import type { Database } from "../../db/client";

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
function stripeFor(env: StripeEnv, key: string): Promise<Stripe> {
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

/** A Checkout session for what is still due on an open invoice; answers its address. */
export async function createCheckout(
  db: Database,
  env: StripeEnv,
  invoiceId: number,
): Promise<{ url: string; amount_cents: number }> {
  if (!env.STRIPE_SECRET_KEY) throw new BillingError(409, CARD_PAYMENTS_OFF);
  const invoice = await readInvoice(db, invoiceId);
  if (invoice.status === "paid") throw new BillingError(409, `Invoice ${invoice.number} is already paid. Thank you!`);
  if (invoice.status === "void" || invoice.status === "draft" || invoice.amount_due_cents <= 0)
    throw new BillingError(409, `Invoice ${invoice.number} has nothing to pay.`);
  const stripe = await stripeFor(env, env.STRIPE_SECRET_KEY);
  const back = portalProjectUrl(env.SITE_URL, invoice.project_id);
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: site.billing.currency,
          unit_amount: invoice.amount_due_cents,
          product_data: { name: `Invoice ${invoice.number}`, description: invoice.project_name },
        },
      },
    ],
    metadata: { invoice_id: String(invoice.id), invoice_number: invoice.number },
    payment_intent_data: { metadata: { invoice_id: String(invoice.id), invoice_number: invoice.number } },
    client_reference_id: invoice.number,
    success_url: `${back}&payment=success&invoice=${invoice.id}`,
    cancel_url: `${back}&payment=cancelled&invoice=${invoice.id}`,
  });
  if (!session.url) throw new Error("Stripe answered a Checkout session without a url");
  return { url: session.url, amount_cents: invoice.amount_due_cents };
}

export class WebhookSignatureError extends Error {}

/** What a verified event asks of the app: record a card payment, or nothing. */
export type WebhookIntent =
  | { kind: "payment"; id: string; invoiceId: number; amountCents: number; paidOn: string; sessionId: string }
  | { kind: "none" };

/**
 * Verifies the raw body against the Stripe-Signature header with STRIPE_WEBHOOK_SECRET (throws
 * WebhookSignatureError otherwise) and reads what it asks: a paid checkout.session.completed for
 * one of our invoices is a payment of its amount_total.
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
  if (event.type !== "checkout.session.completed") return { kind: "none" };
  const session = event.data.object;
  const invoiceId = Number(session.metadata?.invoice_id);
  if (session.payment_status !== "paid" || !Number.isSafeInteger(invoiceId) || invoiceId < 1 || !session.amount_total)
    return { kind: "none" };
  return {
    kind: "payment",
    id: event.id,
    invoiceId,
    amountCents: session.amount_total,
    paidOn: dayIn(new Date(event.created * 1000)),
    sessionId: session.id,
  };
}

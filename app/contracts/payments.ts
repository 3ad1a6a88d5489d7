import { z } from "~/contracts/zod";
import { MAX_NOTE_LENGTH, PAYMENT_METHODS } from "~/contracts/billing-terms";
import { endpoint } from "./endpoint";
import { InvoiceIdParam, InvoiceSchema, PaymentSchema } from "./invoices";
import { billingDay, centsField } from "./quotes";

/**
 * Payments (docs/product/billing.md "Payments"; decision 042): recorded by the owner ("Record
 * Payment"), or by Stripe's signed webhook after the client's Checkout. A payment is never
 * recorded from the browser's return from Checkout; the same Stripe event twice records one.
 */

/** POST /api/admin/invoices/{invoiceId}/payments. */
export const NewPaymentSchema = z
  .object({
    amount_cents: centsField("The amount")
      .min(1, { error: "The amount must be more than $0.00" })
      .meta({ example: 13_750, description: "Cents; at most what is still due" }),
    paid_on: billingDay.meta({ example: "2026-12-03", description: "The day it was paid" }),
    method: z
      .enum(PAYMENT_METHODS, { error: `method must be one of: ${PAYMENT_METHODS.join(", ")}` })
      .meta({ example: "check" }),
    note: z.string().trim().max(MAX_NOTE_LENGTH).optional().meta({ example: "Check #1042" }),
  })
  .meta({
    id: "NewPayment",
    example: { amount_cents: 13_750, paid_on: "2026-12-03", method: "check", note: "Check #1042" },
  });

export type NewPaymentInput = z.input<typeof NewPaymentSchema>;

export const PaymentAnswerSchema = z
  .object({ payment: PaymentSchema, invoice: InvoiceSchema })
  .meta({ id: "PaymentAnswer" });

export const CheckoutAnswerSchema = z
  .object({
    url: z.string().meta({
      example: "https://checkout.stripe.com/c/pay/cs_test_a1b2c3",
      description: "Stripe Checkout's page for the amount still due",
    }),
    amount_cents: z.number().int().meta({ example: 13_750 }),
  })
  .meta({
    id: "CheckoutAnswer",
    example: { url: "https://checkout.stripe.com/c/pay/cs_test_a1b2c3", amount_cents: 13_750 },
  });

export const WebhookAnswerSchema = z
  .object({
    received: z.literal(true),
    recorded: z.boolean().meta({ description: "false for an event already recorded, or one that records nothing" }),
  })
  .meta({ id: "StripeWebhookAnswer", example: { received: true, recorded: true } });

export const paymentsEndpoints = {
  record: endpoint({
    method: "post",
    path: "/api/admin/invoices/{invoiceId}/payments",
    access: "admin",
    params: InvoiceIdParam,
    body: NewPaymentSchema,
    answer: PaymentAnswerSchema,
    status: 201,
  }),
  /** "Pay Now": a Stripe Checkout session for what is still due (only with STRIPE_SECRET_KEY set). */
  checkout: endpoint({
    method: "post",
    path: "/api/client-portal/invoices/{invoiceId}/checkout",
    access: "portal",
    params: InvoiceIdParam,
    answer: CheckoutAnswerSchema,
  }),
  /**
   * Stripe's webhook: the raw body, signed in the Stripe-Signature header with
   * STRIPE_WEBHOOK_SECRET. checkout.session.completed records the payment, once per event id.
   */
  webhook: endpoint({
    method: "post",
    path: "/api/stripe/webhook",
    access: "public",
    answer: WebhookAnswerSchema,
  }),
};

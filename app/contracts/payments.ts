import { z } from "~/contracts/zod";
import { MAX_NOTE_LENGTH, RECORDED_PAYMENT_METHODS } from "~/contracts/billing-terms";
import { endpoint } from "./endpoint";
import { CreditIdParam, CreditSchema, PaymentSchema } from "./invoice-payments";
import { InvoiceIdParam, InvoiceSchema } from "./invoices";
import { billingDay, centsField } from "./billing-fields";

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
    // "credit" is written only by applying a credit (POST /api/admin/credits/{creditId}/apply).
    method: z
      .enum(RECORDED_PAYMENT_METHODS, { error: `method must be one of: ${RECORDED_PAYMENT_METHODS.join(", ")}` })
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
    session_id: z.string().meta({
      example: "cs_test_a1b2c3",
      description: "The invoice's one open session: a second Pay Now gets the same while it is open",
    }),
    expires_at: z.string().meta({ format: "date-time", example: "2026-12-03T17:20:00.000Z" }),
  })
  .meta({
    id: "CheckoutAnswer",
    example: {
      url: "https://checkout.stripe.com/c/pay/cs_test_a1b2c3",
      amount_cents: 13_750,
      session_id: "cs_test_a1b2c3",
      expires_at: "2026-12-03T17:20:00.000Z",
    },
  });

export const WebhookAnswerSchema = z
  .object({
    received: z.literal(true),
    recorded: z.boolean().meta({ description: "false for an event already recorded, or one that records nothing" }),
    payment_cents: z
      .number()
      .int()
      .optional()
      .meta({ example: 30_000, description: "Recorded: the part the invoice could take, as a card payment" }),
    credit_cents: z.number().int().optional().meta({
      example: 20_000,
      description: "Recorded: the part it could not take (already paid, more than due, void), as a credit",
    }),
  })
  .meta({
    id: "StripeWebhookAnswer",
    example: { received: true, recorded: true, payment_cents: 30_000, credit_cents: 20_000 },
  });

/** POST /api/admin/credits/{creditId}/refund: the owner paid it back (how, in the note). */
export const CreditRefundSchema = z
  .object({
    note: z
      .string({ error: "Say how it was refunded" })
      .trim()
      .min(1, { error: "Say how it was refunded" })
      .max(MAX_NOTE_LENGTH, { error: `The note is at most ${MAX_NOTE_LENGTH} characters` })
      .meta({ example: "Refunded in the Stripe dashboard on Dec 5" }),
  })
  .meta({ id: "CreditRefund", example: { note: "Refunded in the Stripe dashboard on Dec 5" } });

/** POST /api/admin/credits/{creditId}/apply: a payment of the credit on another open invoice of the client. */
export const CreditApplySchema = z
  .object({
    invoice_id: z
      .number({ error: "Choose the invoice to apply the credit to" })
      .int({ error: "Choose the invoice to apply the credit to" })
      .positive({ error: "Choose the invoice to apply the credit to" })
      .meta({ example: 40, description: "An open invoice of the same client (the same project, or the same e-mail)" }),
    note: z
      .string()
      .trim()
      .max(MAX_NOTE_LENGTH, { error: `The note is at most ${MAX_NOTE_LENGTH} characters` })
      .optional()
      .meta({ example: "Overpayment of INV-2026-0031" }),
  })
  .meta({ id: "CreditApply", example: { invoice_id: 40 } });

export const CreditAnswerSchema = z
  // The credit, and its own invoice after the change.
  .object({ credit: CreditSchema, invoice: InvoiceSchema })
  .meta({ id: "CreditAnswer" });

export const CreditApplyAnswerSchema = z
  .object({
    // The credit applied, the payment of source credit on the chosen invoice, that invoice after it.
    credit: CreditSchema,
    payment: PaymentSchema,
    invoice: InvoiceSchema,
    rest: CreditSchema.nullable().meta({
      description: "When the credit was more than was due there: what is left, a new open credit",
    }),
  })
  .meta({ id: "CreditApplyAnswer" });

export const CreditTargetSchema = z
  .object({
    id: z.number().int().meta({ example: 40 }),
    number: z.string().meta({ example: "INV-2026-0040" }),
    project_id: z.string().meta({ example: "WBT-2026-7KQ4MZ" }),
    project_name: z.string().meta({ example: "Harbor Bakery Website Project" }),
    amount_due_cents: z.number().int().meta({ example: 12_500 }),
    due_date: z.string().meta({ format: "date", example: "2026-12-15" }),
  })
  .meta({ id: "CreditTarget" });

export const CreditTargetsAnswerSchema = z
  .object({
    invoices: z.array(CreditTargetSchema).meta({
      description: "The client's open invoices with money due (same project or same e-mail), oldest due first",
    }),
  })
  .meta({
    id: "CreditTargets",
    example: {
      invoices: [
        {
          id: 40,
          number: "INV-2026-0040",
          project_id: "WBT-2026-7KQ4MZ",
          project_name: "Harbor Bakery Website Project",
          amount_due_cents: 12_500,
          due_date: "2026-12-15",
        },
      ],
    },
  });

/** A payment in the path: its receipt. */
export const PaymentIdParam = z.object({
  paymentId: z.coerce
    .number()
    .int()
    .positive()
    .meta({ param: { name: "paymentId", in: "path" }, type: "integer", example: 9 }),
});

const ReceiptPdfSchema = z.string().meta({ format: "binary", example: "%PDF-1.7 ..." });

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
   * A payment's receipt as a PDF (docs/product/billing.md "Receipts and signed copies"), for the
   * client of its invoice's project.
   */
  clientReceiptPdf: endpoint({
    method: "get",
    path: "/api/client-portal/payments/{paymentId}/receipt",
    access: "portal",
    params: PaymentIdParam,
    answer: ReceiptPdfSchema,
    contentType: "application/pdf",
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
  /** The invoices an open credit can be applied to: the same client's open invoices. */
  creditTargets: endpoint({
    method: "get",
    path: "/api/admin/credits/{creditId}/targets",
    access: "admin",
    params: CreditIdParam,
    answer: CreditTargetsAnswerSchema,
  }),
  /** Marks an open credit refunded, with the owner's note. */
  refundCredit: endpoint({
    method: "post",
    path: "/api/admin/credits/{creditId}/refund",
    access: "admin",
    params: CreditIdParam,
    body: CreditRefundSchema,
    answer: CreditAnswerSchema,
  }),
  /** Applies an open credit to another open invoice of the same client, as a payment of source credit. */
  applyCredit: endpoint({
    method: "post",
    path: "/api/admin/credits/{creditId}/apply",
    access: "admin",
    params: CreditIdParam,
    body: CreditApplySchema,
    answer: CreditApplyAnswerSchema,
    status: 201,
  }),
};

/**
 * A payment and a credit as an invoice carries them (docs/product/billing.md "Payments",
 * "Credits"): the schemas the invoices' and the payments' answers share, and a credit's id in the
 * path.
 */
import { z } from "~/contracts/zod";
import { CREDIT_REASONS, CREDIT_STATUSES, PAYMENT_METHODS, PAYMENT_SOURCES } from "~/contracts/billing-terms";

const PAYMENT_EXAMPLE = {
  id: 9,
  invoice_id: 31,
  amount_cents: 13_750,
  paid_on: "2026-12-03",
  method: "check",
  source: "manual",
  note: "Check #1042",
  stripe_event_id: null,
  created_at: "2026-12-03T16:20:00.000Z",
} as const;

export const PaymentSchema = z
  .object({
    id: z.number().int().meta({ example: 9 }),
    invoice_id: z.number().int().meta({ example: 31 }),
    amount_cents: z.number().int().meta({ example: 13_750 }),
    paid_on: z.string().meta({ format: "date", example: "2026-12-03" }),
    method: z.enum(PAYMENT_METHODS).meta({ example: "check" }),
    source: z.enum(PAYMENT_SOURCES).meta({
      example: "manual",
      description:
        "manual: recorded by the owner; stripe: from Stripe's signed webhook; credit: a credit of the same client applied by the owner",
    }),
    note: z.string().nullable().meta({ example: "Check #1042" }),
    stripe_event_id: z.string().nullable().meta({ example: null }),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Payment", example: PAYMENT_EXAMPLE });

export type Payment = z.infer<typeof PaymentSchema>;

const CREDIT_EXAMPLE = {
  id: 4,
  invoice_id: 31,
  invoice_number: "INV-2026-0031",
  amount_cents: 20_000,
  reason: "overpaid",
  status: "open",
  received_on: "2026-12-04",
  note: "Stripe Checkout cs_test_a1b2c3: $500.00 paid, $300.00 was due",
  resolution_note: null,
  applied_invoice_id: null,
  applied_invoice_number: null,
  applied_payment_id: null,
  resolved_at: null,
  stripe_event_id: "evt_test_a1b2c3",
  created_at: "2026-12-04T15:02:00.000Z",
} as const;

/**
 * Money received that its invoice could not take (docs/product/billing.md "Credits"): open until
 * the owner refunds it (with a note) or applies it to another open invoice of the same client.
 */
export const CreditSchema = z
  .object({
    id: z.number().int().meta({ example: 4 }),
    invoice_id: z.number().int().meta({ example: 31, description: "The invoice the money was paid against" }),
    invoice_number: z.string().meta({ example: "INV-2026-0031" }),
    amount_cents: z.number().int().meta({ example: 20_000 }),
    reason: z.enum(CREDIT_REASONS).meta({
      example: "overpaid",
      description:
        "overpaid: more than was due; already_paid: the invoice was paid meanwhile; void: the invoice was voided",
    }),
    status: z.enum(CREDIT_STATUSES).meta({ example: "open", description: "open until refunded or applied" }),
    received_on: z.string().meta({ format: "date", example: "2026-12-04" }),
    note: z.string().nullable().meta({ description: "How it came (the Checkout session, what was due)" }),
    resolution_note: z.string().nullable().meta({ description: "Refunded: the owner's note; applied: where it went" }),
    applied_invoice_id: z.number().int().nullable(),
    applied_invoice_number: z.string().nullable().meta({ example: null }),
    applied_payment_id: z.number().int().nullable(),
    resolved_at: z.string().nullable().meta({ format: "date-time" }),
    stripe_event_id: z.string().nullable().meta({ example: "evt_test_a1b2c3" }),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Credit", example: CREDIT_EXAMPLE });

export type Credit = z.infer<typeof CreditSchema>;

export const CreditIdParam = z.object({
  creditId: z.coerce
    .number()
    .int()
    .positive()
    .meta({ param: { name: "creditId", in: "path" }, type: "integer", example: 4 }),
});

import { z } from "~/contracts/zod";
import { INVOICE_STATUSES, MAX_TERMS_LENGTH, QUOTE_STATUSES } from "~/contracts/billing-terms";
import { CarePlanDueSoonSchema } from "./care-plans";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { FOLLOW_UP_MAX_DAYS, FOLLOW_UP_MIN_DAYS } from "./quote-follow-ups";
import { InvoiceSchema } from "./invoices";
import { QuoteSchema } from "./quotes";

/**
 * What billing shares across quotes and invoices (docs/product/billing.md): the owner's money
 * figures for the dashboard, the billing settings, and the client's Billing section of a project.
 */

export const BillingSummarySchema = z
  .object({
    outstanding_cents: z
      .number()
      .int()
      .meta({ example: 41_250, description: "Still due on sent, partially paid and overdue invoices" }),
    outstanding_count: z.number().int().meta({ example: 3 }),
    overdue_cents: z.number().int().meta({ example: 13_750 }),
    overdue_count: z.number().int().meta({ example: 1 }),
    paid_this_month_cents: z
      .number()
      .int()
      .meta({ example: 65_000, description: "Payments dated this month (business time zone)" }),
    paid_this_year_cents: z.number().int().meta({ example: 1_254_000 }),
    credit_due_cents: z.number().int().meta({
      example: 20_000,
      description: "Money received that its invoice could not take, still to refund or apply (open credits)",
    }),
    credit_due_count: z.number().int().meta({ example: 1 }),
    credit_invoice_id: z
      .number()
      .int()
      .nullable()
      .meta({ example: 31, description: "The invoice of the oldest open credit, where the owner acts on it" }),
    // Care plans (docs/product/billing.md "Care plans", app/contracts/care-plans.ts).
    recurring_monthly_cents: z.number().int().meta({
      example: 15_000,
      description:
        "The active care plans as a month's revenue: monthly × 1, quarterly ÷ 3, yearly ÷ 12, summed exactly and rounded once, half up",
    }),
    active_care_plans: z.number().int().meta({ example: 3 }),
    care_plans_due_soon: z
      .array(CarePlanDueSoonSchema)
      .meta({ description: "Active plans whose next period is due within 14 days, soonest first" }),
  })
  .meta({
    id: "BillingSummary",
    example: {
      outstanding_cents: 41_250,
      outstanding_count: 3,
      overdue_cents: 13_750,
      overdue_count: 1,
      paid_this_month_cents: 65_000,
      paid_this_year_cents: 1_254_000,
      credit_due_cents: 20_000,
      credit_due_count: 1,
      credit_invoice_id: 31,
      recurring_monthly_cents: 15_000,
      active_care_plans: 3,
      care_plans_due_soon: [],
    },
  });

export type BillingSummary = z.infer<typeof BillingSummarySchema>;

const SETTINGS_EXAMPLE = {
  terms_template:
    "A 50% deposit starts the work; the balance is due when the site goes live. The quote covers the lines above; anything more is quoted first.",
  deposit_percent: 50,
  quote_valid_days: 30,
  invoice_due_days: 14,
  advance_project_on_deposit: true,
  invoice_on_acceptance: true,
  follow_up_not_opened: true,
  follow_up_not_opened_days: 3,
  follow_up_expiring: true,
  follow_up_expiring_days: 3,
} as const;

export const BillingSettingsSchema = z
  .object({
    terms_template: z.string().meta({ description: "The terms a new quote starts with" }),
    deposit_percent: z.number().int().meta({ example: 50 }),
    quote_valid_days: z.number().int().meta({ example: 30 }),
    invoice_due_days: z.number().int().meta({ example: 14 }),
    advance_project_on_deposit: z.boolean().meta({
      description: "When a deposit of a submitted or planning project is paid, move the project to its next status",
    }),
    invoice_on_acceptance: z.boolean().meta({
      description:
        "When a client accepts a quote, create and send its deposit invoice at once, with the signed copy (and, with a payment schedule, every payment due at acceptance)",
    }),
    // Quote follow-ups (docs/product/billing.md "Follow-ups", app/contracts/quote-follow-ups.ts).
    follow_up_not_opened: z.boolean().meta({ description: "Nudge a client who has not opened a sent quote" }),
    follow_up_not_opened_days: z.number().int().meta({ example: 3, description: "Days after sending" }),
    follow_up_expiring: z
      .boolean()
      .meta({ description: "Remind a client who opened a quote and has not decided, before it expires" }),
    follow_up_expiring_days: z.number().int().meta({ example: 3, description: "Days before the valid-until day" }),
  })
  .meta({ id: "BillingSettings", example: SETTINGS_EXAMPLE });

export type BillingSettings = z.infer<typeof BillingSettingsSchema>;

export const BillingSettingsAnswerSchema = z
  .object({ settings: BillingSettingsSchema })
  .meta({ id: "BillingSettingsAnswer", example: { settings: SETTINGS_EXAMPLE } });

const wholeIn = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number from ${min} to ${max}` })
    .int({ error: `${what} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${what} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${what} must be a whole number from ${min} to ${max}` });

export const BillingSettingsChangeSchema = z
  .object({
    terms_template: z
      .string()
      .max(MAX_TERMS_LENGTH, { error: `The terms must be at most ${MAX_TERMS_LENGTH} characters` })
      .optional()
      .meta({ example: SETTINGS_EXAMPLE.terms_template }),
    deposit_percent: wholeIn("The deposit", 0, 100).optional().meta({ example: 50 }),
    quote_valid_days: wholeIn("Valid for", 1, 365).optional().meta({ example: 30 }),
    invoice_due_days: wholeIn("Due in", 0, 365).optional().meta({ example: 14 }),
    advance_project_on_deposit: z.boolean().optional().meta({ example: true }),
    invoice_on_acceptance: z
      .boolean({ error: "Invoicing at signing is on (true) or off (false)" })
      .optional()
      .meta({ example: true }),
    follow_up_not_opened: z
      .boolean({ error: "The not-opened follow-up is on (true) or off (false)" })
      .optional()
      .meta({ example: true }),
    follow_up_not_opened_days: wholeIn("The not-opened follow-up's days", FOLLOW_UP_MIN_DAYS, FOLLOW_UP_MAX_DAYS)
      .optional()
      .meta({ example: 3 }),
    follow_up_expiring: z
      .boolean({ error: "The expiring follow-up is on (true) or off (false)" })
      .optional()
      .meta({ example: true }),
    follow_up_expiring_days: wholeIn("The expiring follow-up's days", FOLLOW_UP_MIN_DAYS, FOLLOW_UP_MAX_DAYS)
      .optional()
      .meta({ example: 3 }),
  })
  // A save names what it changes: an empty body is a mistake, not a save of nothing.
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: "Send at least one setting to change",
  })
  .meta({ id: "BillingSettingsChange", example: { advance_project_on_deposit: false } });

export type BillingSettingsChange = z.input<typeof BillingSettingsChangeSchema>;

/** How to pay without a card (from the site config), shown when Stripe is not set up. */
export const HowToPaySchema = z
  .object({
    payee: z.string().meta({ example: "Tyler Brennan" }),
    address: z.array(z.string()).meta({ example: ["Websites by Tyler", "PO Box 2718", "Providence, RI 02906"] }),
    instructions: z
      .string()
      .meta({ example: "Mail a check payable to Tyler Brennan, or ask for bank details by e-mail." }),
  })
  .meta({ id: "HowToPay" });

/** A quote as the client sees it, with the hash its acceptance must name. */
export const ClientQuoteSchema = QuoteSchema.extend({
  content_hash: z.string().meta({ description: "The hash of this quote's content, sent back with the acceptance" }),
  can_accept: z.boolean().meta({ description: "Sent or viewed, not expired and not replaced" }),
}).meta({ id: "ClientQuote" });

export const ClientBillingAnswerSchema = z
  .object({
    project_id: z.string().meta({ example: "WBT-2026-7KQ4MZ" }),
    quotes: z.array(ClientQuoteSchema).meta({ description: "Sent quotes, newest first (drafts are the owner's)" }),
    invoices: z.array(InvoiceSchema).meta({ description: "Sent invoices, newest first (drafts are the owner's)" }),
    card_payments: z.boolean().meta({ description: "Pay Now is offered (Stripe is set up)" }),
    how_to_pay: HowToPaySchema,
    contact_email: z
      .string()
      .meta({ example: "hello@websitesbytyler.com", description: "Whom to ask about a quote or an invoice" }),
  })
  .meta({
    id: "ClientBilling",
    example: {
      project_id: "WBT-2026-7KQ4MZ",
      quotes: [],
      invoices: [],
      card_payments: false,
      how_to_pay: {
        payee: "Tyler Brennan",
        address: ["Websites by Tyler", "PO Box 2718", "Providence, RI 02906"],
        instructions: "Mail a check payable to Tyler Brennan, or ask for bank details by e-mail.",
      },
      contact_email: "hello@websitesbytyler.com",
    },
  });

export type ClientBilling = z.infer<typeof ClientBillingAnswerSchema>;

/** A project's billing state in one line, for the projects list. */
export const ProjectBillingStateSchema = z
  .object({
    quote_status: z.enum(QUOTE_STATUSES).nullable().meta({ description: "The latest quote's status" }),
    invoice_status: z.enum(INVOICE_STATUSES).nullable().meta({ description: "The latest invoice's status" }),
    due_cents: z.number().int().meta({ description: "Still due on its open invoices" }),
  })
  .meta({
    id: "ProjectBillingState",
    example: { quote_status: "accepted", invoice_status: "sent", due_cents: 13_750 },
  });

export const billingEndpoints = {
  summary: endpoint({
    method: "get",
    path: "/api/admin/billing/summary",
    access: "admin",
    answer: BillingSummarySchema,
  }),
  settings: endpoint({
    method: "get",
    path: "/api/admin/billing/settings",
    access: "admin",
    answer: BillingSettingsAnswerSchema,
  }),
  updateSettings: endpoint({
    method: "put",
    path: "/api/admin/billing/settings",
    access: "admin",
    body: BillingSettingsChangeSchema,
    answer: BillingSettingsAnswerSchema,
  }),
  /** The client's Billing section: sent quotes and invoices of a project the portal session opens (marks sent quotes viewed). */
  client: endpoint({
    method: "get",
    path: "/api/client-portal/projects/{id}/billing",
    access: "portal",
    params: ProjectIdParam,
    answer: ClientBillingAnswerSchema,
  }),
};

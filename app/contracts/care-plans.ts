/**
 * Care plans (docs/product/billing.md "Care plans"; decision 063): hosting and support billed every
 * month, quarter or year. The owner starts a plan from a project and pauses, resumes or ends it;
 * each period's invoice is written and sent by itself a few days before it is due; the client sees
 * the plan and its invoices in the portal's Billing section. The calendar and the monthly figure are
 * in care-plan-terms.ts.
 */
import { z } from "~/contracts/zod";
import { billingDay, centsField } from "./billing-fields";
import { INVOICE_STATUSES } from "./billing-terms";
import {
  CARE_PLAN_INTERVALS,
  CARE_PLAN_STATUSES,
  DEFAULT_LEAD_DAYS,
  MAX_LEAD_DAYS,
  MAX_PLAN_NAME,
} from "./care-plan-terms";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";

const INTERVAL_WORDS = "The interval is monthly, quarterly or yearly";

export const CarePlanInputSchema = z
  .object({
    name: z
      .string({ error: "Name the plan, such as Hosting & support" })
      .trim()
      .min(1, { error: "Name the plan, such as Hosting & support" })
      .max(MAX_PLAN_NAME, { error: `A plan's name must be at most ${MAX_PLAN_NAME} characters` })
      .meta({ example: "Hosting & support" }),
    amount_cents: centsField("The amount")
      .refine((cents) => cents > 0, { error: "The amount must be more than $0.00" })
      .meta({ example: 5_000, description: "Cents each period: 5000 is $50.00" }),
    interval: z.enum(CARE_PLAN_INTERVALS, { error: INTERVAL_WORDS }).meta({ example: "monthly" }),
    first_due_date: billingDay.meta({
      example: "2027-01-31",
      description:
        "The first period's due date; later ones fall on the same day of the month (or the month's last day)",
    }),
    end_date: billingDay
      .nullable()
      .optional()
      .transform((v) => v ?? null)
      .meta({ example: null, description: "No period falls due after this day; null: until ended" }),
    lead_days: z
      .number({ error: `The days before each due date must be a whole number from 0 to ${MAX_LEAD_DAYS}` })
      .int({ error: `The days before each due date must be a whole number from 0 to ${MAX_LEAD_DAYS}` })
      .min(0, { error: `The days before each due date must be a whole number from 0 to ${MAX_LEAD_DAYS}` })
      .max(MAX_LEAD_DAYS, { error: `The days before each due date must be a whole number from 0 to ${MAX_LEAD_DAYS}` })
      .default(DEFAULT_LEAD_DAYS)
      .meta({
        example: DEFAULT_LEAD_DAYS,
        description: "Each period's invoice is written and sent this many days before it is due",
      }),
  })
  .superRefine((plan, ctx) => {
    if (plan.end_date !== null && plan.end_date < plan.first_due_date)
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: "The end date cannot be before the first due date",
        input: plan.end_date,
      });
  })
  .meta({
    id: "CarePlanInput",
    example: {
      name: "Hosting & support",
      amount_cents: 5_000,
      interval: "monthly",
      first_due_date: "2027-01-31",
      end_date: null,
      lead_days: 7,
    },
  });

export type CarePlanInput = z.input<typeof CarePlanInputSchema>;

/** Automatic payment (decision 062): the card saved at Stripe, charged on each due date. */
export const AutopaySchema = z
  .object({
    card: z
      .string()
      .nullable()
      .meta({ example: "Visa ending 4242", description: "As Stripe describes it; null until it says" }),
    since: z.string().meta({ format: "date-time", example: "2026-12-07T15:00:00.000Z" }),
  })
  .meta({ id: "CarePlanAutopay", description: "null: each invoice is paid by hand (Pay Now, or how to pay)" });

export const CHARGE_STATES = ["scheduled", "processing", "succeeded", "failed"] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];

/** An invoice's automatic payment: to come on its due date, asked of Stripe, paid, or failed (in Stripe's words). */
export const ChargeSchema = z
  .object({
    state: z.enum(CHARGE_STATES).meta({ example: "failed" }),
    failure: z.string().nullable().meta({ example: "Your card has insufficient funds." }),
  })
  .meta({ id: "CarePlanCharge" });

export const CarePlanPeriodSchema = z
  .object({
    number: z.number().int().meta({ example: 1, description: "0 is the first due date" }),
    due_date: z.string().meta({ format: "date", example: "2027-02-28" }),
    state: z.enum(["invoiced", "skipped"]).meta({ description: "skipped: it fell due while the plan was paused" }),
    invoice_id: z.number().int().nullable().meta({ example: 318 }),
    invoice_number: z.string().nullable().meta({ example: "INV-2027-0014" }),
    invoice_status: z.enum(INVOICE_STATUSES).nullable().meta({ example: "sent" }),
    charge: ChargeSchema.nullable().meta({ description: "Its automatic payment; null when paid by hand" }),
  })
  .meta({ id: "CarePlanPeriod" });

const PLAN_EXAMPLE = {
  id: 12,
  project_id: "WBT-2026-7KQ4MZ",
  project_name: "Harbor Bakery Website",
  name: "Hosting & support",
  amount_cents: 5_000,
  interval: "monthly",
  first_due_date: "2027-01-31",
  end_date: null,
  lead_days: 7,
  status: "active",
  next_due_date: "2027-03-31",
  next_invoice_date: "2027-03-24",
  monthly_cents: 5_000,
  time_zone: "America/New_York",
  paused_at: null,
  ended_at: null,
  created_at: "2026-12-07T15:00:00.000Z",
  autopay: null,
  periods: [],
} as const;

export const CarePlanSchema = z
  .object({
    id: z.number().int(),
    project_id: z.string(),
    project_name: z.string(),
    name: z.string(),
    amount_cents: z.number().int(),
    interval: z.enum(CARE_PLAN_INTERVALS),
    first_due_date: z.string().meta({ format: "date" }),
    end_date: z.string().nullable().meta({ format: "date" }),
    lead_days: z.number().int(),
    status: z.enum(CARE_PLAN_STATUSES),
    next_due_date: z.string().nullable().meta({
      format: "date",
      description: "The next period not yet invoiced (a paused plan's, once resumed); null when none is left",
    }),
    next_invoice_date: z
      .string()
      .nullable()
      .meta({ format: "date", description: "The day its invoice is written and sent (the business's time zone)" }),
    monthly_cents: z
      .number()
      .int()
      .meta({ description: "The amount as a month's share (quarterly ÷ 3, yearly ÷ 12, half up)" }),
    time_zone: z.string().meta({ description: "The business's time zone, in which the days turn" }),
    paused_at: z.string().nullable().meta({ format: "date-time" }),
    ended_at: z.string().nullable().meta({ format: "date-time" }),
    created_at: z.string().meta({ format: "date-time" }),
    autopay: AutopaySchema.nullable(),
    periods: z.array(CarePlanPeriodSchema).meta({ description: "The periods invoiced or skipped, newest first" }),
  })
  .meta({ id: "CarePlan", example: PLAN_EXAMPLE });

export type CarePlan = z.infer<typeof CarePlanSchema>;

export const CarePlanAnswerSchema = z
  .object({ plan: CarePlanSchema })
  .meta({ id: "CarePlanAnswer", example: { plan: PLAN_EXAMPLE } });

export const CarePlansAnswerSchema = z
  .object({ plans: z.array(CarePlanSchema) })
  .meta({ id: "CarePlansAnswer", example: { plans: [PLAN_EXAMPLE] } });

/** A plan as the client sees it: what it costs, when it is next due, and its invoices. */
export const ClientCarePlanSchema = z
  .object({
    id: z.number().int().meta({ example: 12 }),
    name: z.string().meta({ example: "Hosting & support" }),
    amount_cents: z.number().int().meta({ example: 5_000 }),
    interval: z.enum(CARE_PLAN_INTERVALS).meta({ example: "monthly" }),
    status: z.enum(CARE_PLAN_STATUSES).meta({ example: "active" }),
    next_due_date: z.string().nullable().meta({ format: "date", example: "2027-03-31" }),
    end_date: z.string().nullable().meta({ format: "date", example: null }),
    time_zone: z.string().meta({ example: "America/New_York" }),
    autopay: AutopaySchema.nullable(),
    invoices: z
      .array(
        z.object({
          id: z.number().int().meta({ example: 318 }),
          number: z.string().meta({ example: "INV-2027-0014" }),
          due_date: z.string().meta({ format: "date", example: "2027-02-28" }),
          status: z.enum(INVOICE_STATUSES).meta({ example: "sent" }),
          charge: ChargeSchema.nullable(),
        }),
      )
      .meta({
        description: "Its sent invoices, newest first (each is also in the Billing section's invoices, with Pay Now)",
      }),
  })
  .meta({ id: "ClientCarePlan" });

export type ClientCarePlan = z.infer<typeof ClientCarePlanSchema>;

export const ClientCarePlanAnswerSchema = z.object({ plan: ClientCarePlanSchema }).meta({ id: "ClientCarePlanAnswer" });

/** "Pay automatically": Stripe Checkout's page that saves the card (and pays the plan's open invoice, if any). */
export const AutopayCheckoutSchema = z
  .object({
    url: z.string().meta({ example: "https://checkout.stripe.com/c/pay/cs_test_a1b2c3" }),
    session_id: z.string().meta({ example: "cs_test_a1b2c3" }),
    expires_at: z.string().meta({ format: "date-time", example: "2026-12-07T16:00:00.000Z" }),
    amount_cents: z.number().int().meta({
      example: 5_000,
      description: "What the session pays now: the open invoice's amount due, or 0 (card only)",
    }),
    invoice_id: z.number().int().nullable().meta({ example: 318, description: "The invoice it pays, if any" }),
  })
  .meta({ id: "AutopayCheckout" });

export type AutopayCheckout = z.infer<typeof AutopayCheckoutSchema>;

export const ClientCarePlansAnswerSchema = z
  .object({ plans: z.array(ClientCarePlanSchema) })
  .meta({ id: "ClientCarePlansAnswer", example: { plans: [] } });

/** A plan on the dashboard's "Due soon". */
export const CarePlanDueSoonSchema = z
  .object({
    id: z.number().int().meta({ example: 12 }),
    project_id: z.string().meta({ example: "WBT-2026-7KQ4MZ" }),
    project_name: z.string().meta({ example: "Harbor Bakery Website" }),
    name: z.string().meta({ example: "Hosting & support" }),
    amount_cents: z.number().int().meta({ example: 5_000 }),
    interval: z.enum(CARE_PLAN_INTERVALS).meta({ example: "monthly" }),
    next_due_date: z.string().meta({ format: "date", example: "2027-03-31" }),
  })
  .meta({ id: "CarePlanDueSoon" });

export const carePlansEndpoints = {
  list: endpoint({
    method: "get",
    path: "/api/admin/projects/{id}/care-plans",
    access: "admin",
    params: ProjectIdParam,
    answer: CarePlansAnswerSchema,
  }),
  create: endpoint({
    method: "post",
    path: "/api/admin/projects/{id}/care-plans",
    access: "admin",
    params: ProjectIdParam,
    body: CarePlanInputSchema,
    answer: CarePlanAnswerSchema,
    status: 201,
  }),
  /** A paused plan writes no invoice; the periods that fall due meanwhile are skipped, not billed later. */
  pause: endpoint({
    method: "post",
    path: "/api/admin/care-plans/{id}/pause",
    access: "admin",
    params: IdParam,
    answer: CarePlanAnswerSchema,
  }),
  /** Goes on from the next period not yet due. */
  resume: endpoint({
    method: "post",
    path: "/api/admin/care-plans/{id}/resume",
    access: "admin",
    params: IdParam,
    answer: CarePlanAnswerSchema,
  }),
  /** No further period; the invoices already written stay. */
  end: endpoint({
    method: "post",
    path: "/api/admin/care-plans/{id}/end",
    access: "admin",
    params: IdParam,
    answer: CarePlanAnswerSchema,
  }),
  /** Turns automatic payment off: no later invoice is charged. */
  stopAutopay: endpoint({
    method: "delete",
    path: "/api/admin/care-plans/{id}/autopay",
    access: "admin",
    params: IdParam,
    answer: CarePlanAnswerSchema,
  }),
  /** The client's Checkout that saves their card for the plan (with Stripe set up). */
  clientStartAutopay: endpoint({
    method: "post",
    path: "/api/client-portal/care-plans/{id}/autopay",
    access: "portal",
    params: IdParam,
    answer: AutopayCheckoutSchema,
  }),
  clientStopAutopay: endpoint({
    method: "delete",
    path: "/api/client-portal/care-plans/{id}/autopay",
    access: "portal",
    params: IdParam,
    answer: ClientCarePlanAnswerSchema,
  }),
  /** The client's plans of a project the portal session opens. */
  client: endpoint({
    method: "get",
    path: "/api/client-portal/projects/{id}/care-plans",
    access: "portal",
    params: ProjectIdParam,
    answer: ClientCarePlansAnswerSchema,
  }),
};

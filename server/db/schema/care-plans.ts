import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CarePlanInterval, CarePlanStatus } from "~/contracts/care-plan-terms";
import { invoices } from "./billing";
import { projects } from "./crm";

/**
 * Care plans (docs/product/billing.md "Care plans"; decision 063): a project's hosting and support
 * billed every month, quarter or year. A row of care_plan_periods is the mark that a period was
 * invoiced (or skipped while the plan was paused): written in the transaction that inserts its
 * invoice, its keys (plan, period number) and (plan, due date) let it be billed once whatever the
 * restarts or processes.
 */
export const carePlans = pgTable(
  "care_plans",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    amountCents: integer("amount_cents").notNull(),
    interval: text("interval").$type<CarePlanInterval>().notNull(),
    /** Period 0's due date; period n is due n intervals later, counted from this day. */
    firstDueDate: date("first_due_date").notNull(),
    /** No period falls due after this day. */
    endDate: date("end_date"),
    /** Each period's invoice is written and sent this many days before it is due. */
    leadDays: smallint("lead_days").notNull().default(7),
    status: text("status").$type<CarePlanStatus>().notNull().default("active"),
    /**
     * Automatic payment (decision 062): the Stripe customer made for the plan, and the card the
     * client saved through Checkout (read from the signed webhook), charged off-session on each
     * due date. Null payment method: each invoice is paid by hand.
     */
    stripeCustomerId: text("stripe_customer_id"),
    autopayPaymentMethod: text("autopay_payment_method"),
    /** "Visa ending 4242", when Stripe said. */
    autopayCard: text("autopay_card"),
    autopaySince: timestamp("autopay_since", { withTimezone: true }),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("care_plans_project_idx").on(t.projectId, t.createdAt),
    index("care_plans_status_idx").on(t.status),
    check("care_plans_interval_check", sql`${t.interval} in ('monthly', 'quarterly', 'yearly')`),
    check("care_plans_status_check", sql`${t.status} in ('active', 'paused', 'ended')`),
    check("care_plans_amount_check", sql`${t.amountCents} > 0`),
    check("care_plans_lead_days_check", sql`${t.leadDays} between 0 and 60`),
    check("care_plans_end_check", sql`${t.endDate} is null or ${t.endDate} >= ${t.firstDueDate}`),
  ],
);

export const carePlanPeriods = pgTable(
  "care_plan_periods",
  {
    planId: bigint("plan_id", { mode: "number" })
      .notNull()
      .references(() => carePlans.id, { onDelete: "cascade" }),
    /** 0 is the first due date. */
    number: integer("number").notNull(),
    dueDate: date("due_date").notNull(),
    /** Null: skipped (it fell due while the plan was paused). */
    invoiceId: bigint("invoice_id", { mode: "number" }).references(() => invoices.id, { onDelete: "set null" }),
    state: text("state").$type<"invoiced" | "skipped">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("care_plan_periods_plan_number_key").on(t.planId, t.number),
    uniqueIndex("care_plan_periods_plan_due_key").on(t.planId, t.dueDate),
    uniqueIndex("care_plan_periods_invoice_key").on(t.invoiceId),
    check("care_plan_periods_state_check", sql`${t.state} in ('invoiced', 'skipped')`),
  ],
);

export type CarePlanChargeStatus = "requested" | "processing" | "succeeded" | "failed";

/**
 * An off-session charge of a plan's invoice on its due date (decision 062): one per invoice
 * (written before Stripe is asked, its id the request's idempotency key), its outcome only from the
 * signed payment_intent.succeeded / payment_failed webhook.
 */
export const carePlanCharges = pgTable(
  "care_plan_charges",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    planId: bigint("plan_id", { mode: "number" })
      .notNull()
      .references(() => carePlans.id, { onDelete: "cascade" }),
    invoiceId: bigint("invoice_id", { mode: "number" })
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    paymentIntentId: text("payment_intent_id"),
    status: text("status").$type<CarePlanChargeStatus>().notNull().default("requested"),
    /** Why it failed, in Stripe's words (or why Stripe could not be asked). */
    failure: text("failure"),
    stripeEventId: text("stripe_event_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("care_plan_charges_invoice_key").on(t.invoiceId),
    uniqueIndex("care_plan_charges_intent_key").on(t.paymentIntentId),
    index("care_plan_charges_plan_idx").on(t.planId, t.createdAt),
    check("care_plan_charges_status_check", sql`${t.status} in ('requested', 'processing', 'succeeded', 'failed')`),
    check("care_plan_charges_amount_check", sql`${t.amountCents} > 0`),
  ],
);

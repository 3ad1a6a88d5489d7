import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  smallint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  CreditReason,
  CreditStatus,
  InvoiceKind,
  PaymentMethod,
  PaymentSource,
  QuoteStatus,
} from "~/contracts/billing-terms";
import type { DiscountType } from "~/contracts/billing-money";
import type { ScheduleEntryValues } from "~/contracts/payment-schedule";
import { projects } from "./crm";
import { media } from "./media";

/**
 * Quotes, invoices and payments (docs/product/billing.md; docs/decisions/042-quotes-invoices-payments.md).
 * Money is integer cents (USD). A sent quote's content and a paid or void invoice never change:
 * the services refuse it, and triggers (migration 0018) refuse it from any writer. Billing records
 * are business records kept seven years: deleting a project (its retention) keeps them, with the
 * project's ID and name copied (project_ref, project_name) and project_id set null.
 */

/** A line as stored: what the owner typed and its total, computed by the server. */
export interface StoredLine {
  description: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  preset: string | null;
}

/** Invoice statuses as stored: overdue is read from the due date (docs/product/billing.md "Invoices"). */
export type StoredInvoiceStatus = "draft" | "sent" | "partially_paid" | "paid" | "void";

/** The last number given per year and kind: allocated in the transaction that writes the record. */
export const billingNumberCounters = pgTable(
  "billing_number_counters",
  {
    year: integer("year").notNull(),
    kind: text("kind").$type<"quote" | "invoice">().notNull(),
    last: integer("last").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.kind] }),
    check("billing_number_counters_kind_check", sql`${t.kind} in ('quote', 'invoice')`),
  ],
);

export const quotes = pgTable(
  "quotes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Q-yyyy-nnnn; a revision keeps its quote's number with the next revision. */
    number: text("number").notNull(),
    revision: integer("revision").notNull().default(1),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** The project's ID and name, kept when the project itself is deleted. */
    projectRef: text("project_ref").notNull(),
    projectName: text("project_name").notNull(),
    status: text("status").$type<QuoteStatus>().notNull().default("draft"),
    replacesId: bigint("replaces_id", { mode: "number" }).references((): AnyPgColumn => quotes.id),
    replacedById: bigint("replaced_by_id", { mode: "number" }).references((): AnyPgColumn => quotes.id),
    lines: jsonb("lines").$type<StoredLine[]>().notNull(),
    discountType: text("discount_type").$type<DiscountType>().notNull().default("none"),
    /** Percent: basis points; amount: cents. */
    discountValue: integer("discount_value").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    depositPercent: integer("deposit_percent").notNull(),
    depositCents: integer("deposit_cents").notNull(),
    terms: text("terms").notNull(),
    notes: text("notes"),
    validUntil: date("valid_until").notNull(),
    /** The payment schedule (docs/product/billing.md "Payment schedules"): content, frozen once sent; null: the deposit alone. */
    schedule: jsonb("schedule").$type<ScheduleEntryValues[]>(),
    /** Scheduled invoices are sent by themselves (else drafts and a notice): the owner's switch, at any status. */
    autoInvoice: boolean("auto_invoice").notNull().default(true),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    // The client's acceptance (docs/product/billing.md "The client decides").
    acceptedName: text("accepted_name"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedIp: text("accepted_ip"),
    acceptedUserAgent: text("accepted_user_agent"),
    acceptedContentHash: text("accepted_content_hash"),
    /** The accepted quote's PDF, a private file of the project (media.key). */
    acceptedPdfKey: text("accepted_pdf_key").references(() => media.key, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quotes_number_revision_key").on(t.number, t.revision),
    // A decided quote is final: one acceptance per revision family (the revisions share a number).
    uniqueIndex("quotes_one_accepted_per_number")
      .on(t.number)
      .where(sql`${t.status} = 'accepted'`),
    index("quotes_project_idx").on(t.projectId, t.createdAt),
    check("quotes_status_check", sql`${t.status} in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired')`),
    check("quotes_discount_type_check", sql`${t.discountType} in ('none', 'percent', 'amount')`),
    check(
      "quotes_money_check",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} and ${t.depositCents} between 0 and ${t.totalCents}`,
    ),
    check("quotes_deposit_percent_check", sql`${t.depositPercent} between 0 and 100`),
    check("quotes_revision_check", sql`${t.revision} >= 1`),
  ],
);

/**
 * A draft revision discarded when its quote was accepted (docs/product/billing.md "Quotes"): an
 * accepted quote is final, so the draft of its next revision is deleted in the acceptance's
 * transaction. Its id is kept here so that the owner's later send or edit of it is answered with
 * why (409), not with "not found".
 */
export const discardedQuoteRevisions = pgTable("discarded_quote_revisions", {
  /** The discarded draft's id (its row is gone). */
  quoteId: bigint("quote_id", { mode: "number" }).primaryKey(),
  number: text("number").notNull(),
  revision: integer("revision").notNull(),
  acceptedQuoteId: bigint("accepted_quote_id", { mode: "number" })
    .notNull()
    .references(() => quotes.id),
  discardedAt: timestamp("discarded_at", { withTimezone: true }).notNull().defaultNow(),
});

export const invoices = pgTable(
  "invoices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** INV-yyyy-nnnn: the year's sequence, without gaps (a void invoice keeps its number). */
    number: text("number").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    projectRef: text("project_ref").notNull(),
    projectName: text("project_name").notNull(),
    /** The project's primary contact when the invoice was written. */
    clientName: text("client_name"),
    clientEmail: text("client_email"),
    quoteId: bigint("quote_id", { mode: "number" }).references(() => quotes.id),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    /** The payment of its quote's schedule it bills (0: the deposit): one live invoice per payment. */
    scheduleIndex: smallint("schedule_index"),
    status: text("status").$type<StoredInvoiceStatus>().notNull().default("draft"),
    lines: jsonb("lines").$type<StoredLine[]>().notNull(),
    discountType: text("discount_type").$type<DiscountType>().notNull().default("none"),
    discountValue: integer("discount_value").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The sum of its payments, written with each payment. */
    amountPaidCents: integer("amount_paid_cents").notNull().default(0),
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date").notNull(),
    notes: text("notes"),
    remindersEnabled: boolean("reminders_enabled").notNull().default(true),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
    /**
     * The one open Stripe Checkout session of the invoice (docs/product/billing.md "Payments"): a
     * second Pay Now reuses it while it is open and for the same amount; it is expired at Stripe when
     * a payment is recorded, the invoice is voided or its amount due changes.
     */
    checkoutSessionId: text("checkout_session_id"),
    checkoutUrl: text("checkout_url"),
    checkoutAmountCents: integer("checkout_amount_cents"),
    checkoutExpiresAt: timestamp("checkout_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    uniqueIndex("invoices_year_sequence_key").on(t.year, t.sequence),
    index("invoices_project_idx").on(t.projectId, t.createdAt),
    index("invoices_quote_idx").on(t.quoteId),
    uniqueIndex("invoices_one_per_scheduled_payment")
      .on(t.quoteId, t.scheduleIndex)
      .where(sql`${t.scheduleIndex} is not null and ${t.status} <> 'void'`),
    index("invoices_status_due_idx").on(t.status, t.dueDate),
    index("invoices_issue_idx").on(t.issueDate, t.id),
    // The Invoices screen's orders (newest, oldest, due, amount; number has its unique key), and
    // its search over number, project and client: ILIKE '%text%' through pg_trgm (decision 049).
    index("invoices_created_idx").on(t.createdAt, t.id),
    index("invoices_due_idx").on(t.dueDate, t.id),
    index("invoices_amount_idx").on(t.totalCents, t.id),
    index("invoices_search_trgm_idx").using(
      "gin",
      t.number.op("gin_trgm_ops"),
      t.projectRef.op("gin_trgm_ops"),
      t.projectName.op("gin_trgm_ops"),
      t.clientName.op("gin_trgm_ops"),
      t.clientEmail.op("gin_trgm_ops"),
    ),
    check("invoices_status_check", sql`${t.status} in ('draft', 'sent', 'partially_paid', 'paid', 'void')`),
    check("invoices_kind_check", sql`${t.kind} in ('deposit', 'installment', 'balance', 'manual', 'recurring')`),
    check("invoices_discount_type_check", sql`${t.discountType} in ('none', 'percent', 'amount')`),
    check(
      "invoices_money_check",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} and ${t.amountPaidCents} between 0 and ${t.totalCents}`,
    ),
  ],
);

export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    invoiceId: bigint("invoice_id", { mode: "number" })
      .notNull()
      .references(() => invoices.id),
    amountCents: integer("amount_cents").notNull(),
    paidOn: date("paid_on").notNull(),
    method: text("method").$type<PaymentMethod>().notNull(),
    source: text("source").$type<PaymentSource>().notNull().default("manual"),
    note: text("note"),
    /** The Stripe event that recorded it: one payment per event, however often it arrives. */
    stripeEventId: text("stripe_event_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoice_payments_stripe_event_key").on(t.stripeEventId),
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.id),
    index("invoice_payments_paid_on_idx").on(t.paidOn),
    check("invoice_payments_amount_check", sql`${t.amountCents} > 0`),
    check(
      "invoice_payments_method_check",
      sql`${t.method} in ('check', 'cash', 'bank_transfer', 'card', 'other', 'credit')`,
    ),
    check("invoice_payments_source_check", sql`${t.source} in ('manual', 'stripe', 'credit')`),
  ],
);

/**
 * Money received that its invoice could not take (docs/product/billing.md "Credits"): a Stripe
 * payment of more than was due, of an invoice paid meanwhile, or of a void one. Every cent Stripe
 * takes is recorded: the part the invoice could take is a payment, the rest a credit here, open
 * until the owner refunds it (with a note) or applies it to another invoice of the same client
 * (a payment of source 'credit' there).
 */
export const billingCredits = pgTable(
  "billing_credits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The invoice the money was paid against. */
    invoiceId: bigint("invoice_id", { mode: "number" })
      .notNull()
      .references(() => invoices.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").$type<CreditReason>().notNull(),
    status: text("status").$type<CreditStatus>().notNull().default("open"),
    /** The Stripe event that brought it: one credit per event, however often it arrives. */
    stripeEventId: text("stripe_event_id"),
    receivedOn: date("received_on").notNull(),
    note: text("note"),
    /** Refunded: the owner's note; applied: the invoice and payment it became. */
    resolutionNote: text("resolution_note"),
    appliedInvoiceId: bigint("applied_invoice_id", { mode: "number" }).references(() => invoices.id),
    appliedPaymentId: bigint("applied_payment_id", { mode: "number" }).references(() => invoicePayments.id),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_credits_stripe_event_key").on(t.stripeEventId),
    index("billing_credits_invoice_idx").on(t.invoiceId),
    index("billing_credits_open_idx").on(t.status, t.createdAt),
    check("billing_credits_amount_check", sql`${t.amountCents} > 0`),
    check("billing_credits_reason_check", sql`${t.reason} in ('overpaid', 'already_paid', 'void')`),
    check("billing_credits_status_check", sql`${t.status} in ('open', 'refunded', 'applied')`),
  ],
);

/** The reminders queued for an invoice: one per day at most (docs/product/billing.md "Invoices"). */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: bigint("invoice_id", { mode: "number" })
      .notNull()
      .references(() => invoices.id),
    /** The day it went out for: the due date, or a week after. */
    day: date("day").notNull(),
    emailId: bigint("email_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.day] })],
);

/** One row (id 1): the billing settings (docs/product/billing.md "Settings"), merged over the defaults when read. */
export const billingSettings = pgTable(
  "billing_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("billing_settings_single_row", sql`${t.id} = 1`)],
);

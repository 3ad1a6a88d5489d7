import { z } from "~/contracts/zod";
import {
  CREDIT_REASONS,
  CREDIT_STATUSES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  MAX_LINES,
  MAX_NOTE_LENGTH,
  PAYMENT_METHODS,
  PAYMENT_SOURCES,
} from "~/contracts/billing-terms";
import { LIST_SEARCH_MAX_LENGTH, pageAnswerFields, pageQueryFields } from "~/contracts/paging";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import {
  billingDay,
  checkMoneyLimits,
  discountFields,
  LineInputSchema,
  LineSchema,
  QuoteIdParam,
  DISCOUNT_TYPES,
} from "./quotes";

/**
 * Invoices (docs/product/billing.md "Invoices"; decision 042): a quote's deposit or balance, or
 * lines typed by hand; numbered INV-yyyy-nnnn without gaps, the number allocated in the same
 * transaction as the invoice. Paid and void invoices never change; a void invoice keeps its number.
 */

const PROJECT_ID = "WBT-2026-7KQ4MZ";

export const InvoiceIdParam = z.object({
  invoiceId: z.coerce
    .number()
    .int()
    .positive()
    .meta({ param: { name: "invoiceId", in: "path" }, type: "integer", example: 31 }),
});

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

const INVOICE_EXAMPLE = {
  id: 31,
  number: "INV-2026-0031",
  project_id: PROJECT_ID,
  project_name: "Harbor Bakery Website Project",
  client_name: "Maria Santos",
  quote_id: 12,
  kind: "deposit",
  status: "sent",
  lines: [
    {
      description: "50% deposit on quote Q-2026-0012",
      quantity: 1,
      unit_price_cents: 13_750,
      total_cents: 13_750,
      preset: null,
    },
  ],
  discount_type: "none",
  discount_value: 0,
  subtotal_cents: 13_750,
  discount_cents: 0,
  total_cents: 13_750,
  amount_paid_cents: 0,
  amount_due_cents: 13_750,
  issue_date: "2026-12-01",
  due_date: "2026-12-15",
  notes: null,
  reminders_enabled: true,
  reminders_sent: [],
  sent_at: "2026-12-01T14:10:00.000Z",
  paid_at: null,
  voided_at: null,
  void_reason: null,
  payments: [],
  credits: [],
  created_at: "2026-12-01T14:05:00.000Z",
  updated_at: "2026-12-01T14:10:00.000Z",
} as const;

export const InvoiceSchema = z
  .object({
    id: z.number().int().meta({ example: 31 }),
    number: z.string().meta({ example: "INV-2026-0031" }),
    project_id: z.string().meta({ example: PROJECT_ID }),
    project_name: z.string(),
    client_name: z.string().nullable().meta({ description: "The project's primary contact" }),
    quote_id: z.number().int().nullable(),
    kind: z.enum(INVOICE_KINDS).meta({ example: "deposit" }),
    status: z.enum(INVOICE_STATUSES).meta({ example: "sent" }),
    lines: z.array(LineSchema),
    discount_type: z.enum(DISCOUNT_TYPES),
    discount_value: z.number().int(),
    subtotal_cents: z.number().int(),
    discount_cents: z.number().int(),
    total_cents: z.number().int(),
    amount_paid_cents: z.number().int(),
    amount_due_cents: z.number().int(),
    issue_date: z.string().meta({ format: "date" }),
    due_date: z.string().meta({ format: "date" }),
    notes: z.string().nullable(),
    reminders_enabled: z.boolean(),
    reminders_sent: z.array(z.string().meta({ format: "date" })).meta({ description: "The days a reminder went out" }),
    sent_at: z.string().nullable().meta({ format: "date-time" }),
    paid_at: z.string().nullable().meta({ format: "date-time" }),
    voided_at: z.string().nullable().meta({ format: "date-time" }),
    void_reason: z.string().nullable(),
    payments: z.array(PaymentSchema).meta({ description: "Oldest first" }),
    credits: z
      .array(CreditSchema)
      .meta({ description: "Money received on it that it could not take (refund or credit due), oldest first" }),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Invoice", example: INVOICE_EXAMPLE });

export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceAnswerSchema = z
  .object({ invoice: InvoiceSchema })
  .meta({ id: "InvoiceAnswer", example: { invoice: INVOICE_EXAMPLE } });

export const ProjectInvoicesAnswerSchema = z
  .object({ invoices: z.array(InvoiceSchema).meta({ description: "Newest first" }) })
  .meta({ id: "ProjectInvoices", example: { invoices: [INVOICE_EXAMPLE] } });

/** A row of the Invoices screen (no lines or payments). */
const InvoiceRowSchema = InvoiceSchema.omit({ lines: true, payments: true, credits: true, reminders_sent: true }).meta({
  id: "InvoiceRow",
});

export type InvoiceRow = z.infer<typeof InvoiceRowSchema>;

export const INVOICE_SORTS = ["newest", "oldest", "due", "amount", "number"] as const;

/** The Invoices screen's filters (the CSV export takes the same). */
export const InvoiceFilterQuerySchema = z.object({
  status: z
    .enum([...INVOICE_STATUSES, "open"] as const, {
      error: `status must be one of: ${[...INVOICE_STATUSES, "open"].join(", ")}`,
    })
    .optional()
    .meta({ example: "open", description: "open: sent, partially paid or overdue" }),
  q: z
    .string()
    .trim()
    .max(LIST_SEARCH_MAX_LENGTH)
    .optional()
    .meta({ example: "harbor", description: "The number, the project's name or ID, or the client's name or e-mail" }),
  project_id: z.string().max(40).optional().meta({ example: PROJECT_ID }),
  from: billingDay.optional().meta({ example: "2026-01-01", description: "Issued on or after" }),
  to: billingDay.optional().meta({ example: "2026-12-31", description: "Issued on or before" }),
  sort: z.enum(INVOICE_SORTS).default("newest").meta({ example: "newest" }),
});

export const InvoiceListQuerySchema = InvoiceFilterQuerySchema.extend(pageQueryFields());

export const InvoiceListAnswerSchema = z.object({ invoices: z.array(InvoiceRowSchema), ...pageAnswerFields }).meta({
  id: "InvoiceList",
  example: {
    invoices: [(({ lines: _l, payments: _p, credits: _c, reminders_sent: _r, ...row }) => row)(INVOICE_EXAMPLE)],
    total: 1,
    limit: 50,
    offset: 0,
  },
});

export const InvoiceCsvQuerySchema = InvoiceFilterQuerySchema.extend({
  rows: z
    .enum(["invoices", "payments"])
    .default("invoices")
    .meta({ example: "invoices", description: "One row per invoice, or one per payment of the matching invoices" }),
});

const InvoicesCsvSchema = z.string().meta({
  example:
    "Number,Issued,Due,Status,Project ID,Project,Client,Kind,Subtotal,Discount,Total,Paid,Due Amount\r\nINV-2026-0031,2026-12-01,2026-12-15,Sent,WBT-2026-7KQ4MZ,Harbor Bakery Website Project,Maria Santos,Deposit,137.50,0.00,137.50,0.00,137.50\r\n",
});

const invoiceFields = {
  lines: z
    .array(LineInputSchema, { error: "Add at least one line" })
    .min(1, { error: "Add at least one line" })
    .max(MAX_LINES, { error: `At most ${MAX_LINES} lines` }),
  ...discountFields,
  due_date: billingDay.optional().meta({ example: "2026-12-15", description: "Left out: 14 days from today" }),
  notes: z.string().max(MAX_NOTE_LENGTH).optional().meta({ example: "Thank you!" }),
  reminders_enabled: z.boolean().optional().meta({ example: true, description: "Left out: on" }),
};

/** POST /api/admin/projects/{id}/invoices ("Create Invoice"): lines by hand. */
export const NewInvoiceSchema = z
  .object(invoiceFields)
  .superRefine(checkMoneyLimits)
  .meta({
    id: "NewInvoice",
    example: {
      lines: [{ description: "Extra page: events calendar", quantity: 1, unit_price_cents: 12_500 }],
      due_date: "2026-12-15",
    },
  });
export type NewInvoiceInput = z.input<typeof NewInvoiceSchema>;

/** POST /api/admin/quotes/{quoteId}/invoices: the deposit, or the balance (the total less the quote's earlier invoices). */
export const QuoteInvoiceSchema = z
  .object({
    kind: z.enum(["deposit", "balance"], { error: "kind is deposit or balance" }).meta({ example: "deposit" }),
    due_date: invoiceFields.due_date,
  })
  .meta({ id: "QuoteInvoice", example: { kind: "deposit" } });

/**
 * PUT /api/admin/invoices/{invoiceId}: a draft takes every field; an open invoice only
 * reminders_enabled and due_date; a paid or void one nothing (409).
 */
export const InvoiceChangeSchema = z
  .object({
    lines: invoiceFields.lines.optional(),
    // Without the defaults of a new invoice's fields: left out, the discount stays as it is.
    discount_type: z.enum(DISCOUNT_TYPES).optional().meta({ example: "percent" }),
    discount_value: discountFields.discount_value.unwrap().optional(),
    due_date: invoiceFields.due_date,
    notes: invoiceFields.notes,
    reminders_enabled: invoiceFields.reminders_enabled,
  })
  // What the change carries; a discount changed alone is checked against the stored lines by the service.
  .superRefine((change, ctx) => {
    if (change.lines !== undefined || change.discount_type !== undefined) checkMoneyLimits(change, ctx);
  })
  .meta({ id: "InvoiceChange", example: { reminders_enabled: false } });

export const InvoiceVoidSchema = z
  .object({ reason: z.string().trim().max(2000).optional().meta({ example: "Issued twice" }) })
  .meta({ id: "InvoiceVoid", example: { reason: "Issued twice" } });

const PdfSchema = z.string().meta({ format: "binary", example: "%PDF-1.7 ..." });

export const invoicesEndpoints = {
  /** The Invoices screen: filtered, sorted and paged on the server. */
  list: endpoint({
    method: "get",
    path: "/api/admin/invoices",
    access: "admin",
    query: InvoiceListQuerySchema,
    answer: InvoiceListAnswerSchema,
  }),
  /** The matching invoices, or their payments, as a streamed CSV for the accountant. */
  csv: endpoint({
    method: "get",
    path: "/api/admin/invoices.csv",
    access: "admin",
    query: InvoiceCsvQuerySchema,
    answer: InvoicesCsvSchema,
    contentType: "text/csv",
  }),
  listForProject: endpoint({
    method: "get",
    path: "/api/admin/projects/{id}/invoices",
    access: "admin",
    params: ProjectIdParam,
    answer: ProjectInvoicesAnswerSchema,
  }),
  create: endpoint({
    method: "post",
    path: "/api/admin/projects/{id}/invoices",
    access: "admin",
    params: ProjectIdParam,
    body: NewInvoiceSchema,
    answer: InvoiceAnswerSchema,
    status: 201,
  }),
  /** The deposit or the balance of an accepted quote. */
  fromQuote: endpoint({
    method: "post",
    path: "/api/admin/quotes/{quoteId}/invoices",
    access: "admin",
    params: QuoteIdParam,
    body: QuoteInvoiceSchema,
    answer: InvoiceAnswerSchema,
    status: 201,
  }),
  get: endpoint({
    method: "get",
    path: "/api/admin/invoices/{invoiceId}",
    access: "admin",
    params: InvoiceIdParam,
    answer: InvoiceAnswerSchema,
  }),
  update: endpoint({
    method: "put",
    path: "/api/admin/invoices/{invoiceId}",
    access: "admin",
    params: InvoiceIdParam,
    body: InvoiceChangeSchema,
    answer: InvoiceAnswerSchema,
  }),
  /** E-mails the primary contact a link to the portal (through the outbox) and logs it. */
  send: endpoint({
    method: "post",
    path: "/api/admin/invoices/{invoiceId}/send",
    access: "admin",
    params: InvoiceIdParam,
    answer: InvoiceAnswerSchema,
  }),
  /** Voids an unpaid invoice; it keeps its number. */
  void: endpoint({
    method: "post",
    path: "/api/admin/invoices/{invoiceId}/void",
    access: "admin",
    params: InvoiceIdParam,
    body: InvoiceVoidSchema,
    optionalBody: true,
    answer: InvoiceAnswerSchema,
  }),
  pdf: endpoint({
    method: "get",
    path: "/api/admin/invoices/{invoiceId}/pdf",
    access: "admin",
    params: InvoiceIdParam,
    answer: PdfSchema,
    contentType: "application/pdf",
  }),
  clientPdf: endpoint({
    method: "get",
    path: "/api/client-portal/invoices/{invoiceId}/pdf",
    access: "portal",
    params: InvoiceIdParam,
    answer: PdfSchema,
    contentType: "application/pdf",
  }),
};

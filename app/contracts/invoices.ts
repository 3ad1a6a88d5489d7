import { z } from "~/contracts/zod";
import { INVOICE_KINDS, INVOICE_STATUSES, MAX_LINES, MAX_NOTE_LENGTH } from "~/contracts/billing-terms";
import { LIST_SEARCH_MAX_LENGTH, pageAnswerFields, pageQueryFields } from "~/contracts/paging";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { billingDay, checkMoneyLimits, discountFields, LineInputSchema, DISCOUNT_TYPES } from "./billing-fields";
import { CreditSchema, PaymentSchema } from "./invoice-payments";
import { LineSchema, QuoteIdParam } from "./quotes";

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

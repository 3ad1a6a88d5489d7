import { z } from "~/contracts/zod";
import { MAX_LINES, MAX_TERMS_LENGTH, QUOTE_STATUSES } from "~/contracts/billing-terms";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { billingDay, checkMoneyLimits, discountFields, DISCOUNT_TYPES, LineInputSchema } from "./billing-fields";
import { checkSchedule, ScheduleEntrySchema, ScheduleInputSchema } from "./payment-schedule";

/**
 * Quotes (docs/product/billing.md "Quotes", "The client decides"; decision 042): written by the
 * owner from a project's details, sent to its primary contact, accepted or declined by the client
 * in the portal. Every total is computed by the server (app/contracts/billing-money.ts); a sent
 * quote never changes, a revision is a new quote that replaces it.
 */

const PROJECT_ID = "WBT-2026-7KQ4MZ";

export const QuoteIdParam = z.object({
  quoteId: z.coerce
    .number()
    .int()
    .positive()
    .meta({ param: { name: "quoteId", in: "path" }, type: "integer", example: 12 }),
});

export const LineSchema = z
  .object({
    description: z.string().meta({ example: "Starter Site: up to three pages" }),
    quantity: z.number().meta({ example: 1 }),
    unit_price_cents: z.number().int().meta({ example: 27_500 }),
    total_cents: z.number().int().meta({ example: 27_500, description: "quantity × unit price, to the cent, half up" }),
    preset: z.string().nullable().meta({ example: "starter-site" }),
  })
  .meta({ id: "BillingLine" });

export type BillingLine = z.infer<typeof LineSchema>;

const linesField = z
  .array(LineInputSchema, { error: "Add at least one line" })
  .min(1, { error: "Add at least one line" })
  .max(MAX_LINES, { error: `At most ${MAX_LINES} lines` });

const quoteFields = {
  lines: linesField,
  ...discountFields,
  deposit_percent: z
    .number({ error: "The deposit must be a whole percent from 0 to 100" })
    .int({ error: "The deposit must be a whole percent from 0 to 100" })
    .min(0, { error: "The deposit must be a whole percent from 0 to 100" })
    .max(100, { error: "The deposit must be a whole percent from 0 to 100" })
    .optional()
    .meta({ example: 50, description: "Left out: the settings' default (50)" }),
  terms: z
    .string()
    .max(MAX_TERMS_LENGTH, { error: `The terms must be at most ${MAX_TERMS_LENGTH} characters` })
    .optional()
    .meta({
      example: "A 50% deposit starts the work; the balance is due at launch.",
      description: "Left out: the settings' template",
    }),
  valid_until: billingDay
    .optional()
    .meta({ example: "2026-12-31", description: "Left out: 30 days from today (the settings' default)" }),
  notes: z
    .string()
    .max(MAX_TERMS_LENGTH)
    .optional()
    .meta({ example: "Includes the menu page.", description: "Shown to the client above the lines" }),
  schedule: ScheduleInputSchema.nullable()
    .optional()
    .transform((v) => v ?? null)
    .meta({
      description:
        "The payment schedule: a deposit, then payments, each falling due on a trigger. Left out or null: the deposit alone, the balance invoiced by hand. With a schedule, its first payment is the deposit.",
    }),
  auto_invoice: z.boolean({ error: "auto_invoice is true or false" }).optional().meta({
    example: true,
    description:
      "Create and send each scheduled invoice when its trigger fires (default true); false: create it as a draft and tell the owner it is ready to send",
  }),
};

const QUOTE_INPUT_EXAMPLE = {
  lines: [
    { description: "Starter Site: up to three pages", quantity: 1, unit_price_cents: 27_500, preset: "starter-site" },
  ],
  discount_type: "none",
  discount_value: 0,
  deposit_percent: 50,
  valid_until: "2026-12-31",
} as const;

/** POST /api/admin/projects/{id}/quotes: a new draft. */
export const NewQuoteSchema = z
  .object(quoteFields)
  .superRefine(checkMoneyLimits)
  .superRefine(checkSchedule)
  .meta({ id: "NewQuote", example: QUOTE_INPUT_EXAMPLE });
export type NewQuoteInput = z.input<typeof NewQuoteSchema>;

/** PUT /api/admin/quotes/{quoteId}: a draft's new content (the whole quote). */
export const QuoteChangeSchema = NewQuoteSchema.meta({ id: "QuoteChange", example: QUOTE_INPUT_EXAMPLE });

/** The owner's status change: a sent quote the client answered elsewhere, or one to close. */
export const QuoteStatusChangeSchema = z
  .object({
    status: z
      .enum(["declined", "expired"], { error: "A quote can be marked declined or expired here" })
      .meta({ example: "expired" }),
    reason: z.string().max(2000).optional().meta({ example: "Went with a friend's nephew" }),
  })
  .meta({ id: "QuoteStatusChange", example: { status: "expired" } });

/** The owner's switch for a quote's scheduled invoices, at any status (the schedule itself is content). */
export const QuoteAutoInvoiceSchema = z
  .object({
    auto_invoice: z
      .boolean({
        error: "auto_invoice is true (send each scheduled invoice by itself) or false (a draft and a notice)",
      })
      .meta({ example: false }),
  })
  .meta({ id: "QuoteAutoInvoice", example: { auto_invoice: false } });

export const AcceptanceSchema = z
  .object({
    full_name: z.string().meta({ example: "Maria Santos" }),
    accepted_at: z.string().meta({ format: "date-time", example: "2026-12-02T15:04:00.000Z" }),
    ip_address: z.string().nullable().meta({ example: "203.0.113.9" }),
    user_agent: z.string().nullable().meta({ example: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)" }),
    content_hash: z.string().meta({
      example: "sha256:6f1c0e4b2d9a7f3e8c5b1a0d4e7f9c2b3a6d8e1f0c4b7a9e2d5f8c1b4a7e0d3f",
      description: "SHA-256 of the quote's exact content as the client saw it (number, lines, totals, terms, dates)",
    }),
  })
  .meta({ id: "QuoteAcceptance" });

const QUOTE_EXAMPLE = {
  id: 12,
  number: "Q-2026-0012",
  project_id: PROJECT_ID,
  project_name: "Harbor Bakery Website Project",
  status: "sent",
  revision: 1,
  replaces_id: null,
  replaced_by_id: null,
  lines: [
    {
      description: "Starter Site: up to three pages",
      quantity: 1,
      unit_price_cents: 27_500,
      total_cents: 27_500,
      preset: "starter-site",
    },
  ],
  discount_type: "none",
  discount_value: 0,
  subtotal_cents: 27_500,
  discount_cents: 0,
  total_cents: 27_500,
  deposit_percent: 50,
  deposit_cents: 13_750,
  terms: "A 50% deposit starts the work; the balance is due at launch.",
  notes: null,
  valid_until: "2026-12-31",
  sent_at: "2026-12-01T14:00:00.000Z",
  viewed_at: null,
  decided_at: null,
  decline_reason: null,
  acceptance: null,
  accepted_pdf_key: null,
  schedule: null,
  auto_invoice: true,
  is_expired: false,
  created_at: "2026-12-01T13:40:00.000Z",
  updated_at: "2026-12-01T14:00:00.000Z",
} as const;

export const QuoteSchema = z
  .object({
    id: z.number().int().meta({ example: 12 }),
    number: z.string().meta({ example: "Q-2026-0012" }),
    project_id: z.string().meta({ example: PROJECT_ID }),
    project_name: z.string().meta({ example: "Harbor Bakery Website Project" }),
    status: z.enum(QUOTE_STATUSES).meta({ example: "sent" }),
    revision: z
      .number()
      .int()
      .min(1)
      .meta({ example: 1, description: "1 for the first quote, 2 for its first revision, ..." }),
    replaces_id: z.number().int().nullable().meta({ example: null, description: "The quote this revision replaces" }),
    replaced_by_id: z
      .number()
      .int()
      .nullable()
      .meta({ example: null, description: "The revision that replaces this one" }),
    lines: z.array(LineSchema),
    discount_type: z.enum(DISCOUNT_TYPES),
    discount_value: z.number().int(),
    subtotal_cents: z.number().int(),
    discount_cents: z.number().int().meta({ description: "Rounded to the cent, half up" }),
    total_cents: z.number().int(),
    deposit_percent: z.number().int(),
    deposit_cents: z.number().int().meta({ description: "deposit_percent of the total, to the cent, half up" }),
    terms: z.string(),
    notes: z.string().nullable(),
    valid_until: z.string().meta({ format: "date" }),
    sent_at: z.string().nullable().meta({ format: "date-time" }),
    viewed_at: z.string().nullable().meta({ format: "date-time" }),
    decided_at: z.string().nullable().meta({ format: "date-time" }),
    decline_reason: z.string().nullable(),
    acceptance: AcceptanceSchema.nullable(),
    accepted_pdf_key: z
      .string()
      .nullable()
      .meta({ description: "The accepted quote's PDF, kept as a private file of the project (a media key)" }),
    schedule: z.array(ScheduleEntrySchema).nullable().meta({
      description: "The payment schedule with each payment's amount (they add up to the total exactly), or null",
    }),
    auto_invoice: z.boolean().meta({
      description:
        "Whether each scheduled invoice is sent by itself when its trigger fires (else: a draft and a notice)",
    }),
    is_expired: z
      .boolean()
      .meta({ description: "Past its valid-until day (in the business's time zone) and not decided" }),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Quote", example: QUOTE_EXAMPLE });

export type Quote = z.infer<typeof QuoteSchema>;

export const QuoteAnswerSchema = z
  .object({ quote: QuoteSchema })
  .meta({ id: "QuoteAnswer", example: { quote: QUOTE_EXAMPLE } });

export const QuoteListAnswerSchema = z
  .object({ quotes: z.array(QuoteSchema).meta({ description: "Newest first, revisions included" }) })
  .meta({ id: "QuoteList", example: { quotes: [QUOTE_EXAMPLE] } });

export const QuoteDeletedSchema = z
  .object({ deleted: z.literal(true), id: z.number().int() })
  .meta({ id: "QuoteDeleted", example: { deleted: true, id: 12 } });

/** The client's acceptance: the full name, typed, and the terms agreed to. */
export const QuoteAcceptSchema = z
  .object({
    full_name: z
      .string({ error: "Type your full name to accept" })
      .trim()
      .min(2, { error: "Type your full name to accept" })
      .max(200, { error: "The name must be at most 200 characters" })
      .meta({ example: "Maria Santos" }),
    agree_terms: z.literal(true, { error: "Tick the box to agree to the terms" }).meta({ example: true }),
    content_hash: z
      .string({ error: "The quote's content_hash is required: reload the page and accept the quote as shown" })
      .max(100, { error: "The content_hash must be at most 100 characters" })
      .meta({
        example: "sha256:6f1c0e4b2d9a7f3e8c5b1a0d4e7f9c2b3a6d8e1f0c4b7a9e2d5f8c1b4a7e0d3f",
        description:
          "The hash of the quote as shown (the Billing answer's content_hash), required: refused with 409 if the quote changed since",
      }),
  })
  .meta({
    id: "QuoteAccept",
    example: {
      full_name: "Maria Santos",
      agree_terms: true,
      content_hash: "sha256:6f1c0e4b2d9a7f3e8c5b1a0d4e7f9c2b3a6d8e1f0c4b7a9e2d5f8c1b4a7e0d3f",
    },
  });

export const QuoteDeclineSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(2000, { error: "The reason must be at most 2,000 characters" })
      .optional()
      .meta({ example: "We found a cheaper option" }),
  })
  .meta({ id: "QuoteDecline", example: { reason: "We found a cheaper option" } });

const PdfSchema = z.string().meta({ format: "binary", example: "%PDF-1.7 ..." });

/** The admin's quotes and the client's decision in the portal (docs/product/billing.md). */
export const quotesEndpoints = {
  /** The project's quotes, newest first, revisions included. */
  listForProject: endpoint({
    method: "get",
    path: "/api/admin/projects/{id}/quotes",
    access: "admin",
    params: ProjectIdParam,
    answer: QuoteListAnswerSchema,
  }),
  /** A new draft quote for the project. */
  create: endpoint({
    method: "post",
    path: "/api/admin/projects/{id}/quotes",
    access: "admin",
    params: ProjectIdParam,
    body: NewQuoteSchema,
    answer: QuoteAnswerSchema,
    status: 201,
  }),
  get: endpoint({
    method: "get",
    path: "/api/admin/quotes/{quoteId}",
    access: "admin",
    params: QuoteIdParam,
    answer: QuoteAnswerSchema,
  }),
  /** A draft's new content; a sent quote is refused (409): revise it. */
  update: endpoint({
    method: "put",
    path: "/api/admin/quotes/{quoteId}",
    access: "admin",
    params: QuoteIdParam,
    body: QuoteChangeSchema,
    answer: QuoteAnswerSchema,
  }),
  /** Deletes a draft (a sent quote is kept). */
  remove: endpoint({
    method: "delete",
    path: "/api/admin/quotes/{quoteId}",
    access: "admin",
    params: QuoteIdParam,
    answer: QuoteDeletedSchema,
  }),
  /** E-mails the project's primary contact a link to the portal (through the outbox) and logs it. */
  send: endpoint({
    method: "post",
    path: "/api/admin/quotes/{quoteId}/send",
    access: "admin",
    params: QuoteIdParam,
    answer: QuoteAnswerSchema,
  }),
  /** A new draft with the same content that replaces the quote once sent. */
  revise: endpoint({
    method: "post",
    path: "/api/admin/quotes/{quoteId}/revise",
    access: "admin",
    params: QuoteIdParam,
    answer: QuoteAnswerSchema,
    status: 201,
  }),
  setStatus: endpoint({
    method: "put",
    path: "/api/admin/quotes/{quoteId}/status",
    access: "admin",
    params: QuoteIdParam,
    body: QuoteStatusChangeSchema,
    answer: QuoteAnswerSchema,
  }),
  /** Whether the schedule's invoices are sent by themselves or left as drafts with a notice to the owner. */
  setAutoInvoice: endpoint({
    method: "put",
    path: "/api/admin/quotes/{quoteId}/auto-invoice",
    access: "admin",
    params: QuoteIdParam,
    body: QuoteAutoInvoiceSchema,
    answer: QuoteAnswerSchema,
  }),
  pdf: endpoint({
    method: "get",
    path: "/api/admin/quotes/{quoteId}/pdf",
    access: "admin",
    params: QuoteIdParam,
    answer: PdfSchema,
    contentType: "application/pdf",
  }),
  /** The client accepts a sent quote of their project: full name typed, terms agreed. */
  accept: endpoint({
    method: "post",
    path: "/api/client-portal/quotes/{quoteId}/accept",
    access: "portal",
    params: QuoteIdParam,
    body: QuoteAcceptSchema,
    answer: QuoteAnswerSchema,
  }),
  decline: endpoint({
    method: "post",
    path: "/api/client-portal/quotes/{quoteId}/decline",
    access: "portal",
    params: QuoteIdParam,
    body: QuoteDeclineSchema,
    optionalBody: true,
    answer: QuoteAnswerSchema,
  }),
  clientPdf: endpoint({
    method: "get",
    path: "/api/client-portal/quotes/{quoteId}/pdf",
    access: "portal",
    params: QuoteIdParam,
    answer: PdfSchema,
    contentType: "application/pdf",
  }),
};

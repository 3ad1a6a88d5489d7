/**
 * The words of quotes, invoices and payments (docs/product/billing.md), zod-free so the portal,
 * the projects list and the dashboard can use them without the schemas.
 */

export const QUOTE_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The owner's suggested next steps of a quote, highlighted as for projects (docs/product/billing.md "Quotes"). */
export const QUOTE_NEXT: Record<QuoteStatus, readonly QuoteStatus[]> = {
  draft: ["sent"],
  sent: ["accepted", "declined", "expired"],
  viewed: ["accepted", "declined", "expired"],
  accepted: [],
  declined: [],
  expired: [],
};

/** A quote the client can still decide on. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ["sent", "viewed"];

export const INVOICE_STATUSES = ["draft", "sent", "partially_paid", "paid", "overdue", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice with money still due that a client can pay. */
export const OPEN_INVOICE_STATUSES: readonly InvoiceStatus[] = ["sent", "partially_paid", "overdue"];

/** Invoices that can no longer change (docs/product/billing.md "Money is exact"). */
export const FROZEN_INVOICE_STATUSES: readonly InvoiceStatus[] = ["paid", "void"];

/** What an invoice bills: a quote's deposit, its balance, or lines typed by hand. */
export const INVOICE_KINDS = ["deposit", "installment", "balance", "manual", "recurring"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const PAYMENT_METHODS = ["check", "cash", "bank_transfer", "card", "other", "credit"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The methods the owner records by hand (Record Payment): every method but "credit", which only
 * applying a credit writes (docs/product/billing.md "Credits").
 */
export const RECORDED_PAYMENT_METHODS = [
  "check",
  "cash",
  "bank_transfer",
  "card",
  "other",
] as const satisfies readonly PaymentMethod[];
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

/**
 * Where a payment came from: typed by the owner, Stripe's signed webhook, or a credit of the same
 * client applied by the owner (money received earlier on another invoice).
 */
export const PAYMENT_SOURCES = ["manual", "stripe", "credit"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  partially_paid: "Partially paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
};

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  deposit: "Deposit",
  installment: "Payment",
  balance: "Balance",
  manual: "Invoice",
  recurring: "Care plan",
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: "Check",
  cash: "Cash",
  bank_transfer: "Bank transfer",
  card: "Card",
  other: "Other",
  credit: "Credit applied",
};

/**
 * Money received that an invoice could not take (docs/product/billing.md "Credits"): more than was
 * due, a second payment of a paid invoice, or a payment of a void one.
 */
export const CREDIT_REASONS = ["overpaid", "already_paid", "void"] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** A credit is open until the owner refunds it or applies it to another invoice of the client. */
export const CREDIT_STATUSES = ["open", "refunded", "applied"] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  overpaid: "Paid more than was due",
  already_paid: "Paid after the invoice was paid",
  void: "Paid after the invoice was voided",
};

export const CREDIT_STATUS_LABELS: Record<CreditStatus, string> = {
  open: "Refund or credit due",
  refunded: "Refunded",
  applied: "Applied as credit",
};

/** Quote numbers: Q-2026-0001; invoice numbers: INV-2026-0001, without gaps per year. */
export const QUOTE_NUMBER = /^Q-\d{4}-\d{4,}$/;
export const INVOICE_NUMBER = /^INV-\d{4}-\d{4,}$/;
export const formatBillingNumber = (prefix: "Q" | "INV", year: number, sequence: number) =>
  `${prefix}-${year}-${String(sequence).padStart(4, "0")}`;

/** The reminders of an invoice: on its due date and this many days after (docs/product/billing.md "Invoices"). */
export const REMINDER_DAYS_AFTER_DUE = [0, 7] as const;

/** The longest texts. */
export const MAX_LINE_DESCRIPTION = 500;
export const MAX_LINES = 50;
export const MAX_TERMS_LENGTH = 10_000;
export const MAX_NOTE_LENGTH = 2_000;
/**
 * The largest amount one line, subtotal, discount, total or payment may carry: $1,000,000.00
 * (docs/product/billing.md "Money is exact"). Well below the largest value the integer columns
 * hold (MAX_INTEGER_COLUMN), so that no amount typed can overflow them.
 */
export const MAX_AMOUNT_CENTS = 100_000_000;
/** The largest value a PostgreSQL integer column holds. */
export const MAX_INTEGER_COLUMN = 2_147_483_647;
/** The largest quantity of a line. */
export const MAX_QUANTITY = 10_000;
/** A percent discount is at most 100 %: 10,000 basis points. */
export const MAX_PERCENT_BASIS_POINTS = 10_000;

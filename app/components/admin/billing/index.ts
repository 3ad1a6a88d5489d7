/**
 * The billing feature's face: what the other admin screens (a project's billing, the projects
 * list's badges, the dashboard's cards, the settings, the invoices route) take from it. Its other
 * files are its own (scripts/lint/import-rules.ts).
 */
export {
  useBillingSettings,
  useBillingSummary,
  useDeleteQuote,
  useInvoiceFromQuote,
  useProjectInvoices,
  useProjectQuotes,
  useReviseQuote,
  useSaveBillingSettings,
  useSendQuote,
  useSetQuoteStatus,
  useSetQuoteAutoInvoice,
  type InvoiceListFilter,
} from "./api";
export { BillingStateBadge } from "./billing-state";
export { CreditsSection } from "./credits-section";
export { BillingDraftNotices } from "./editor-draft";
export { InvoiceActions, InvoiceStatusBadge } from "./invoice-actions";
export { InvoiceDetailsDialog } from "./invoice-details-dialog";
export { InvoiceEditorDialog, type InvoiceEditing } from "./invoice-editor";
export { INVOICE_FILTER_STATUSES, InvoicesPanel } from "./invoices-panel";
export { QUOTE_STATUS_TONES } from "./labels";
export { PaymentDialog } from "./payment-dialog";
export { PdfButton } from "./pdf-button";
export { QuoteEditorDialog, type QuoteEditing } from "./quote-editor";
export { QuoteFollowUps } from "./quote-follow-ups";
export { useBillingLive } from "./use-billing-live";

import { useId, useState } from "react";
import { FilePlus2, Plus } from "lucide-react";
import { errorMessage } from "~/lib/api/call";
import type { Invoice } from "~/contracts/invoices";
import { InlineLoading } from "../ui/loading";
import { adminButton } from "../ui/styles";
import { SectionError, SectionHeading } from "./section";
import { InvoiceItem } from "./invoice-item";
import { QuoteItem } from "./quote-item";
import {
  useProjectInvoices,
  useProjectQuotes,
  InvoiceEditorDialog,
  type InvoiceEditing,
  PaymentDialog,
  QuoteEditorDialog,
  type QuoteEditing,
  BillingDraftNotices,
  useBillingLive,
} from "~/components/admin/billing";

/**
 * A project's quotes and invoices (docs/product/billing.md "Quotes", "Invoices", "Payments"): New
 * Quote and Create Invoice, each quote and invoice with its figures and actions, the suggested
 * next step standing out as for the project's status. The client's answers arrive live.
 */
export function BillingSection({ projectId }: { projectId: string }) {
  const id = useId();
  useBillingLive(projectId);
  const quotes = useProjectQuotes(projectId);
  const invoices = useProjectInvoices(projectId);
  const [quoteEditing, setQuoteEditing] = useState<QuoteEditing | null>(null);
  const [invoiceEditing, setInvoiceEditing] = useState<InvoiceEditing | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);

  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3" data-testid="project-billing">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SectionHeading id={`${id}-h`}>Quotes & invoices</SectionHeading>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={`${adminButton.secondary} px-3 py-1.5`}
            onClick={() => setQuoteEditing({ projectId })}
          >
            <Plus className="size-4" aria-hidden="true" /> New Quote
          </button>
          <button
            type="button"
            className={`${adminButton.secondary} px-3 py-1.5`}
            onClick={() => setInvoiceEditing({ projectId })}
          >
            <FilePlus2 className="size-4" aria-hidden="true" /> Create Invoice
          </button>
        </div>
      </div>

      <BillingDraftNotices
        projectId={projectId}
        quotes={quotes.data ?? []}
        invoices={invoices.data ?? []}
        onQuote={(quote) => setQuoteEditing({ projectId, quote })}
        onInvoice={(invoice) => setInvoiceEditing({ projectId, invoice })}
      />

      <h4 className="text-sm font-semibold text-slate-800">Quotes</h4>
      {quotes.isPending ? (
        <InlineLoading label="Loading quotes..." />
      ) : quotes.isError ? (
        <SectionError>{errorMessage(quotes.error, "Failed to fetch quotes")}</SectionError>
      ) : quotes.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          No quote yet. Write one with New Quote: the client accepts it in the portal.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Quotes">
          {quotes.data.map((quote) => (
            <QuoteItem
              key={quote.id}
              quote={quote}
              revising={quotes.data.some((q) => q.replaces_id === quote.id && q.status === "draft")}
              invoices={invoices.data ?? []}
              onEdit={(q) => setQuoteEditing({ projectId, quote: q })}
            />
          ))}
        </ul>
      )}

      <h4 className="text-sm font-semibold text-slate-800">Invoices</h4>
      {invoices.isPending ? (
        <InlineLoading label="Loading invoices..." />
      ) : invoices.isError ? (
        <SectionError>{errorMessage(invoices.error, "Failed to fetch invoices")}</SectionError>
      ) : invoices.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          No invoice yet. Create the deposit invoice from an accepted quote, or one by hand with Create Invoice.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Invoices">
          {invoices.data.map((invoice) => (
            <InvoiceItem
              key={invoice.id}
              invoice={invoice}
              onEdit={(inv) => setInvoiceEditing({ projectId, invoice: inv })}
              onPay={setPaying}
            />
          ))}
        </ul>
      )}

      <QuoteEditorDialog editing={quoteEditing} onClose={() => setQuoteEditing(null)} />
      <InvoiceEditorDialog editing={invoiceEditing} onClose={() => setInvoiceEditing(null)} />
      <PaymentDialog invoice={paying} onClose={() => setPaying(null)} />
    </section>
  );
}

import { useState } from "react";
import { errorMessage } from "~/lib/api/call";
import { formatCents } from "~/contracts/billing-money";
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS } from "~/contracts/billing-terms";
import type { Invoice } from "~/contracts/invoices";
import { Dialog } from "../ui/dialog";
import { Facts } from "../ui/facts";
import { formatInstant } from "~/lib/time/zoned";
import { InlineLoading } from "../ui/loading";
import { adminButton } from "../ui/styles";
import { formatDay } from "../ui/format";
import { useInvoice } from "./api";
import { CreditsSection } from "./credits-section";
import { InvoiceActions, InvoiceStatusBadge } from "./invoice-actions";
import { InvoiceEditorDialog, type InvoiceEditing } from "./invoice-editor";
import { PaymentDialog } from "./payment-dialog";

/**
 * An invoice's details from the Invoices screen (docs/product/billing.md "Invoices", "Payments"):
 * its figures, lines, payments and credits (a refund or credit due, "Credits"), and its actions.
 */
export function InvoiceDetailsDialog({ invoiceId, onClose }: { invoiceId: number | null; onClose: () => void }) {
  const invoice = useInvoice(invoiceId);
  return (
    <Dialog
      open={invoiceId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Invoice Details"
      description={invoice.data ? `${invoice.data.number} · ${invoice.data.project_name}` : undefined}
      wide
    >
      {invoice.isPending ? (
        <InlineLoading label="Loading the invoice..." />
      ) : invoice.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-medium">{errorMessage(invoice.error, "Failed to fetch the invoice")}</p>
          <button type="button" className={`${adminButton.secondary} mt-3`} onClick={() => void invoice.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <InvoiceDetails invoice={invoice.data} />
      )}
    </Dialog>
  );
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const [editing, setEditing] = useState<InvoiceEditing | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const facts: [string, string][] = [
    ["Client", invoice.client_name ?? "—"],
    ["Kind", INVOICE_KIND_LABELS[invoice.kind]],
    ["Issued", formatDay(invoice.issue_date)],
    ["Due date", formatDay(invoice.due_date)],
    ["Total", formatCents(invoice.total_cents)],
    ["Paid", formatCents(invoice.amount_paid_cents)],
    ["Still due", formatCents(invoice.amount_due_cents)],
    ["Reminders", invoice.reminders_enabled ? "On" : "Off"],
  ];
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-base font-semibold text-slate-900">{invoice.number}</p>
        <InvoiceStatusBadge status={invoice.status} />
        {invoice.sent_at && (
          <span className="text-xs text-slate-600">
            Sent <time dateTime={invoice.sent_at}>{formatInstant(invoice.sent_at)}</time>
          </span>
        )}
      </div>
      <Facts facts={facts} className="gap-y-2" />
      {invoice.void_reason && <p className="text-sm text-slate-700">Voided: {invoice.void_reason}</p>}

      <section aria-labelledby={`inv-${invoice.id}-lines`} className="grid gap-2">
        <h3 id={`inv-${invoice.id}-lines`} className="text-base font-semibold text-slate-900">
          Lines
        </h3>
        <ul className="grid gap-1 text-sm">
          {invoice.lines.map((line, i) => (
            <li key={i} className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 py-1">
              <span className="min-w-0 break-words text-slate-800">
                {line.description}
                <span className="text-slate-600">
                  {" "}
                  · {line.quantity} × {formatCents(line.unit_price_cents)}
                </span>
              </span>
              <span className="font-medium text-slate-900 tabular-nums">{formatCents(line.total_cents)}</span>
            </li>
          ))}
          {invoice.discount_cents > 0 && (
            <li className="flex justify-between gap-3 py-1 text-slate-700">
              <span>Discount</span>
              <span className="tabular-nums">-{formatCents(invoice.discount_cents)}</span>
            </li>
          )}
          <li className="flex justify-between gap-3 py-1 font-semibold text-slate-900">
            <span>Total</span>
            <span className="tabular-nums">{formatCents(invoice.total_cents)}</span>
          </li>
        </ul>
      </section>

      <section aria-labelledby={`inv-${invoice.id}-payments`} className="grid gap-2">
        <h3 id={`inv-${invoice.id}-payments`} className="text-base font-semibold text-slate-900">
          Payments
        </h3>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-slate-600">No payment recorded yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label={`Payments of ${invoice.number}`}>
            {invoice.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 py-1">
                <span className="min-w-0 break-words text-slate-800">
                  {formatDay(p.paid_on)} · {PAYMENT_METHOD_LABELS[p.method]}
                  {p.source === "stripe" ? " (Stripe)" : ""}
                  {p.note ? ` · ${p.note}` : ""}
                </span>
                <span className="font-medium text-slate-900 tabular-nums">{formatCents(p.amount_cents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CreditsSection invoice={invoice} />

      <InvoiceActions
        invoice={invoice}
        onEdit={(inv) => setEditing({ projectId: inv.project_id, invoice: inv })}
        onPay={setPaying}
      />
      <InvoiceEditorDialog editing={editing} onClose={() => setEditing(null)} />
      <PaymentDialog invoice={paying} onClose={() => setPaying(null)} />
    </div>
  );
}

import { formatCents } from "~/contracts/billing-money";
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS } from "~/contracts/billing-terms";
import type { Invoice } from "~/contracts/invoices";
import { Badge } from "../ui/badge";
import { formatDay } from "../ui/format";
import { Facts } from "../ui/facts";
import { CreditsSection, InvoiceActions, InvoiceStatusBadge } from "~/components/admin/billing";

/**
 * One invoice of a project's billing (docs/product/billing.md "Invoices", "Payments"): its
 * figures, the payments and credits on it, and its actions.
 */
export function InvoiceItem({
  invoice,
  onEdit,
  onPay,
}: {
  invoice: Invoice;
  onEdit: (invoice: Invoice) => void;
  onPay: (invoice: Invoice) => void;
}) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-invoice={invoice.number}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium text-slate-900">{invoice.number}</p>
        <InvoiceStatusBadge status={invoice.status} />
        <Badge tone="gray">{INVOICE_KIND_LABELS[invoice.kind]}</Badge>
      </div>
      <Facts
        className="mt-2 gap-y-1"
        facts={[
          ["Total", formatCents(invoice.total_cents)],
          ["Paid", formatCents(invoice.amount_paid_cents)],
          ["Due", formatCents(invoice.amount_due_cents)],
          ["Due date", formatDay(invoice.due_date)],
        ]}
      />
      {invoice.payments.length > 0 && (
        <ul className="mt-2 grid gap-0.5 text-xs text-slate-700" aria-label={`Payments of ${invoice.number}`}>
          {invoice.payments.map((p) => (
            <li key={p.id}>
              {formatCents(p.amount_cents)} · {PAYMENT_METHOD_LABELS[p.method]} · {formatDay(p.paid_on)}
              {p.note ? ` · ${p.note}` : ""}
            </li>
          ))}
        </ul>
      )}
      {invoice.credits.length > 0 && (
        <div className="mt-3">
          <CreditsSection invoice={invoice} />
        </div>
      )}
      <div className="mt-3">
        <InvoiceActions invoice={invoice} onEdit={onEdit} onPay={onPay} />
      </div>
    </li>
  );
}

import { useEffect, useState } from "react";
import type { Route } from "./+types/invoices";
import { INVOICE_SORTS } from "~/contracts/invoices";
import { adminMeta } from "~/lib/admin/meta";
import {
  type InvoiceListFilter,
  InvoiceDetailsDialog,
  INVOICE_FILTER_STATUSES,
  InvoicesPanel,
} from "~/components/admin/billing";
import { useListParams } from "~/components/admin/ui/use-list-params";

export const meta: Route.MetaFunction = () => adminMeta("Invoices");

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (value: string | null) => (value && DAY.test(value) ? value : "");

/**
 * Invoices (docs/product/billing.md "The owner's figures"): every project's invoices with
 * their status, figures and due days, filtered, searched, sorted and paged by the server, the
 * filter kept in the address; an invoice's details with its payments and actions; the CSV exports.
 */
export default function Invoices() {
  const list = useListParams({ statuses: INVOICE_FILTER_STATUSES, sorts: INVOICE_SORTS, defaultSort: "newest" });
  const { params, update } = list;
  const filter: InvoiceListFilter = {
    status: list.status,
    q: list.q,
    from: dayParam(params.get("from")),
    to: dayParam(params.get("to")),
    sort: list.sort,
    page: list.page,
  };
  const [viewing, setViewing] = useState<number | null>(null);
  // ?invoice=ID (the owner's e-mails, the dashboard's "Refund or credit due") opens its details
  // once; then the address is left clean.
  const invoiceParam = Number(params.get("invoice"));
  const linked = Number.isSafeInteger(invoiceParam) && invoiceParam > 0 ? invoiceParam : null;
  if (linked !== null && viewing !== linked) setViewing(linked);
  const setParams = list.setParams;
  useEffect(() => {
    if (linked === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("invoice");
        return next;
      },
      { replace: true },
    );
  }, [linked, setParams]);

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Invoices</h1>
        <p className="mt-1 text-slate-600">
          What every project was billed, what is paid and what is still due. Create invoices from a project&apos;s
          details.
        </p>
      </header>
      <InvoicesPanel
        filter={filter}
        onChange={update}
        onClear={() => update({ q: null, status: null, from: null, to: null })}
        pageHref={list.pageHref}
        onView={(invoice) => setViewing(invoice.id)}
      />
      <InvoiceDetailsDialog invoiceId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

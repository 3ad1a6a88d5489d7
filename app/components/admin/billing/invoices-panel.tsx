import { useId } from "react";
import { Eye } from "lucide-react";
import { urlOf } from "~/lib/api/call";
import { formatCents } from "~/contracts/billing-money";
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from "~/contracts/billing-terms";
import { INVOICE_SORTS, invoicesEndpoints, type InvoiceRow } from "~/contracts/invoices";
import { ListEmpty, listCount } from "../ui/list-states";
import { DownloadButton } from "../ui/download-button";
import { FilterSelect } from "../ui/filter-select";
import { LoadError } from "../ui/load-error";
import { InlineLoading } from "../ui/loading";
import { Pager } from "../ui/pager";
import { RecordList } from "../ui/record-list";
import { SearchInput } from "../ui/search-input";
import { adminButton, inputClass } from "../ui/styles";
import { useSearchBox } from "../ui/use-search-box";
import { formatDay } from "../ui/format";
import {
  invoiceQuery,
  useInvoicePage,
  type InvoiceListFilter,
  type InvoiceSort,
  type InvoiceStatusFilter,
} from "./api";
import { InvoiceStatusBadge } from "./invoice-actions";

export const INVOICE_SORT_LABELS: Record<InvoiceSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  due: "Due date",
  amount: "Amount",
  number: "Number",
};

/** The status filter's choices: Open first (sent, partially paid or overdue), then each status. */
export const INVOICE_FILTER_STATUSES = ["open", ...INVOICE_STATUSES] as const;
const statusLabel = (s: (typeof INVOICE_FILTER_STATUSES)[number]) =>
  s === "open" ? "Open (money due)" : INVOICE_STATUS_LABELS[s];

const COLUMNS = ["Number", "Client", "Project", "Status", "Total", "Paid", "Due", "Due date", "Actions"] as const;

/**
 * The Invoices screen's list (docs/product/billing.md "The owner's figures"): the status, a
 * search, the issue days and the sort, all answered by the server, one page at a time, and the CSV
 * exports of the matching invoices and of their payments for the accountant.
 */
export function InvoicesPanel({
  filter,
  onChange,
  onClear,
  pageHref,
  onView,
}: {
  filter: InvoiceListFilter;
  onChange: (changes: Record<string, string | null>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  pageHref: (page: number) => string;
  onView: (invoice: InvoiceRow) => void;
}) {
  const id = useId();
  const box = useSearchBox(filter.q, (q) => onChange({ q }, { replace: true }));
  const list = useInvoicePage(filter);
  const data = list.data;
  const filtered = filter.q.trim() !== "" || filter.status !== "all" || filter.from !== "" || filter.to !== "";
  const query = invoiceQuery(filter);
  const none = !data || data.total === 0;

  return (
    <div className="grid gap-4">
      <div className="grid gap-3">
        <SearchInput
          label="Search invoices"
          placeholder="Search number, project, client name or e-mail..."
          value={box.typed}
          onChange={box.type}
          onSettle={box.flush}
        />
        <div className="flex flex-wrap items-center gap-3">
          <FilterSelect
            label="Status"
            value={filter.status}
            onChange={(v) => onChange({ status: v })}
            options={INVOICE_FILTER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          />
          <div className="flex min-w-0 items-center gap-2">
            <label htmlFor={`${id}-from`} className="shrink-0 text-sm font-medium text-slate-700">
              Issued from
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className={`${inputClass} w-40`}
              value={filter.from}
              onChange={(e) => onChange({ from: e.target.value || null })}
            />
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <label htmlFor={`${id}-to`} className="shrink-0 text-sm font-medium text-slate-700">
              to
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className={`${inputClass} w-40`}
              value={filter.to}
              onChange={(e) => onChange({ to: e.target.value || null })}
            />
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <label htmlFor={`${id}-sort`} className="shrink-0 text-sm font-medium text-slate-700">
              Sort
            </label>
            <select
              id={`${id}-sort`}
              className={`${inputClass} md:w-40`}
              value={filter.sort}
              onChange={(e) => onChange({ sort: INVOICE_SORTS.find((s) => s === e.target.value) ?? "newest" })}
            >
              {INVOICE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {INVOICE_SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <DownloadButton
            path={urlOf(invoicesEndpoints.csv, { query: { ...query, rows: "invoices" } })}
            fallbackName="invoices.csv"
            label="Export Invoices CSV"
            busyLabel="Exporting..."
            failure="Failed to export CSV"
            disabled={none}
          />
          <DownloadButton
            path={urlOf(invoicesEndpoints.csv, { query: { ...query, rows: "payments" } })}
            fallbackName="payments.csv"
            label="Export Payments CSV"
            busyLabel="Exporting..."
            failure="Failed to export CSV"
            disabled={none}
          />
        </div>
      </div>

      {list.isPending ? (
        <InlineLoading label="Loading invoices..." />
      ) : list.isError && !data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !data || data.total === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={["No invoices yet", "No invoices match your search or filters"]}
          hint={[
            "Create one from a project's details: the deposit of an accepted quote, or Create Invoice.",
            "Try other words or days, or clear the search and filters.",
          ]}
          clearLabel="Clear search and filters"
          onClear={() => {
            box.clear();
            onClear();
          }}
        />
      ) : (
        <section aria-labelledby={`${id}-list`} className="grid gap-3" aria-busy={list.isFetching}>
          <h2 id={`${id}-list`} className="text-sm text-slate-600" aria-live="polite">
            {listCount(["invoice", "invoices"], filter.page, data, data.invoices.length)}
            {list.isPlaceholderData && <span className="ml-2 text-slate-500">Loading...</span>}
          </h2>
          <InvoicesList invoices={data.invoices} onView={onView} />
          <Pager label="Invoices pages" page={filter.page} total={data.total} hrefFor={pageHref} />
        </section>
      )}
    </div>
  );
}

function InvoicesList({ invoices, onView }: { invoices: InvoiceRow[]; onView: (invoice: InvoiceRow) => void }) {
  const details = (invoice: InvoiceRow) => (
    <button type="button" className={adminButton.row} onClick={() => onView(invoice)}>
      <Eye className="size-3.5" aria-hidden="true" /> Details<span className="sr-only"> {invoice.number}</span>
    </button>
  );
  return (
    <RecordList
      items={invoices}
      recordId={(invoice) => invoice.id}
      caption="Invoices"
      columns={COLUMNS}
      minWidth="min-w-[960px]"
      row={(invoice) => (
        <>
          <td className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">{invoice.number}</td>
          <td className="max-w-48 px-4 py-3 break-words text-slate-800">{invoice.client_name ?? "—"}</td>
          <td className="max-w-56 px-4 py-3">
            <p className="break-words text-slate-800">{invoice.project_name}</p>
            <p className="text-xs text-slate-600">{invoice.project_id}</p>
          </td>
          <td className="px-4 py-3">
            <InvoiceStatusBadge status={invoice.status} />
          </td>
          <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatCents(invoice.total_cents)}</td>
          <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
            {formatCents(invoice.amount_paid_cents)}
          </td>
          <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
            {formatCents(invoice.amount_due_cents)}
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDay(invoice.due_date)}</td>
          <td className="px-4 py-3">{details(invoice)}</td>
        </>
      )}
      card={(invoice) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-medium text-slate-900">{invoice.number}</h3>
            <InvoiceStatusBadge status={invoice.status} />
          </div>
          <p className="mt-1 text-sm break-words text-slate-800">{invoice.project_name}</p>
          <p className="text-xs break-words text-slate-600">{invoice.client_name ?? "No primary contact"}</p>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-slate-600">Total</dt>
              <dd className="tabular-nums">{formatCents(invoice.total_cents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Paid</dt>
              <dd className="tabular-nums">{formatCents(invoice.amount_paid_cents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Due</dt>
              <dd className="tabular-nums">{formatCents(invoice.amount_due_cents)}</dd>
            </div>
          </dl>
          <p className="mt-1 text-xs text-slate-700">Due date {formatDay(invoice.due_date)}</p>
          <div className="mt-3">{details(invoice)}</div>
        </>
      )}
    />
  );
}

export type { InvoiceStatusFilter };

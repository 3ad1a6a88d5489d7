import { useEffect, useRef, useState, type ReactNode } from "react";
import { formatCents } from "~/contracts/billing-money";
import {
  INVOICE_STATUS_LABELS,
  QUOTE_STATUS_LABELS,
  type InvoiceStatus,
  type QuoteStatus,
} from "~/contracts/billing-terms";
import type { BillingLine } from "~/contracts/quotes";
import { buttonClass } from "~/components/ui/button";
import { formatInstant } from "~/lib/time/zoned";
import { fetchPdf, type PdfOf } from "./billing-api";

/**
 * The pieces a quote and an invoice share in the portal's Billing section
 * (docs/product/billing.md "The client decides", "Invoices"): the status badge, the lines, the
 * totals and the PDF button.
 */

/** The card an e-mailed link opened the portal on: marked until the page is left. */
export const targetedCard = "border-transparent ring-2 ring-brand-500";

/** The section's buttons: one height side by side, the width of the card on a phone. */
export const mainAction = `${buttonClass.brand} w-full border-2 border-brand-700 sm:w-auto`;
export const otherAction = `${buttonClass.outline} w-full sm:w-auto`;

const badge = "inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset";

/** Each pair keeps text-to-background contrast above 4.5:1. */
const QUOTE_COLOURS: Record<QuoteStatus, string> = {
  draft: "bg-slate-100 text-slate-800 ring-slate-300",
  sent: "bg-sky-100 text-sky-900 ring-sky-300",
  viewed: "bg-sky-100 text-sky-900 ring-sky-300",
  accepted: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  declined: "bg-red-100 text-red-900 ring-red-300",
  expired: "bg-amber-100 text-amber-900 ring-amber-300",
};

const INVOICE_COLOURS: Record<InvoiceStatus, string> = {
  draft: "bg-slate-100 text-slate-800 ring-slate-300",
  sent: "bg-sky-100 text-sky-900 ring-sky-300",
  partially_paid: "bg-violet-100 text-violet-900 ring-violet-300",
  paid: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  overdue: "bg-red-100 text-red-900 ring-red-300",
  void: "bg-slate-200 text-slate-800 ring-slate-400",
};

/**
 * A quote's status in the client's words (docs/product/billing.md "The client decides"): a sent
 * or viewed quote awaits their decision (the owner's "Sent" and "Viewed" are the admin's).
 */
export const CLIENT_QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  ...QUOTE_STATUS_LABELS,
  sent: "Awaiting your decision",
  viewed: "Awaiting your decision",
};

/** A quote's status as the client sees it: a sent quote past its day reads Expired. */
export function QuoteBadge({ status, expired }: { status: QuoteStatus; expired: boolean }) {
  const shown: QuoteStatus = expired && (status === "sent" || status === "viewed") ? "expired" : status;
  return (
    <span className={`${badge} ${QUOTE_COLOURS[shown]}`} data-status={shown}>
      {CLIENT_QUOTE_STATUS_LABELS[shown]}
    </span>
  );
}

export function InvoiceBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span className={`${badge} ${INVOICE_COLOURS[status]}`} data-status={status}>
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}

const quantityText = (quantity: number) =>
  quantity.toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** The lines: on a phone the quantity and unit price go under the description. */
export function LinesTable({ lines, caption }: { lines: readonly BillingLine[]; caption: string }) {
  const head = "py-2 text-left text-sm font-semibold text-slate-700";
  return (
    <table className="mt-4 w-full table-fixed border-collapse text-slate-900">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className={`${head} pr-3`}>
            Description
          </th>
          <th scope="col" className={`${head} hidden w-16 px-3 text-right sm:table-cell`}>
            Qty
          </th>
          <th scope="col" className={`${head} hidden w-32 px-3 text-right sm:table-cell`}>
            Unit price
          </th>
          <th scope="col" className={`${head} w-28 pl-3 text-right sm:w-32`}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${index}-${line.description}`} className="border-b border-slate-200 align-top">
            <td className="py-3 pr-3 break-words">
              {line.description}
              <span className="mt-1 block text-sm text-slate-700 sm:hidden">
                {quantityText(line.quantity)} × {formatCents(line.unit_price_cents)}
              </span>
            </td>
            <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{quantityText(line.quantity)}</td>
            <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">
              {formatCents(line.unit_price_cents)}
            </td>
            <td className="py-3 pl-3 text-right tabular-nums">{formatCents(line.total_cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One row of the totals: a label and an amount, the last ones bold. */
export function TotalsList({ rows }: { rows: { label: string; cents: number; strong?: boolean; testId?: string }[] }) {
  return (
    <dl className="mt-4 ml-auto max-w-sm space-y-1.5">
      {rows.map((row) => (
        <div
          key={row.label}
          className={`flex justify-between gap-4 ${row.strong ? "border-t border-slate-300 pt-1.5 text-lg font-bold" : ""}`}
        >
          <dt className={row.strong ? "text-slate-900" : "text-slate-700"}>{row.label}</dt>
          <dd className="text-slate-900 tabular-nums" data-testid={row.testId}>
            {formatCents(row.cents)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A label and what it says, in the facts of a quote or an invoice. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * An instant as "December 2, 2026 at 10:04 AM EST": in the business's time zone with the zone named,
 * the same clock as the admin, the PDFs and the e-mails (docs/product/billing.md "Times").
 */
export function formatMoment(value: string): string {
  return formatInstant(value, "long");
}

const PDF_FAILED: Record<string, string> = {
  network: "The PDF could not load: check your connection and try again.",
  refused: "The PDF could not be opened. Reload the page and try again.",
};

/**
 * "Open PDF": the file is fetched with the portal session and opened as an object URL in a new
 * tab, where the browser shows it in its PDF viewer; a browser without one saves it. "Download
 * receipt" (`download`) always saves it, named by its number.
 */
export function PdfButton({
  of,
  token,
  number,
  label = "Open PDF",
  download = false,
  className = otherAction,
}: {
  of: PdfOf;
  token: string;
  number: string;
  label?: string;
  download?: boolean;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "loading" | { error: string }>("idle");
  const opened = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of opened.current) URL.revokeObjectURL(url);
    },
    [],
  );
  async function open() {
    setState("loading");
    const result = await fetchPdf(of, token);
    if (!result.ok) {
      setState({ error: result.network ? PDF_FAILED.network! : (result.error ?? PDF_FAILED.refused!) });
      return;
    }
    const url = URL.createObjectURL(result.data);
    opened.current.push(url);
    const link = document.createElement("a");
    link.href = url;
    // A browser without a PDF viewer (many phones) saves the file, named by its number, instead.
    if (download || navigator.pdfViewerEnabled === false) link.download = `${number}.pdf`;
    else {
      link.target = "_blank";
      link.rel = "noopener";
    }
    link.click();
    setState("idle");
  }
  return (
    <div className="w-full sm:w-auto">
      <button
        type="button"
        onClick={() => void open()}
        disabled={state === "loading"}
        className={`${className} disabled:cursor-wait disabled:opacity-70`}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
          <path d="M4 2a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7.4a2 2 0 0 0-.6-1.4l-3.4-3.4A2 2 0 0 0 12.6 2H4Zm2 9h8a1 1 0 1 1 0 2H6a1 1 0 1 1 0-2Zm0 3h5a1 1 0 1 1 0 2H6a1 1 0 1 1 0-2Z" />
        </svg>
        {state === "loading" ? "Opening the PDF..." : label}
        <span className="sr-only"> of {number}</span>
      </button>
      {typeof state === "object" ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

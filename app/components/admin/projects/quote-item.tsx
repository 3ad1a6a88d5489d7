import { useState } from "react";
import { ArrowRight, Pencil, Receipt, RefreshCw, Send, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { errorMessage, urlOf } from "~/lib/api/call";
import { formatCents } from "~/contracts/billing-money";
import { OPEN_QUOTE_STATUSES, QUOTE_NEXT, QUOTE_STATUS_LABELS } from "~/contracts/billing-terms";
import type { Invoice } from "~/contracts/invoices";
import { quotesEndpoints, type Quote } from "~/contracts/quotes";
import { formatInstant } from "~/lib/time/zoned";
import { Badge } from "../ui/badge";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { adminButton, suggestedButtonClass } from "../ui/styles";
import { formatDay } from "../ui/format";
import { Facts } from "../ui/facts";
import { SectionError } from "./section";
import { QuoteSchedule } from "./quote-schedule";
import {
  useDeleteQuote,
  useInvoiceFromQuote,
  useReviseQuote,
  useSendQuote,
  useSetQuoteStatus,
  PdfButton,
  QUOTE_STATUS_TONES,
  QuoteFollowUps,
} from "~/components/admin/billing";

const small = adminButton.row;

export function QuoteStatusBadge({ status }: { status: Quote["status"] }) {
  return <Badge tone={QUOTE_STATUS_TONES[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}

/**
 * One quote of a project's billing (docs/product/billing.md "Quotes"): its figures, acceptance or
 * decline, follow-ups, and the actions its status allows, the suggested next one standing out.
 */
export function QuoteItem({
  quote,
  revising,
  invoices,
  onEdit,
}: {
  quote: Quote;
  /** A draft revision of it is being written (one at a time). */
  revising: boolean;
  invoices: Invoice[];
  onEdit: (quote: Quote) => void;
}) {
  const send = useSendQuote();
  const revise = useReviseQuote();
  const setStatus = useSetQuoteStatus();
  const fromQuote = useInvoiceFromQuote();
  const remove = useDeleteQuote();
  const [deleting, setDeleting] = useState(false);
  // Revisions share their quote's number: each one's buttons name its revision.
  const name = quote.revision > 1 ? `${quote.number} revision ${quote.revision}` : quote.number;
  const who = <span className="sr-only"> {name}</span>;
  const next = QUOTE_NEXT[quote.status];
  const open = OPEN_QUOTE_STATUSES.includes(quote.status);
  const replaced = quote.replaced_by_id !== null;
  const ofQuote = invoices.filter((i) => i.quote_id === quote.id && i.status !== "void");
  const hasDeposit = ofQuote.some((i) => i.kind === "deposit");
  const hasBalance = ofQuote.some((i) => i.kind === "balance");
  const busy = send.isPending || revise.isPending || setStatus.isPending || fromQuote.isPending;
  const failure = send.error ?? revise.error ?? setStatus.error ?? fromQuote.error;
  /** The deposit or balance invoice of the accepted quote, written as a draft. */
  const invoiceFrom = (kind: "deposit" | "balance") =>
    fromQuote.mutate(
      { quoteId: quote.id, kind },
      {
        onSuccess: (inv) =>
          toast.success(`${kind === "deposit" ? "Deposit" : "Balance"} invoice ${inv.number} created as a draft`),
      },
    );

  const mark = (status: "declined" | "expired") =>
    setStatus.mutate(
      { quoteId: quote.id, status },
      {
        onSuccess: (saved) =>
          toast.success(`Quote ${saved.number} marked ${QUOTE_STATUS_LABELS[saved.status].toLowerCase()}`),
      },
    );
  const markClass = (status: "declined" | "expired") => (next.includes(status) ? suggestedButtonClass : small);

  return (
    <li className="rounded-lg border border-slate-200 p-3" data-quote={quote.number} data-quote-id={quote.id}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium text-slate-900">{quote.number}</p>
        <QuoteStatusBadge status={quote.status} />
        {quote.revision > 1 && <Badge tone="gray">Revision {quote.revision}</Badge>}
        {replaced && <Badge tone="gray">Replaced by a revision</Badge>}
        {revising && <Badge tone="gray">Revision in draft</Badge>}
      </div>
      <Facts
        className="mt-2 gap-y-1"
        facts={[
          ["Total", formatCents(quote.total_cents)],
          ["Deposit", `${formatCents(quote.deposit_cents)} (${quote.deposit_percent}%)`],
          ["Valid until", formatDay(quote.valid_until)],
          ["Revision", String(quote.revision)],
        ]}
      />
      {quote.schedule && <QuoteSchedule quote={quote} schedule={quote.schedule} />}
      {quote.acceptance && (
        <p className="mt-2 text-sm text-green-900">
          Accepted by {quote.acceptance.full_name} on{" "}
          <time dateTime={quote.acceptance.accepted_at}>{formatInstant(quote.acceptance.accepted_at)}</time>
        </p>
      )}
      {quote.status === "declined" && quote.decline_reason && (
        <p className="mt-2 text-sm break-words text-slate-700">Reason: {quote.decline_reason}</p>
      )}
      {open && !replaced && (
        <p className="mt-2 text-xs text-slate-600">
          Suggested next: the client accepts it in the portal
          {quote.is_expired ? " (it is past its valid-until day: mark it expired, or revise it)" : ""}.
        </p>
      )}
      <QuoteFollowUps quote={quote} />
      <div className="mt-3 flex flex-wrap items-center gap-1.5">
        {quote.status === "draft" && (
          <>
            <button
              type="button"
              className={suggestedButtonClass}
              disabled={busy}
              onClick={() =>
                send.mutate(quote.id, {
                  onSuccess: (saved) => toast.success(`Quote ${saved.number} sent to the client`),
                })
              }
            >
              <Send className="size-4" aria-hidden="true" /> {send.isPending ? "Sending..." : "Send to Client"}
              {who}
            </button>
            <button type="button" className={small} onClick={() => onEdit(quote)}>
              <Pencil className="size-3.5" aria-hidden="true" /> Edit{who}
            </button>
            <button type="button" className={`${small} text-red-800 hover:bg-red-50`} onClick={() => setDeleting(true)}>
              <Trash2 className="size-3.5" aria-hidden="true" /> Delete{who}
            </button>
          </>
        )}
        {open && !replaced && (
          <>
            <button type="button" className={markClass("declined")} disabled={busy} onClick={() => mark("declined")}>
              <ArrowRight className="size-4" aria-hidden="true" /> Mark declined{who}
            </button>
            <button type="button" className={markClass("expired")} disabled={busy} onClick={() => mark("expired")}>
              <ArrowRight className="size-4" aria-hidden="true" /> Mark expired{who}
            </button>
          </>
        )}
        {/* A decided quote is final: only a sent, viewed or expired one is revised. */}
        {(open || quote.status === "expired") && !replaced && !revising && (
          <button
            type="button"
            className={small}
            disabled={busy}
            onClick={() =>
              revise.mutate(quote.id, {
                onSuccess: (saved) => {
                  toast.success(`Revision ${saved.number} created as a draft`);
                  onEdit(saved);
                },
              })
            }
          >
            <RefreshCw className="size-3.5" aria-hidden="true" /> Revise{who}
          </button>
        )}
        {quote.status === "accepted" && (
          <>
            {!hasDeposit && quote.deposit_cents > 0 && (
              <button
                type="button"
                className={suggestedButtonClass}
                disabled={busy}
                onClick={() => invoiceFrom("deposit")}
              >
                <Receipt className="size-4" aria-hidden="true" /> Create Deposit Invoice{who}
              </button>
            )}
            {!hasBalance && (
              <button
                type="button"
                className={hasDeposit || quote.deposit_cents === 0 ? suggestedButtonClass : small}
                disabled={busy}
                onClick={() => invoiceFrom("balance")}
              >
                <Receipt className="size-4" aria-hidden="true" /> Create Balance Invoice{who}
              </button>
            )}
          </>
        )}
        <PdfButton
          path={urlOf(quotesEndpoints.pdf, { params: { quoteId: quote.id } })}
          fileName={`${quote.number}.pdf`}
          className={small}
          what={`quote ${name}`}
        />
      </div>
      {failure && (
        <div className="mt-2">
          <SectionError>{errorMessage(failure, "Failed to update the quote")}</SectionError>
        </div>
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete Quote"
        question={`Delete the draft ${quote.number}? The client never saw it.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.error}
        fallbackError="Failed to delete the quote"
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
        onConfirm={() =>
          remove.mutate(quote.id, {
            onSuccess: () => {
              toast.success(`Quote ${quote.number} deleted`);
              setDeleting(false);
            },
          })
        }
      />
    </li>
  );
}

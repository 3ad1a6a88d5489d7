import { useEffect, useId, useRef, useState } from "react";
import { formatCents } from "~/contracts/billing-money";
import type { ClientBilling } from "~/contracts/billing";
import { INVOICE_KIND_LABELS } from "~/contracts/billing-terms";
import type { Quote } from "~/contracts/quotes";
import { site } from "~/config/site";
import { formatPortalDate } from "~/lib/portal/labels";
import {
  Fact,
  formatMoment,
  LinesTable,
  mainAction,
  otherAction,
  PdfButton,
  QuoteBadge,
  targetedCard,
  TotalsList,
} from "./billing-parts";
import { AcceptForm, DeclineForm } from "./quote-decision-forms";
import { PaymentScheduleList } from "~/components/ui/payment-schedule-list";

type ClientQuote = ClientBilling["quotes"][number];

interface QuoteCardProps {
  quote: ClientQuote;
  /** Every quote of the project: a replaced quote names its revision. */
  quotes: readonly ClientQuote[];
  contactEmail: string;
  token: string;
  /** The server's answer after an acceptance or a refusal: the section reloads. */
  onDecided: (quote: Quote) => void;
  /** The document an e-mailed link opened the portal on. */
  targeted?: boolean;
  /** The project's invoices: an accepted quote points to its own that are still to pay. */
  invoices?: ClientBilling["invoices"];
}

const discountLabel = (quote: Quote) =>
  quote.discount_type === "percent"
    ? `Discount (${(quote.discount_value / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%)`
    : "Discount";

/**
 * One quote in the portal (docs/product/billing.md "The client decides"): its number, status,
 * lines and totals, deposit, terms and dates, its PDF, and, while it is open, "Accept Quote"
 * (the full name typed and the terms agreed to) and "Decline" (an optional reason).
 */
export function QuoteCard({
  quote,
  quotes,
  contactEmail,
  token,
  onDecided,
  targeted = false,
  invoices = [],
}: QuoteCardProps) {
  const [form, setForm] = useState<"none" | "accept" | "decline">("none");
  const titleId = useId();
  const expired = quote.is_expired || quote.status === "expired";
  const replacement = quote.replaced_by_id ? quotes.find((q) => q.id === quote.replaced_by_id) : undefined;
  const open = quote.status === "sent" || quote.status === "viewed";
  // Keyboard and screen-reader users follow: a decision moves the focus to its outcome, a
  // cancelled form back to the button that opened it.
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<"outcome" | "accept" | "decline" | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    if (next === "outcome") outcomeRef.current?.focus();
    else actionsRef.current?.querySelector<HTMLButtonElement>(`[data-action="${next}"]`)?.focus();
  });
  const decided = (answer: Quote) => {
    focusNext.current = "outcome";
    onDecided(answer);
  };
  const cancel = (which: "accept" | "decline") => {
    focusNext.current = which;
    setForm("none");
  };

  const totals = [
    ...(quote.discount_cents > 0
      ? [
          { label: "Subtotal", cents: quote.subtotal_cents },
          { label: discountLabel(quote), cents: -quote.discount_cents },
        ]
      : []),
    { label: "Total", cents: quote.total_cents, strong: true, testId: "quote-total" },
  ];

  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5 ${targeted ? targetedCard : ""}`}
      data-testid="portal-quote"
      data-quote={quote.number}
      data-revision={quote.revision}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h5
          id={titleId}
          tabIndex={-1}
          data-document={`quote-${quote.id}`}
          className="scroll-mt-24 text-lg font-bold text-slate-900 focus:outline-none"
        >
          Quote <span className="whitespace-nowrap">{quote.number}</span>
          {quote.revision > 1 ? (
            <span className="ml-2 text-sm font-normal text-slate-700">Revision {quote.revision}</span>
          ) : null}
        </h5>
        <QuoteBadge status={quote.status} expired={quote.is_expired} />
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {quote.sent_at ? (
          <Fact label="Sent">
            <time dateTime={quote.sent_at}>{formatMoment(quote.sent_at)}</time>
          </Fact>
        ) : null}
        <Fact label="Valid until">{formatPortalDate(quote.valid_until)}</Fact>
        <Fact label="Deposit">
          {quote.deposit_percent}% ({formatCents(quote.deposit_cents)})
        </Fact>
      </dl>

      {quote.notes ? <p className="mt-4 leading-7 whitespace-pre-line text-slate-900">{quote.notes}</p> : null}

      <LinesTable lines={quote.lines} caption={`The lines of quote ${quote.number}`} />
      <TotalsList rows={totals} />
      <p className="mt-2 text-right text-slate-800">
        Deposit to start the work ({quote.deposit_percent}%):{" "}
        <strong className="tabular-nums" data-testid="quote-deposit">
          {formatCents(quote.deposit_cents)}
        </strong>
      </p>
      {quote.schedule ? (
        <PaymentScheduleList
          schedule={quote.schedule}
          totalCents={quote.total_cents}
          caption="How the total is paid: each payment is invoiced when it falls due"
        />
      ) : null}

      {quote.terms ? (
        <details className="mt-4 rounded-lg border border-slate-200 bg-white p-3" open={open && !expired}>
          <summary className="cursor-pointer font-semibold text-slate-900">Terms</summary>
          <p className="mt-2 text-sm leading-6 whitespace-pre-line text-slate-800">{quote.terms}</p>
        </details>
      ) : null}

      <div className="mt-4 space-y-3">
        {quote.acceptance ? (
          <p
            ref={outcomeRef}
            tabIndex={-1}
            className="rounded-lg bg-emerald-50 p-3 text-emerald-950 focus:outline-none"
            data-testid="quote-acceptance"
          >
            Accepted by <strong>{quote.acceptance.full_name}</strong> on{" "}
            <time dateTime={quote.acceptance.accepted_at}>{formatMoment(quote.acceptance.accepted_at)}</time>.
          </p>
        ) : null}
        {quote.acceptance ? <ToPayNow invoices={invoices.filter((i) => i.quote_id === quote.id)} /> : null}
        {quote.status === "declined" ? (
          <p ref={outcomeRef} tabIndex={-1} className="rounded-lg bg-red-50 p-3 text-red-950 focus:outline-none">
            Declined{quote.decided_at ? ` on ${formatMoment(quote.decided_at)}` : ""}.
            {quote.decline_reason ? ` Your reason: ${quote.decline_reason}` : ""}
          </p>
        ) : null}
        {quote.replaced_by_id ? (
          <p className="rounded-lg bg-white p-3 text-slate-800 ring-1 ring-slate-200">
            {replacement
              ? `This quote was replaced by the newer revision ${replacement.number} (revision ${replacement.revision}), above: it is the one to decide on.`
              : "This quote was replaced by a newer revision."}
          </p>
        ) : expired ? (
          <p className="rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="quote-expired">
            {quote.is_expired
              ? `This quote expired on ${formatPortalDate(quote.valid_until)}`
              : "This quote has expired"}{" "}
            and can no longer be accepted. To go ahead, ask {site.owner.name} for a new one:{" "}
            <a href={`mailto:${contactEmail}`}>{contactEmail}</a> or{" "}
            <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a>.
          </p>
        ) : null}
      </div>

      <div ref={actionsRef} className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        {quote.can_accept && form === "none" ? (
          <>
            <button type="button" data-action="accept" className={mainAction} onClick={() => setForm("accept")}>
              Accept Quote
            </button>
            <button type="button" data-action="decline" className={otherAction} onClick={() => setForm("decline")}>
              Decline
            </button>
          </>
        ) : null}
        <PdfButton of={{ kind: "quote", id: quote.id }} token={token} number={quote.number} />
      </div>

      {quote.can_accept && form === "accept" ? (
        <AcceptForm quote={quote} token={token} onCancel={() => cancel("accept")} onDone={decided} />
      ) : null}
      {quote.can_accept && form === "decline" ? (
        <DeclineForm quote={quote} token={token} onCancel={() => cancel("decline")} onDone={decided} />
      ) : null}
    </article>
  );
}

/**
 * Sign and pay in one sitting (docs/product/billing.md "Deposit at signing"): the accepted quote's
 * invoices still to pay, each a button to its card below (its Pay Now, or how to pay).
 */
function ToPayNow({ invoices }: { invoices: ClientBilling["invoices"] }) {
  const open = invoices.filter((i) => i.amount_due_cents > 0 && i.status !== "void" && i.status !== "paid");
  if (open.length === 0) return null;
  const go = (id: number) => {
    const heading = document.querySelector<HTMLElement>(`[data-document="invoice-${id}"]`);
    heading?.scrollIntoView({ behavior: "smooth", block: "start" });
    heading?.focus({ preventScroll: true });
  };
  return (
    <div className="rounded-lg bg-white p-3 text-slate-900 ring-1 ring-slate-200" data-testid="quote-to-pay">
      {open.map((invoice) => (
        <p key={invoice.id} className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {INVOICE_KIND_LABELS[invoice.kind]} invoice <span className="whitespace-nowrap">{invoice.number}</span>:{" "}
            <strong className="tabular-nums">{formatCents(invoice.amount_due_cents)}</strong>, ready to pay now.
          </span>
          <button type="button" className={mainAction} onClick={() => go(invoice.id)}>
            Go to invoice {invoice.number}
          </button>
        </p>
      ))}
    </div>
  );
}

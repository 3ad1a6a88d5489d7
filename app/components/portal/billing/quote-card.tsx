import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { formatCents } from "~/contracts/billing-money";
import type { ClientBilling } from "~/contracts/billing";
import { QuoteAcceptSchema, type Quote } from "~/contracts/quotes";
import { site } from "~/config/site";
import { FormAlert } from "~/components/site/forms/form-alert";
import { TextField } from "~/components/site/forms/text-field";
import { TextareaField } from "~/components/site/forms/textarea-field";
import { FieldError } from "~/components/site/forms/field-error";
import { errorId } from "~/components/site/forms/field-parts";
import { SubmitButton } from "~/components/site/forms/submit-button";
import { formatPortalDate } from "~/lib/portal/labels";
import { acceptQuote, declineQuote, type BillingResult } from "./billing-api";
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
}

export const ACCEPT_ERRORS = {
  name: "Type your full name to accept",
  agree: "Tick the box to agree to the terms",
} as const;

const failedText = (result: Extract<BillingResult<unknown>, { ok: false }>, what: string) =>
  result.network
    ? `${what}: the server could not be reached. Check your connection and try again; what you typed is kept.`
    : result.status === 409
      ? (result.error ?? "This quote changed since the page loaded. Reload the page to see it as it is now.")
      : (result.error ?? `${what}. Try again in a moment; what you typed is kept.`);

const discountLabel = (quote: Quote) =>
  quote.discount_type === "percent"
    ? `Discount (${(quote.discount_value / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%)`
    : "Discount";

/**
 * One quote in the portal (docs/product/billing.md "The client decides"): its number, status,
 * lines and totals, deposit, terms and dates, its PDF, and, while it is open, "Accept Quote"
 * (the full name typed and the terms agreed to) and "Decline" (an optional reason).
 */
export function QuoteCard({ quote, quotes, contactEmail, token, onDecided, targeted = false }: QuoteCardProps) {
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

interface FormProps {
  quote: ClientQuote;
  token: string;
  onCancel: () => void;
  onDone: (quote: Quote) => void;
}

/** "Accept Quote": the client's full name, typed, and the terms agreed to; the content hash goes along. */
function AcceptForm({ quote, token, onCancel, onDone }: FormProps) {
  const [name, setName] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<{ full_name?: string; agree_terms?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formId = useId();
  const nameId = `${formId}name`;
  const agreeRef = useRef<HTMLInputElement>(null);
  const focusName = () => document.getElementById(nameId)?.focus();
  // The form opens on its first field.
  useEffect(() => {
    document.getElementById(nameId)?.focus();
  }, [nameId]);
  const alertRef = useRef<HTMLDivElement>(null);
  const agreeId = `${formId}agree`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = QuoteAcceptSchema.safeParse({
      full_name: name,
      agree_terms: agreed,
      content_hash: quote.content_hash,
    });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === "full_name") found.full_name ??= issue.message;
        if (field === "agree_terms") found.agree_terms ??= ACCEPT_ERRORS.agree;
      }
      setErrors(found);
      setFailure(null);
      if (found.full_name) focusName();
      else agreeRef.current?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    const result = await acceptQuote(quote.id, token, {
      full_name: checked.data.full_name,
      agree_terms: true,
      content_hash: checked.data.content_hash,
    });
    setSending(false);
    if (result.ok) {
      onDone(result.data.quote);
      return;
    }
    if (result.fields?.full_name || result.fields?.agree_terms) {
      setErrors({ full_name: result.fields.full_name, agree_terms: result.fields.agree_terms });
      if (result.fields.full_name) focusName();
      else agreeRef.current?.focus();
      return;
    }
    setFailure(failedText(result, "The quote could not be accepted"));
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${formId}title`}
      className="mt-4 space-y-4 rounded-xl border border-brand-200 bg-white p-4 sm:p-5"
    >
      <h6 id={`${formId}title`} className="text-lg font-bold text-slate-900">
        Accept quote <span className="whitespace-nowrap">{quote.number}</span>
      </h6>
      <p className="text-slate-800">
        Typing your full name and ticking the box accepts this quote as shown: a total of{" "}
        <strong>{formatCents(quote.total_cents)}</strong>, with a deposit of{" "}
        <strong>{formatCents(quote.deposit_cents)}</strong> to start the work.
      </p>
      {failure ? <FormAlert ref={alertRef} title={failure} /> : null}
      <TextField
        id={nameId}
        name="full_name"
        label="Your full name"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.full_name}
        hint="As you would sign it, e.g. Maria Santos."
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            ref={agreeRef}
            id={agreeId}
            name="agree_terms"
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            aria-invalid={errors.agree_terms ? true : undefined}
            aria-describedby={errors.agree_terms ? errorId(agreeId) : undefined}
            className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-2 focus:ring-brand-600 aria-invalid:outline-2 aria-invalid:outline-offset-1 aria-invalid:outline-red-600"
          />
          <label htmlFor={agreeId} className="font-semibold text-slate-900">
            I agree to the terms of this quote
          </label>
        </div>
        <FieldError fieldId={agreeId} message={errors.agree_terms} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton sending={sending} sendingLabel="Accepting..." className="border-2 border-brand-700">
          Accept Quote
        </SubmitButton>
        <button type="button" className={otherAction} onClick={onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** "Decline": an optional reason. */
function DeclineForm({ quote, token, onCancel, onDone }: FormProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formId = useId();
  const reasonId = `${formId}reason`;
  const alertRef = useRef<HTMLDivElement>(null);
  // The form opens on its field.
  useEffect(() => {
    document.getElementById(reasonId)?.focus();
  }, [reasonId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason.trim().length > 2000) {
      setError("The reason must be at most 2,000 characters");
      return;
    }
    setError(undefined);
    setFailure(null);
    setSending(true);
    const result = await declineQuote(quote.id, token, reason);
    setSending(false);
    if (result.ok) {
      onDone(result.data.quote);
      return;
    }
    if (result.fields?.reason) {
      setError(result.fields.reason);
      return;
    }
    setFailure(failedText(result, "The quote could not be declined"));
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${formId}title`}
      className="mt-4 space-y-4 rounded-xl border border-slate-300 bg-white p-4 sm:p-5"
    >
      <h6 id={`${formId}title`} className="text-lg font-bold text-slate-900">
        Decline quote <span className="whitespace-nowrap">{quote.number}</span>
      </h6>
      <p className="text-slate-800">
        {site.owner.firstName} is told at once. A reason helps with a better quote, but you need not give one.
      </p>
      {failure ? <FormAlert ref={alertRef} title={failure} /> : null}
      <TextareaField
        id={reasonId}
        name="reason"
        label="Reason"
        optional
        rows={3}
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton sending={sending} sendingLabel="Declining..." className="border-2 border-brand-700">
          Decline Quote
        </SubmitButton>
        <button type="button" className={otherAction} onClick={onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

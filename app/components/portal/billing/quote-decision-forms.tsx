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
import { acceptQuote, declineQuote, type BillingResult } from "./billing-api";
import { otherAction } from "./billing-parts";

/**
 * The client's decision on an open quote (docs/product/billing.md "The client decides"), the forms
 * a QuoteCard opens: "Accept Quote" (the full name typed, the terms agreed to) and "Decline".
 */
type ClientQuote = ClientBilling["quotes"][number];

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

interface FormProps {
  quote: ClientQuote;
  token: string;
  onCancel: () => void;
  onDone: (quote: Quote) => void;
}

/** "Accept Quote": the client's full name, typed, and the terms agreed to; the content hash goes along. */
export function AcceptForm({ quote, token, onCancel, onDone }: FormProps) {
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
export function DeclineForm({ quote, token, onCancel, onDone }: FormProps) {
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

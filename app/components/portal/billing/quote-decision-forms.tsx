import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
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

/**
 * What both forms do: open on their first field, send one decision at a time, and show a failure
 * that no field explains above the fields, focused, with what was typed kept.
 */
function useDecision(firstFieldId: string, onDone: (quote: Quote) => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.getElementById(firstFieldId)?.focus();
  }, [firstFieldId]);

  /** Sends the decision; `refusedFields` shows the server's field messages and says whether it had any. */
  async function send(
    call: () => Promise<BillingResult<{ quote: Quote }>>,
    what: string,
    refusedFields: (fields: Record<string, string> | undefined) => boolean,
  ) {
    setFailure(null);
    setSending(true);
    const result = await call();
    setSending(false);
    if (result.ok) {
      onDone(result.data.quote);
      return;
    }
    if (refusedFields(result.fields)) return;
    setFailure(failedText(result, what));
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  return { failure, setFailure, sending, alertRef, send };
}

/** The frame of both forms: the title with the quote's number, what it does, the failure, the fields, the buttons. */
function DecisionForm({
  formId,
  title,
  quote,
  borderClass,
  intro,
  failure,
  sending,
  alertRef,
  submitLabel,
  sendingLabel,
  onSubmit,
  onCancel,
  children,
}: {
  formId: string;
  title: string;
  quote: ClientQuote;
  borderClass: string;
  intro: ReactNode;
  failure: string | null;
  sending: boolean;
  alertRef: Ref<HTMLDivElement>;
  submitLabel: string;
  sendingLabel: string;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void onSubmit();
      }}
      aria-labelledby={`${formId}title`}
      className={`mt-4 space-y-4 rounded-xl border ${borderClass} bg-white p-4 sm:p-5`}
    >
      <h6 id={`${formId}title`} className="text-lg font-bold text-slate-900">
        {title} <span className="whitespace-nowrap">{quote.number}</span>
      </h6>
      <p className="text-slate-800">{intro}</p>
      {failure ? <FormAlert ref={alertRef} title={failure} /> : null}
      {children}
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton sending={sending} sendingLabel={sendingLabel} className="border-2 border-brand-700">
          {submitLabel}
        </SubmitButton>
        <button type="button" className={otherAction} onClick={onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** "Accept Quote": the client's full name, typed, and the terms agreed to; the content hash goes along. */
export function AcceptForm({ quote, token, onCancel, onDone }: FormProps) {
  const [name, setName] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<{ full_name?: string; agree_terms?: string }>({});
  const formId = useId();
  const nameId = `${formId}name`;
  const agreeId = `${formId}agree`;
  const agreeRef = useRef<HTMLInputElement>(null);
  const decision = useDecision(nameId, onDone);
  const focusFirstError = (found: typeof errors) =>
    found.full_name ? document.getElementById(nameId)?.focus() : agreeRef.current?.focus();

  async function submit() {
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
      decision.setFailure(null);
      focusFirstError(found);
      return;
    }
    setErrors({});
    const body = {
      full_name: checked.data.full_name,
      agree_terms: true as const,
      content_hash: checked.data.content_hash,
    };
    await decision.send(
      () => acceptQuote(quote.id, token, body),
      "The quote could not be accepted",
      (fields) => {
        if (!fields?.full_name && !fields?.agree_terms) return false;
        const found = { full_name: fields.full_name, agree_terms: fields.agree_terms };
        setErrors(found);
        focusFirstError(found);
        return true;
      },
    );
  }

  return (
    <DecisionForm
      formId={formId}
      title="Accept quote"
      quote={quote}
      borderClass="border-brand-200"
      intro={
        <>
          Typing your full name and ticking the box accepts this quote as shown: a total of{" "}
          <strong>{formatCents(quote.total_cents)}</strong>, with a deposit of{" "}
          <strong>{formatCents(quote.deposit_cents)}</strong> to start the work.
        </>
      }
      failure={decision.failure}
      sending={decision.sending}
      alertRef={decision.alertRef}
      submitLabel="Accept Quote"
      sendingLabel="Accepting..."
      onSubmit={submit}
      onCancel={onCancel}
    >
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
    </DecisionForm>
  );
}

/** "Decline": an optional reason. */
export function DeclineForm({ quote, token, onCancel, onDone }: FormProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const formId = useId();
  const reasonId = `${formId}reason`;
  const decision = useDecision(reasonId, onDone);

  async function submit() {
    if (reason.trim().length > 2000) {
      setError("The reason must be at most 2,000 characters");
      return;
    }
    setError(undefined);
    await decision.send(
      () => declineQuote(quote.id, token, reason),
      "The quote could not be declined",
      (fields) => {
        if (!fields?.reason) return false;
        setError(fields.reason);
        return true;
      },
    );
  }

  return (
    <DecisionForm
      formId={formId}
      title="Decline quote"
      quote={quote}
      borderClass="border-slate-300"
      intro={`${site.owner.firstName} is told at once. A reason helps with a better quote, but you need not give one.`}
      failure={decision.failure}
      sending={decision.sending}
      alertRef={decision.alertRef}
      submitLabel="Decline Quote"
      sendingLabel="Declining..."
      onSubmit={submit}
      onCancel={onCancel}
    >
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
    </DecisionForm>
  );
}

import { useRef, useState, type FormEvent } from "react";
import { site } from "~/config/site";
import { ReviewInputSchema, type PortalReview, type ReviewInput } from "~/contracts/reviews";
import { REVIEW_LIMITS } from "~/contracts/review-terms";
import { FormAlert } from "~/components/site/forms/form-alert";
import { TextField } from "~/components/site/forms/text-field";
import { TextareaField } from "~/components/site/forms/textarea-field";
import { buttonClass } from "~/components/ui/button";
import { StarPicker } from "./star-picker";

type Fields = Partial<Record<keyof ReviewInput, string>>;

/** The first message of each field, from the same schema the server checks with. */
function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Fields {
  const fields: Fields = {};
  for (const issue of issues) {
    const key = issue.path[0] as keyof ReviewInput;
    fields[key] ??= issue.message;
  }
  return fields;
}

const ORDER: (keyof ReviewInput)[] = ["stars", "words", "display_name", "business", "consent"];

/**
 * The review form (docs/product/client-portal.md "Reviews"): the stars, a few words, the name and
 * business to show and the consent to publish. Checked with the contract's schema before it is
 * sent; each message sits under its field and the first field at fault takes focus.
 */
export function ReviewForm({
  initial,
  suggestedName,
  onSubmit,
  onCancel,
}: {
  initial: PortalReview | null;
  suggestedName: string;
  onSubmit: (input: ReviewInput) => Promise<{ error?: string; fields?: Record<string, string> } | null>;
  onCancel?: () => void;
}) {
  const [stars, setStars] = useState<number | null>(initial?.stars ?? null);
  const [errors, setErrors] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const focusFirst = (fields: Fields) => {
    const first = ORDER.find((key) => fields[key]);
    if (!first) return;
    const target = formRef.current?.querySelector<HTMLElement>(
      first === "stars" ? 'input[name="stars"]' : `[name="${first}"]`,
    );
    target?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const raw = {
      stars: stars ?? 0,
      words: String(data.get("words") ?? ""),
      display_name: String(data.get("display_name") ?? ""),
      business: String(data.get("business") ?? ""),
      consent: data.get("consent") === "on",
    };
    const checked = ReviewInputSchema.safeParse(raw);
    if (!checked.success) {
      const fields = fieldErrorsOf(checked.error.issues);
      setErrors(fields);
      setFailure(null);
      focusFirst(fields);
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    const refused = await onSubmit(checked.data);
    setSending(false);
    if (!refused) return;
    const fields = (refused.fields ?? {}) as Fields;
    setErrors(fields);
    setFailure(
      refused.error ?? `Your review could not be sent. Please try again in a minute, or e-mail it to ${site.email}.`,
    );
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      // A field's message goes once the client changes that field: what stays is what is still wrong.
      onChange={(event) => {
        const name = (event.target as unknown as HTMLInputElement).name as keyof ReviewInput;
        if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
      }}
      className="grid gap-5"
      aria-label="Your review"
    >
      {failure ? <FormAlert ref={alertRef} title={failure} /> : null}
      <StarPicker value={stars} onChange={setStars} error={errors.stars} />
      <TextareaField
        name="words"
        label="A few words about the work"
        hint="What was it like to work together, and what has the new site done for you?"
        required
        rows={5}
        maxLength={REVIEW_LIMITS.words}
        defaultValue={initial?.words ?? ""}
        error={errors.words}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="display_name"
          label="Name to show"
          required
          autoComplete="name"
          maxLength={REVIEW_LIMITS.name}
          defaultValue={initial?.display_name ?? suggestedName}
          error={errors.display_name}
        />
        <TextField
          name="business"
          label="Business to show"
          optional
          autoComplete="organization"
          hint="For example: Sunrise Bakery, Warwick"
          maxLength={REVIEW_LIMITS.business}
          defaultValue={initial?.business ?? ""}
          error={errors.business}
        />
      </div>
      <div className="rounded-xl border border-slate-300 bg-slate-50 p-4">
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            name="consent"
            defaultChecked={initial?.consent ?? false}
            className="mt-1 size-5 shrink-0 accent-brand-700"
            aria-describedby="review-consent-note"
          />
          <span className="font-semibold text-slate-900">
            {site.owner.firstName} may publish this review on {site.brand}&apos;s website, with the name and business
            above.
          </span>
        </label>
        <p id="review-consent-note" className="mt-2 ml-8 text-sm text-slate-700">
          Leave it unticked and your review reaches {site.owner.firstName} alone. Nothing is published before{" "}
          {site.owner.firstName} has read it.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className={buttonClass.brand} disabled={sending} aria-disabled={sending}>
          {sending ? "Sending..." : initial ? "Save my review" : "Send my review"}
        </button>
        {onCancel ? (
          <button type="button" className={buttonClass.outline} onClick={onCancel}>
            Keep it as it was
          </button>
        ) : null}
      </div>
    </form>
  );
}

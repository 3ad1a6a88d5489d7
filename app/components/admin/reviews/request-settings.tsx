import { useId, useState, type FormEvent } from "react";
import type { ReviewSettings } from "~/contracts/reviews";
import { MAX_LAUNCH_DAYS, type ReviewTrigger } from "~/contracts/review-terms";
import { adminButton, cardClass, inputClass } from "../ui/styles";
import { useReviewSettings, useSaveReviewSettings } from "./api";

/**
 * When clients are asked for a review (docs/product/reviews.md "When the client is asked"): when
 * the project moves to Complete (the default), or a number of days after it reaches Launch.
 */
export function RequestSettings() {
  const settings = useReviewSettings();
  const saved = settings.data?.settings;
  // The form starts from the saved setting: it is drawn afresh once that is read.
  return <SettingsForm key={saved ? `${saved.trigger}-${saved.launch_days}` : "loading"} saved={saved} />;
}

function SettingsForm({ saved }: { saved: ReviewSettings | undefined }) {
  const id = useId();
  const save = useSaveReviewSettings();
  const [trigger, setTrigger] = useState<ReviewTrigger>(saved?.trigger ?? "complete");
  const [days, setDays] = useState(String(saved?.launch_days ?? 14));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < 0 || n > MAX_LAUNCH_DAYS) {
      setError(`Enter a whole number of days from 0 to ${MAX_LAUNCH_DAYS}`);
      return;
    }
    setError(null);
    save.mutate({ trigger, launch_days: n });
  }

  return (
    <form onSubmit={submit} className={`${cardClass} grid gap-3`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-slate-900">
        When clients are asked
      </h2>
      <p className="text-sm text-slate-600">
        Each project&apos;s client gets one e-mail asking for a review, in your words, with a link to the form in their
        portal.
      </p>
      <fieldset className="grid gap-2" disabled={!saved || save.isPending}>
        <legend className="sr-only">Send the review request</legend>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="trigger"
            value="complete"
            checked={trigger === "complete"}
            onChange={() => setTrigger("complete")}
            className="size-4 accent-brand-700"
          />
          When the project moves to Complete
        </label>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="trigger"
              value="launch"
              checked={trigger === "launch"}
              onChange={() => setTrigger("launch")}
              className="size-4 accent-brand-700"
            />
            A number of days after Launch:
          </label>
          <label htmlFor={`${id}-days`} className="sr-only">
            Days after Launch
          </label>
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_LAUNCH_DAYS}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            disabled={trigger !== "launch"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${inputClass} w-20`}
          />
          <span>days</span>
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
      <div>
        <button type="submit" className={adminButton.secondary} disabled={!saved || save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}

import { useId } from "react";
import { starsText } from "~/contracts/review-terms";
import { FieldError } from "~/components/site/forms/field-error";
import { errorId } from "~/components/site/forms/field-parts";
import { StarIcon } from "~/components/site/reviews/star-row";

const STARS = [1, 2, 3, 4, 5] as const;
const WORDS: Record<(typeof STARS)[number], string> = {
  1: "Poor",
  2: "Fair",
  3: "Good",
  4: "Very good",
  5: "Excellent",
};

/**
 * Stars from 1 to 5 as a native radio group (docs/product/client-portal.md "Reviews"): Tab reaches
 * the group, the arrow keys move the choice, and each star's label says its number in words. The
 * stars up to the chosen one are filled; the chosen one's word shows beside them.
 */
export function StarPicker({
  value,
  onChange,
  error,
  name = "stars",
}: {
  value: number | null;
  onChange: (stars: number) => void;
  error?: string;
  name?: string;
}) {
  const id = useId();
  const fieldId = `${id}${name}`;
  return (
    <fieldset aria-describedby={error ? errorId(fieldId) : undefined} aria-invalid={error ? true : undefined}>
      <legend className="font-semibold text-slate-900">
        Your rating
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      </legend>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex gap-1" data-testid="star-picker">
          {STARS.map((stars) => {
            const filled = value !== null && stars <= value;
            return (
              <label key={stars} className="relative cursor-pointer">
                <input
                  type="radio"
                  name={name}
                  value={stars}
                  checked={value === stars}
                  onChange={() => onChange(stars)}
                  required
                  className="peer sr-only"
                />
                <span className="sr-only">{starsText(stars)}</span>
                <StarIcon
                  filled={filled}
                  className={`size-10 rounded-md p-0.5 transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand-700 sm:size-11 ${
                    filled ? "text-amber-600" : "text-slate-500 hover:text-amber-500"
                  }`}
                />
              </label>
            );
          })}
        </div>
        <p className="text-sm font-medium text-slate-700" aria-hidden="true">
          {value ? `${WORDS[value as keyof typeof WORDS]} (${value} of 5)` : "Choose 1 to 5 stars"}
        </p>
      </div>
      <FieldError fieldId={fieldId} message={error} />
    </fieldset>
  );
}

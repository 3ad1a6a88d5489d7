import type { ReactNode } from "react";
import { useTransitionStore } from "~/lib/transition-store";

/** The look of every text input, textarea and select; red ring when invalid. */
export const controlClass = (invalid: boolean) =>
  [
    "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500",
    "focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none",
    "disabled:cursor-not-allowed disabled:bg-slate-100",
    invalid ? "border-red-600 ring-1 ring-red-600" : "border-slate-400",
  ].join(" ");

/** Ids of a field's error and hint, for aria-describedby. */
export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** aria-describedby of a field: its hint, then its error; undefined when neither shows. */
export function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

interface FieldLabelProps {
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
  /** Shows '(optional)' after the label. */
  optional?: boolean;
}

/** A field's label: a visual '*' for required (the input carries `required`), '(optional)' for optional. */
export function FieldLabel({ htmlFor, children, required, optional }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className="block font-semibold text-slate-900">
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      ) : null}
      {optional ? <span className="ml-1.5 text-sm font-normal text-slate-600">(optional)</span> : null}
    </label>
  );
}

/** A short help line under a label. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={hintId(id)} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

const noSubscription = () => () => {};
const always = () => true;
const never = () => false;

/**
 * False in the server render and during hydration, true afterwards. Forms use
 * it to switch from the browser's own checks (no JavaScript) to their own,
 * and mark themselves `data-hydrated` so tests know the handlers are attached.
 * The switch renders in a transition (useTransitionStore), not as a second
 * synchronous render of the whole form.
 */
export function useHydrated(): boolean {
  return useTransitionStore(noSubscription, always, never);
}

/** The line above a form that explains the '*'. */
export function RequiredNote() {
  return (
    <p className="text-sm text-slate-700">
      Fields marked{" "}
      <span aria-hidden="true" className="font-semibold text-red-700">
        *
      </span>
      <span className="sr-only">with an asterisk</span> are required.
    </p>
  );
}

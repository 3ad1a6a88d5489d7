import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";

interface SubmitButtonProps {
  sending: boolean;
  children: ReactNode;
  /** Shown while the request is on its way (docs/product/lead-paths.md "States"). */
  sendingLabel?: string;
  /** Disabled for another reason (e.g. before the page's script has loaded). */
  disabled?: boolean;
  className?: string;
}

/** A form's submit button: disabled with 'Sending...' while the request runs. */
export function SubmitButton({
  sending,
  children,
  sendingLabel = "Sending...",
  disabled,
  className = "",
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={sending || disabled}
      className={`${buttonClass.brand} w-full disabled:cursor-not-allowed disabled:bg-slate-600 sm:w-auto ${className}`}
    >
      {sending ? (
        <>
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          />
          {sendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

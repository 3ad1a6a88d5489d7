import type { ReactNode, Ref } from "react";

interface FormAlertProps {
  title: ReactNode;
  children?: ReactNode;
  /** Focus target after a failed send (the alert has tabIndex -1). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The visible error of a form (role="alert": announced when it appears). The
 * parent moves focus to it after a failed send so keyboard and screen-reader
 * users land on the explanation.
 */
export function FormAlert({ title, children, ref }: FormAlertProps) {
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 focus-visible:outline-3 focus-visible:outline-offset-2 sm:p-5"
    >
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-2 space-y-2 text-sm leading-6">{children}</div> : null}
    </div>
  );
}

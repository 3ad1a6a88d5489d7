import { useEffect, useId, useRef } from "react";
import { toast } from "sonner";
import { adminButton, cardClass } from "../ui/styles";
import type { useContentForm } from "./use-content-form";

type Form = Pick<ReturnType<typeof useContentForm>, "bindForm" | "submit" | "formError" | "saving" | "dirty">;

/**
 * A manager's form as a full-width panel in place of the list (room for the
 * markdown editor; nothing to close by accident). Cancelling with changes
 * keeps them as a browser draft, offered again on the manager.
 */
export function FormPanel({
  title,
  submitLabel,
  form,
  onClose,
  children,
  outside,
}: {
  title: string;
  submitLabel: string;
  form: Form;
  onClose: () => void;
  children: React.ReactNode;
  /** Dialogs the form opens (the media picker), kept out of the <form>. */
  outside?: React.ReactNode;
}) {
  const { bindForm, submit, formError, saving, dirty } = form;
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "nearest" });
  }, []);

  function cancel() {
    if (dirty) toast.info("Your changes are kept as a draft in this browser: restore or discard them from the list.");
    onClose();
  }

  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none"
      >
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
      <form ref={bindForm} noValidate onSubmit={submit} className="mt-5 grid gap-5" aria-busy={saving}>
        {children}
        {formError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {formError}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
          <button type="button" className={adminButton.secondary} onClick={cancel} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className={adminButton.primary} disabled={saving}>
            {saving ? "Saving..." : submitLabel}
          </button>
        </div>
      </form>
      {outside}
    </section>
  );
}

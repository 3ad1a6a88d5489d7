import { adminButton } from "./styles";

/** A form's error box and its Cancel / submit buttons. */
export function FormFooter({
  error,
  busy,
  submitLabel,
  busyLabel,
  onCancel,
}: {
  error: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={adminButton.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={adminButton.primary} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}

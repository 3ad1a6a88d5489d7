import { errorMessage } from "~/lib/api/call";
import { Dialog } from "./dialog";
import { adminButton } from "./styles";

/**
 * A question before something is removed (as docs/product/projects.md "Contact roles" asks before a
 * contact leaves a project); a failure is said in it, to try again or cancel.
 */
export function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel,
  busyLabel,
  busy,
  error,
  fallbackError,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error: unknown;
  fallbackError: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
      title={title}
      description={question}
    >
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {errorMessage(error, fallbackError)}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button type="button" className={adminButton.secondary} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={adminButton.danger} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

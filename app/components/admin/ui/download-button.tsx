import { useState } from "react";
import { Download } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "~/lib/api/call";
import { downloadAdminFile } from "./download-file";
import { adminButton } from "./styles";

/**
 * A button that downloads an admin file (a CSV export, a backup archive) with the owner's token,
 * busy while it comes, and says in a toast what went wrong.
 */
export function DownloadButton({
  path,
  fallbackName,
  label,
  busyLabel,
  failure,
  ariaLabel,
  disabled,
}: {
  path: string;
  /** The file's name when the answer names none. */
  fallbackName: string;
  label: string;
  busyLabel: string;
  /** What failed, opening every error message ("Failed to export CSV"). */
  failure: string;
  ariaLabel?: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await downloadAdminFile(path, fallbackName, failure);
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={`${adminButton.secondary} shrink-0`}
      onClick={() => void run()}
      disabled={disabled || busy}
      aria-busy={busy}
      aria-label={ariaLabel}
    >
      <Download className="size-4" aria-hidden="true" /> {busy ? busyLabel : label}
    </button>
  );
}

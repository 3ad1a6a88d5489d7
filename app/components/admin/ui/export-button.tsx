import { useState } from "react";
import { Download } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "~/lib/admin/api-client";
import { downloadAdminFile } from "./download-file";
import { adminButton } from "./styles";

/**
 * Export CSV: every row of the list's current search and filters (not only the page shown),
 * written by the server as it is read (GET /api/admin/<list>.csv?...).
 */
export function ExportButton({
  path,
  fallbackName,
  disabled,
}: {
  /** The export's address with the list's filters. */
  path: string;
  fallbackName: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await downloadAdminFile(path, fallbackName);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to export CSV"));
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
    >
      <Download className="size-4" aria-hidden="true" /> {busy ? "Exporting..." : "Export CSV"}
    </button>
  );
}

/** A list's filters as an export's query: the defaults and blanks left out. */
export function exportQuery(filters: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value && value !== "all") query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : "";
}

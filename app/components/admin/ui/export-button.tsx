import { DownloadButton } from "./download-button";

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
  return (
    <DownloadButton
      path={path}
      fallbackName={fallbackName}
      label="Export CSV"
      busyLabel="Exporting..."
      failure="Failed to export CSV"
      disabled={disabled}
    />
  );
}

/** A list's filters as an export's query: the defaults and blanks left out. */
export function exportQuery(filters: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value && value !== "all") query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : "";
}

import { useState } from "react";
import { FileText } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "~/lib/api/call";
import { fetchAdminFile } from "~/lib/admin/call";

/**
 * Fetches an admin PDF (a quote's or an invoice's, docs/product/billing.md) with the owner's token
 * and shows it in a new tab, in the browser's PDF viewer. The tab is opened at the click, before
 * the file comes, so no pop-up blocker stops it; without a tab (or without a PDF viewer) the file
 * is downloaded.
 */
export async function openAdminPdf(path: string, fileName: string, tab: Window | null): Promise<void> {
  const { blob } = await fetchAdminFile(path, { action: "Failed to open the PDF" });
  const url = URL.createObjectURL(new Blob([blob], { type: "application/pdf" }));
  if (tab && !tab.closed) tab.location.href = url;
  else {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  }
  // The tab has loaded it by then; the address is freed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "View PDF" of a quote or an invoice. */
export function PdfButton({
  path,
  fileName,
  className,
  what,
}: {
  path: string;
  fileName: string;
  className: string;
  /** Read after the label by a screen reader ("quote Q-2026-0012"). */
  what: string;
}) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    // A browser without a PDF viewer (Chrome on Android) gets the file to open with an app.
    const tab = navigator.pdfViewerEnabled === false ? null : window.open("", "_blank");
    if (tab) tab.document.title = fileName;
    try {
      await openAdminPdf(path, fileName, tab);
    } catch (error) {
      tab?.close();
      toast.error(errorMessage(error, "Failed to open the PDF"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={className} onClick={() => void run()} disabled={busy} aria-busy={busy}>
      <FileText className="size-3.5" aria-hidden="true" /> {busy ? "Opening..." : "View PDF"}
      <span className="sr-only"> of {what}</span>
    </button>
  );
}

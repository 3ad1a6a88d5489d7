import { FileName } from "~/components/ui/file-name";
import { formatFileSize } from "~/lib/file-size";
import type { PendingFile } from "~/lib/discussion/discussion";

/**
 * The files attached to a message not yet sent (project-discussion.tsx's box to write), each with
 * its size, its upload status and a button to remove it.
 */
const STATUS_TEXT: Record<PendingFile["status"], string> = {
  waiting: "Ready to send",
  uploading: "Uploading...",
  uploaded: "Uploaded",
  failed: "Failed",
};

export function PendingFiles({
  files,
  sending,
  onRemove,
}: {
  files: readonly PendingFile[];
  sending: boolean;
  onRemove: (key: string) => void;
}) {
  if (!files.length) return null;
  return (
    <ul aria-label="Files to send" className="space-y-1.5">
      {files.map((f) => (
        <li
          key={f.key}
          data-status={f.status}
          className={`flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 rounded-lg px-3 py-1.5 text-sm ${
            f.status === "failed" ? "bg-red-50 text-red-900 ring-1 ring-red-200" : "bg-slate-100 text-slate-800"
          }`}
        >
          <FileName name={f.file.name} className="flex-1 font-medium" />
          <span className="shrink-0 text-xs">{formatFileSize(f.file.size)}</span>
          <span className="shrink-0 text-xs font-semibold">
            {STATUS_TEXT[f.status]}
            {f.status === "failed" && f.error ? `: ${f.error}` : ""}
          </span>
          <button
            type="button"
            onClick={() => onRemove(f.key)}
            aria-disabled={sending || undefined}
            aria-label={`Remove ${f.file.name}`}
            className="min-h-8 shrink-0 rounded-md px-2 text-xs font-semibold underline hover:bg-white/70 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

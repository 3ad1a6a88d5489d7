import { backupsEndpoints } from "~/contracts/backups";
import { urlOf } from "~/lib/api/call";
import type { BackupArchive } from "~/contracts/backups";
import { formatFileSize } from "~/lib/file-size";
import { timeAgo } from "~/lib/admin/backup-words";
import { DownloadButton } from "~/components/admin/ui/download-button";
import { formatDateTime } from "~/components/admin/ui/format";

/** The archives kept, newest first, each with its download; `fresh` marks the one just taken. */
export function BackupArchives({
  archives,
  error,
  fresh,
}: {
  archives: BackupArchive[];
  error: string | null;
  fresh?: string;
}) {
  if (error)
    return (
      <p role="alert" className="text-sm [overflow-wrap:anywhere] text-red-900">
        {error.replace(/\.$/, "")}. Check the setting under Where, then reload this page.
      </p>
    );
  if (archives.length === 0) return <p className="text-sm text-slate-700">No archive is kept yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Archives kept">
      {archives.map((archive) => (
        <li
          key={archive.name}
          data-testid="backup-archive"
          className={`flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between ${
            archive.name === fresh ? "border-green-300 bg-green-50" : "border-slate-200"
          }`}
        >
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-slate-900">
              <time dateTime={archive.created_at}>{formatDateTime(archive.created_at)}</time>
              <span className="font-normal text-slate-600">
                {" "}
                ({timeAgo(archive.created_at)}), {formatFileSize(archive.bytes)}
              </span>
              {archive.name === fresh && <span className="ml-2 font-semibold text-green-900">New</span>}
            </p>
            <p className="mt-0.5 font-mono text-xs [overflow-wrap:anywhere] text-slate-600">{archive.name}</p>
          </div>
          <DownloadButton
            path={urlOf(backupsEndpoints.download, { params: { name: archive.name } })}
            fallbackName={archive.name}
            label="Download"
            busyLabel="Downloading..."
            failure="Failed to download the backup"
            ariaLabel={`Download the backup of ${formatDateTime(archive.created_at)}`}
          />
        </li>
      ))}
    </ul>
  );
}

import { Link } from "react-router";
import { DatabaseBackup } from "lucide-react";
import { backupWarning } from "~/lib/admin/backups";
import { BACKUP_STALE_HOURS } from "~/contracts/backups";
import { timeAgo } from "~/lib/admin/backup-words";
import { useBackups } from "~/components/admin/ui/use-backups";
import { formatDateTime } from "~/components/admin/ui/format";

/**
 * The dashboard's warning about backups (docs/decisions/037-backups.md): shown only when the last
 * backup failed or the last good one is older than BACKUP_STALE_HOURS, with the way to
 * Settings, Backups. Nothing while all is well, or while the backups cannot be read.
 */
export function BackupNotice() {
  const { data } = useBackups();
  const warning = data ? backupWarning(data) : null;
  if (!data || !warning) return null;
  const last = data.last_success_at;
  return (
    <section
      aria-labelledby="backup-notice-title"
      data-testid="backup-notice"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <DatabaseBackup className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
      <div className="min-w-0">
        <h2 id="backup-notice-title" className="font-semibold">
          {warning.kind === "failed" ? "The last backup failed" : `No backup for more than ${BACKUP_STALE_HOURS} hours`}
        </h2>
        <p className="mt-1 text-sm">
          {last ? (
            <>
              The last good backup was taken {timeAgo(last)} (<time dateTime={last}>{formatDateTime(last)}</time>).
            </>
          ) : (
            "No backup has succeeded yet."
          )}{" "}
          {warning.kind === "failed"
            ? "It is tried again within the hour; the error and what to do are in Settings."
            : data.schedule.hour === null
              ? "The daily backup is off (BACKUP_HOUR=off)."
              : "The daily backup has not run since: the site may have been stopped at its hour."}
        </p>
        <Link
          to="/admin/settings#backups"
          className="mt-2 inline-block text-sm font-semibold underline underline-offset-2 hover:no-underline"
        >
          See the backups and back up now
        </Link>
      </div>
    </section>
  );
}

import { useRef } from "react";
import { AlertTriangle, CheckCircle2, DatabaseBackup } from "lucide-react";
import { errorMessage } from "~/lib/api/call";
import { backupErrorAdvice } from "~/lib/admin/backups";
import type { BackupsOverview } from "~/contracts/backups";
import { countsText, progressText, protectionText, scheduleText, timeAgo, whereText } from "~/lib/admin/backup-words";
import { useBackups, useStartBackup } from "~/components/admin/ui/use-backups";
import { formatDateTime } from "~/components/admin/ui/format";
import { adminButton, cardClass } from "~/components/admin/ui/styles";
import { BackupArchives } from "./backup-archives";
import { useHashAnchor } from "./use-hash-anchor";

/** The anchor of this section: /admin/settings#backups (where the dashboard's warning leads). */
export const BACKUPS_SECTION_ID = "backups";

/** A time in words and exactly: "3 hours ago (Nov 27, 2026, 3:02 AM)". */
function When({ iso }: { iso: string }) {
  return (
    <>
      {timeAgo(iso)} (<time dateTime={iso}>{formatDateTime(iso)}</time>)
    </>
  );
}

function LastBackup({ data }: { data: BackupsOverview }) {
  const run = data.last_run;
  if (!run)
    return (
      <p className="text-sm text-slate-700">
        {data.schedule.hour === null
          ? "No backup has been taken yet, and the daily backup is off: take one with Back up now."
          : "No backup has been taken yet: the first is taken a few minutes after the site starts, or now with Back up now."}
      </p>
    );
  const failed = run.status === "failed";
  const Icon = failed ? AlertTriangle : CheckCircle2;
  return (
    <div className="flex gap-2 text-sm text-slate-800" data-testid="backup-last-run">
      <Icon className={`mt-0.5 size-5 shrink-0 ${failed ? "text-red-700" : "text-green-700"}`} aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        <p className={`font-semibold ${failed ? "text-red-900" : "text-green-900"}`}>
          {failed ? "The last backup failed" : "The last backup succeeded"}
        </p>
        {failed ? (
          <>
            <p>
              Tried <When iso={run.started_at} />.
            </p>
            {run.error && (
              <p className="[overflow-wrap:anywhere] text-red-900">
                <span className="font-semibold">Error:</span> {run.error}
              </p>
            )}
            <p>
              <span className="font-semibold">What to do:</span> {backupErrorAdvice(run.error)}
            </p>
            <p>
              {data.last_success_at ? (
                <>
                  The last good backup was taken <When iso={data.last_success_at} />.
                </>
              ) : (
                "No backup has succeeded yet."
              )}
            </p>
          </>
        ) : (
          <p>
            Taken <When iso={run.started_at} />. {countsText(run)}.
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * Settings, Backups (docs/decisions/037-backups.md): the last backup and the last good one, Back
 * up now with its progress (from whichever process runs it), the archives kept with their
 * downloads, and the schedule as the server's settings make it.
 */
export function BackupsSection() {
  const { data, isError } = useBackups();
  const start = useStartBackup();
  const ref = useRef<HTMLElement>(null);
  useHashAnchor(ref, BACKUPS_SECTION_ID);

  // The run this page started: once it is over, its outcome is said and its archive marked.
  const mine = start.data?.started_at;
  const running = data?.running ?? null;
  const ended = mine && !running && data?.last_run?.started_at === mine ? data.last_run : null;
  const fresh = ended?.status === "succeeded" ? data?.archives[0]?.name : undefined;

  const busy = start.isPending || running !== null;
  return (
    <section
      ref={ref}
      id={BACKUPS_SECTION_ID}
      aria-labelledby="backups-title"
      data-testid="backups"
      className={`${cardClass} grid scroll-mt-32 gap-5`}
    >
      <div>
        <h2 id="backups-title" className="text-lg font-semibold text-slate-900">
          Backups
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A copy of the whole site in one archive: every table of the database and every media file, with their
          checksums. <code className="font-mono text-xs">npm run restore</code> puts one back (README, "Backups and
          restore").
        </p>
      </div>

      <div className="grid gap-4 border-t border-slate-200 pt-5">
        <h3 className="text-base font-semibold text-slate-900">Last backup</h3>
        {data ? (
          <LastBackup data={data} />
        ) : (
          <p className="text-sm text-slate-700">
            {isError ? "The backups could not be loaded just now." : "Loading the backups..."}
          </p>
        )}
        <div className="grid gap-3 sm:flex sm:items-center">
          <button
            type="button"
            className={`${adminButton.primary} w-full sm:w-auto`}
            onClick={() => start.mutate()}
            disabled={busy || !data}
            aria-describedby="backup-status"
          >
            <DatabaseBackup className="size-4" aria-hidden="true" />
            {busy ? "Backing up..." : "Back up now"}
          </button>
        </div>
        <div id="backup-status" role="status" aria-live="polite" className="grid gap-2 text-sm">
          {running ? (
            <>
              <p className="font-medium text-slate-900">
                Backing up: started <When iso={running.started_at} />.
              </p>
              <p className="[overflow-wrap:anywhere] text-slate-700">
                {progressText(running)}
                {running.item && running.phase !== "storing" ? ` (${running.item})` : ""}
              </p>
              <progress
                className="h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700"
                aria-label="Backup progress"
                max={running.total || undefined}
                value={running.total ? running.done : undefined}
              />
            </>
          ) : start.isError ? (
            <p className="text-red-900">{errorMessage(start.error, "The backup could not be started")}</p>
          ) : ended ? (
            <p className={ended.status === "succeeded" ? "text-green-900" : "text-red-900"}>
              {ended.status === "succeeded"
                ? `The backup is done: ${countsText(ended)}. It is the first archive below.`
                : "The backup failed: what went wrong and what to do are above."}
            </p>
          ) : null}
        </div>
      </div>

      {data && (
        <div className="grid gap-3 border-t border-slate-200 pt-5">
          <h3 className="text-base font-semibold text-slate-900">
            Archives kept{data.archives.length > 0 ? ` (${data.archives.length})` : ""}
          </h3>
          <BackupArchives archives={data.archives} error={data.archives_error} fresh={fresh} />
        </div>
      )}

      {data && (
        <div className="grid gap-3 border-t border-slate-200 pt-5">
          <h3 className="text-base font-semibold text-slate-900">Schedule</h3>
          <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="font-semibold text-slate-900">Runs</dt>
            <dd className="text-slate-800">{scheduleText(data.schedule)}</dd>
            <dt className="font-semibold text-slate-900">Keeps</dt>
            <dd className="text-slate-800">
              The newest {data.schedule.keep.toLocaleString("en-US")} of its archives (BACKUP_KEEP); older ones are
              deleted after each backup. Archives put there by hand stay.
            </dd>
            <dt className="font-semibold text-slate-900">Where</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-800">{whereText(data.schedule)}</dd>
            <dt className="font-semibold text-slate-900">Protection</dt>
            <dd className="text-slate-800">{protectionText(data.schedule)}</dd>
          </dl>
          <p className="text-sm text-slate-600">
            These are the server's settings: change them in its environment (README, "Backups and restore"), then
            restart the site.
          </p>
        </div>
      )}
    </section>
  );
}

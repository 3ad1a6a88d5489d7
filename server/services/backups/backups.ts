import { rm } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { BackupCounts, BackupPhase } from "~/contracts/backups";
import type { Database } from "../../db/client";
import { jobProgress } from "../../db/schema/index";
import type { ExclusiveRun } from "../../lib/job-lock";
import type { Logger } from "../../lib/logger";
import { createBackupArchive, privateFolder, type BackupProgress as ArchiveProgress } from "./archive";
import type { Env } from "../../env";
import { backupKeyOf } from "../../lib/backup-key";
import { archiveName, backupTargetFor, isOwnArchive, type BackupTarget } from "./target";
import { readJobRun, runDailyJob, type DailyJob, type JobRun } from "../job-runs";
import { mediaStoreFor, type MediaStore } from "../media/store";

/**
 * The daily backup (docs/decisions/037-backups.md): the database and the media files in one
 * archive (createBackupArchive), kept in a folder or a bucket (backup-target.ts), the newest
 * BACKUP_KEEP of them. It is one of the daily jobs: under their lock (never beside the project
 * retention, and once for all processes), recorded in job_runs, and its progress written to
 * job_progress so the owner sees it on whichever process answers.
 */

export const BACKUP_JOB = "backup";

export const zero = (): BackupCounts => ({ bytes: 0, tables: 0, rows: 0, files: 0 });

/** Progress is written at most this often... */
const PROGRESS_EVERY_MS = 1000;
/** ...and at least this often, even while one step takes long (a big table, an upload). */
const HEARTBEAT_MS = 5000;
/** A progress row not written for this long belongs to a run whose process died: not running. */
const RUNNING_STALE_SECONDS = 30;
/**
 * The folder, inside the staging folder, where an archive is written: whatever is in it was left
 * by a run that was cut off, and is removed by the next (under the lock, no other is writing).
 */
const INCOMING = ".incoming";

export interface BackupDeps {
  db: Database;
  /** The archive reads the database through connections of its own, in one snapshot. */
  databaseUrl: string;
  store: MediaStore;
  target: BackupTarget;
  /** Archives kept (BACKUP_KEEP). */
  keep: number;
  /** BACKUP_ENCRYPTION_KEY's bytes: archives are then encrypted and signed (docs/decisions/047-backup-encryption.md). */
  key?: Buffer;
  /** The daily backup's hour in the business's time zone (BACKUP_HOUR); null: only by hand. */
  hour: number | null;
  log: Pick<Logger, "info" | "warn" | "error">;
}

/**
 * The backup day a moment belongs to: its date on the business's clock (site.timeZone), each
 * day starting at `hour` rather than at midnight. Wall-clock hours make the daylight-saving
 * changes simple: a day starting at 2 starts at 3 on the day 2 o'clock does not exist, and an
 * hour that comes twice starts the day once.
 */
export function backupDay(at: Date, hour: number, timeZone: string = site.timeZone): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part("year"), part("month") - 1, part("day"), part("hour") - hour))
    .toISOString()
    .slice(0, 10);
}

/**
 * Due: the backup hour has come (today's, or yesterday's while today's has not) and no backup
 * that succeeded has started since. So one runs at the first check after the hour, a failed one
 * is tried again at each check until one succeeds, a backup taken by hand after the hour counts
 * for the day, and a new installation takes its first backup at once.
 */
export function isBackupDue(
  lastSucceededAt: Date | null,
  now: Date,
  hour: number,
  timeZone: string = site.timeZone,
): boolean {
  if (!lastSucceededAt) return true;
  return backupDay(lastSucceededAt, hour, timeZone) < backupDay(now, hour, timeZone);
}

interface Progress {
  phase: BackupPhase;
  done: number;
  total: number;
  item: string | null;
}

/** Writes the run's progress to job_progress: at most once a second, at least every few seconds. */
function progressWriter(db: Database, startedAt: Date) {
  let latest: Progress = { phase: "starting", done: 0, total: 0, item: null };
  let lastWrite = 0;
  let trailing: NodeJS.Timeout | undefined;
  // One write at a time, in order: a slow one is never overtaken by an older state.
  let writing: Promise<void> = Promise.resolve();
  const upsert = async (values: Progress) => {
    const row = { job: BACKUP_JOB, startedAt, ...values, updatedAt: sql`now()` };
    await db.insert(jobProgress).values(row).onConflictDoUpdate({ target: jobProgress.job, set: row });
  };
  const write = () => {
    clearTimeout(trailing);
    trailing = undefined;
    lastWrite = Date.now();
    const values = { ...latest };
    writing = writing
      .then(() => upsert(values))
      .catch(() => {
        // The next write or the heartbeat tries again; the backup itself goes on.
      });
  };
  const heartbeat = setInterval(write, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    /** The first write, which must land: the run has not started for the owner until it has. */
    start: () => upsert(latest),
    report(next: Progress) {
      latest = next;
      const wait = lastWrite + PROGRESS_EVERY_MS - Date.now();
      if (wait <= 0) write();
      else trailing ??= setTimeout(write, wait);
    },
    async stop() {
      clearInterval(heartbeat);
      clearTimeout(trailing);
      await writing;
      await db.delete(jobProgress).where(eq(jobProgress.job, BACKUP_JOB));
    },
  };
}

/**
 * Deletes the daily backup's oldest archives beyond the newest `keep`. An archive put in the
 * folder by hand (another name) is never deleted. A deletion that fails is logged and tried
 * again after the next backup.
 */
export async function pruneArchives(
  target: BackupTarget,
  keep: number,
  log: Pick<Logger, "warn">,
): Promise<{ removed: number }> {
  const own = (await target.list()).filter((archive) => isOwnArchive(archive.name));
  let removed = 0;
  for (const archive of own.slice(keep)) {
    try {
      await target.delete(archive.name);
      removed += 1;
    } catch (error) {
      log.warn({ err: error, archive: archive.name }, "could not delete an old backup archive");
    }
  }
  return { removed };
}

/** One backup: the archive written in the staging folder, then stored, then the old ones pruned. */
async function writeBackup(
  deps: BackupDeps,
  counts: BackupCounts,
  startedAt: Date,
  onRunning?: (startedAt: Date) => void,
) {
  const progress = progressWriter(deps.db, startedAt);
  await progress.start();
  onRunning?.(startedAt);
  const name = archiveName(startedAt, deps.key !== undefined);
  const incoming = path.join(deps.target.stagingDir, INCOMING);
  const staged = path.join(incoming, name);
  try {
    await rm(incoming, { recursive: true, force: true });
    await privateFolder(deps.target.stagingDir);
    await privateFolder(incoming);
    const onProgress = (p: ArchiveProgress) => {
      if (p.phase === "migrate" || p.phase === "restore") return;
      // Counted as it goes: a run cut off part-way records how far it came.
      if (p.phase === "tables") counts.tables = p.done;
      if (p.phase === "files") counts.files = p.done;
      progress.report({ phase: p.phase, done: p.done, total: p.total, item: p.item ?? null });
    };
    const result = await createBackupArchive({
      databaseUrl: deps.databaseUrl,
      store: deps.store,
      file: staged,
      key: deps.key,
      onProgress,
    });
    counts.bytes = result.bytes;
    counts.tables = result.manifest.tables.length;
    counts.rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    counts.files = result.manifest.files.length;
    progress.report({ phase: "storing", done: 0, total: result.bytes, item: name });
    await deps.target.store(name, staged);
    await pruneArchives(deps.target, deps.keep, deps.log);
  } finally {
    await progress.stop().catch(() => {
      // Left behind, the row goes stale in seconds and no longer reads as running.
    });
    await rm(incoming, { recursive: true, force: true }).catch(() => {});
  }
}

/** The backup as a daily job; `onRunning` is told once it has started (its progress row is written). */
export function backupJob(deps: BackupDeps, onRunning?: (startedAt: Date) => void): DailyJob<BackupCounts> {
  return {
    name: BACKUP_JOB,
    description: "backed up the database and the media files",
    zero,
    isDue: (last, now) => deps.hour !== null && isBackupDue(last?.lastSucceededAt ?? null, now, deps.hour),
    run: (counts, startedAt) => writeBackup(deps, counts, startedAt, onRunning),
  };
}

/** The scheduled check (server/compose.ts): backs up if due and no daily job runs elsewhere. */
export const runScheduledBackup = (deps: BackupDeps, now?: () => Date) =>
  runDailyJob(backupJob(deps), { db: deps.db, log: deps.log, now });

export type BackupStart =
  | {
      started: true;
      startedAt: Date;
      /** The run's end; a failure is also logged and recorded. */
      finished: Promise<ExclusiveRun<JobRun<BackupCounts> | null>>;
    }
  | { started: false };

/**
 * "Back up now": starts a backup in the background and answers once it has started, or at once
 * with started: false when a daily job (a backup, the project retention) runs on any process.
 */
export async function startBackup(deps: BackupDeps): Promise<BackupStart> {
  let tell!: (outcome: Date | null | Error) => void;
  const begun = new Promise<Date | null | Error>((resolve) => (tell = resolve));
  const finished = runDailyJob(backupJob(deps, tell), { db: deps.db, log: deps.log, force: true }).then(
    (result) => {
      if (!result.ran) tell(null);
      return result;
    },
    (error: unknown) => {
      tell(error instanceof Error ? error : new Error(String(error)));
      throw error;
    },
  );
  finished.catch((error: unknown) => deps.log.error({ err: error }, "the backup failed"));
  const outcome = await begun;
  if (outcome instanceof Error) throw outcome;
  if (outcome === null) return { started: false };
  return { started: true, startedAt: outcome, finished };
}

export interface RunningBackup extends Progress {
  startedAt: Date;
  updatedAt: Date;
}

/** The backup running now on any process, with its progress; null when none is. */
export async function readRunningBackup(db: Database): Promise<RunningBackup | null> {
  const [row] = await db
    .select()
    .from(jobProgress)
    .where(
      and(
        eq(jobProgress.job, BACKUP_JOB),
        sql`${jobProgress.updatedAt} > now() - make_interval(secs => ${RUNNING_STALE_SECONDS})`,
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    startedAt: row.startedAt,
    updatedAt: row.updatedAt,
    phase: row.phase as BackupPhase,
    done: row.done,
    total: row.total,
    item: row.item,
  };
}

/** The last backup, for the owner. */
export const lastBackupRun = (db: Database) => readJobRun(db, { name: BACKUP_JOB, zero });

/** The backup's parts as the environment sets them (server/compose.ts, the API). */
export function backupDepsFor(
  env: Env,
  deps: { db: Database; databaseUrl?: string; log: Pick<Logger, "info" | "warn" | "error"> },
): BackupDeps {
  // The app's pool was opened on the same address (server/db/open.ts): the fallback for callers that name none.
  const databaseUrl = deps.databaseUrl ?? deps.db.$client.options.connectionString;
  if (!databaseUrl) throw new Error("The backup needs the database's address (databaseUrl)");
  return {
    db: deps.db,
    databaseUrl,
    store: mediaStoreFor(env),
    target: backupTargetFor(env),
    keep: env.BACKUP_KEEP,
    key: backupKeyOf(env),
    hour: env.BACKUP_HOUR,
    log: deps.log,
  };
}

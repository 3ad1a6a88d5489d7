import { eq } from "drizzle-orm";
import type { JobRunStatus } from "~/contracts/jobs";
import type { Database } from "../db/client";
import { jobRuns } from "../db/schema";
import { DAILY_JOBS_LOCK, runExclusive, type ExclusiveRun } from "../lib/job-lock";
import { serializeError, type Logger } from "../lib/logger";

/**
 * The daily jobs (project retention, the backup) and the record of their last run
 * (job_runs, docs/decisions/036-project-retention.md). Every process asks each hour whether a
 * job is due; the one that takes the daily jobs' lock and finds it due runs it. A schedule kept
 * in the database rather than a 24-hour timer survives restarts: a process restarted every
 * night by a deploy would otherwise never reach its first run.
 */

/** How often each process asks whether a daily job is due. */
export const DAILY_JOB_CHECK_MS = 60 * 60_000;
/**
 * A job is due this long after its last run started: a day less one check, so a run lands at
 * about the same hour each day rather than up to an hour later every day.
 */
export const DAILY_JOB_DUE_AFTER_MS = 24 * 60 * 60_000 - DAILY_JOB_CHECK_MS;

export interface JobRun<C extends Record<string, number>> {
  startedAt: Date;
  finishedAt: Date;
  status: JobRunStatus;
  counts: C;
  error: string | null;
  /** When the last successful run started, this one or an earlier one; null when none has succeeded. */
  lastSucceededAt: Date | null;
}

export interface DailyJob<C extends Record<string, number>> {
  /** Its row in job_runs. */
  name: string;
  /** Names the job in the log. */
  description: string;
  /** Every count at zero. */
  zero: () => C;
  /**
   * The work. It adds to `counts` as it goes, so a run that fails part-way still records what
   * it finished.
   */
  run: (counts: C, now: Date) => Promise<void>;
  /** Whether it is due at `now` after `last`; unset: isDue (a day after the last run). */
  isDue?: (last: JobRun<C> | null, now: Date) => boolean;
}

/** The last run of a job, its counts read with the job's names (a count it did not record is 0). */
export async function readJobRun<C extends Record<string, number>>(
  db: Database,
  job: Pick<DailyJob<C>, "name" | "zero">,
): Promise<JobRun<C> | null> {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.job, job.name)).limit(1);
  if (!row) return null;
  const counts = job.zero();
  for (const key of Object.keys(counts) as (keyof C)[]) {
    const value = row.counts[key as string];
    if (typeof value === "number") counts[key] = value as C[keyof C];
  }
  return {
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    status: row.status,
    counts,
    error: row.error,
    lastSucceededAt: row.lastSucceededAt,
  };
}

/** Replaces the job's row; a failed run keeps the time of the last success. */
async function recordJobRun(db: Database, name: string, run: Omit<JobRun<Record<string, number>>, "lastSucceededAt">) {
  const values = { ...run, job: name, lastSucceededAt: run.status === "succeeded" ? run.startedAt : undefined };
  await db.insert(jobRuns).values(values).onConflictDoUpdate({ target: jobRuns.job, set: values });
}

/** Due: never run, its last run failed (tried again at the next check), or a day has passed. */
export function isDue(last: Pick<JobRun<Record<string, number>>, "startedAt" | "status"> | null, now: Date): boolean {
  if (!last) return true;
  if (last.status === "failed") return true;
  return now.getTime() - last.startedAt.getTime() >= DAILY_JOB_DUE_AFTER_MS;
}

export interface RunDailyJobOptions {
  db: Database;
  log: Pick<Logger, "info">;
  now?: () => Date;
  /** Runs even if the last run was less than a day ago (tests, an operator's command). */
  force?: boolean;
  /** Told under the lock, once the job is found due and before it runs (an answer that it has started). */
  onStart?: (startedAt: Date) => void;
}

/**
 * Runs `job` if it is due and no daily job runs elsewhere (ran: false otherwise), records the run
 * and logs its counts. A failure is recorded with what was done before it, then thrown for the
 * scheduler to log.
 */
export async function runDailyJob<C extends Record<string, number>>(
  job: DailyJob<C>,
  { db, log, now = () => new Date(), force = false, onStart }: RunDailyJobOptions,
): Promise<ExclusiveRun<JobRun<C> | null>> {
  return runExclusive(db, DAILY_JOBS_LOCK, async () => {
    const startedAt = now();
    // Read under the lock: a process that ran it a moment ago has recorded it by now.
    if (!force && !(job.isDue ?? isDue)(await readJobRun(db, job), startedAt)) return null;
    onStart?.(startedAt);
    const counts = job.zero();
    try {
      await job.run(counts, startedAt);
    } catch (error) {
      const message = String(serializeError(error).message ?? "Unknown error");
      // The failure itself is what the scheduler logs, even when it also keeps it from being recorded.
      await recordJobRun(db, job.name, {
        startedAt,
        finishedAt: now(),
        status: "failed",
        counts,
        error: message,
      }).catch(() => {});
      throw error;
    }
    const run: JobRun<C> = {
      startedAt,
      finishedAt: now(),
      status: "succeeded",
      counts,
      error: null,
      lastSucceededAt: startedAt,
    };
    await recordJobRun(db, job.name, run);
    const fields: Record<string, unknown> = {
      job: job.name,
      ...counts,
      ms: run.finishedAt.getTime() - startedAt.getTime(),
    };
    log.info(fields, job.description);
    return run;
  });
}

import { sql } from "drizzle-orm";
import { bigint, check, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { JobRunStatus } from "~/contracts/jobs";

/**
 * The last run of each daily job (project retention, the backup), one row per job,
 * replaced by every run: when it started and ended, whether it succeeded, what it counted and,
 * when it failed, why. The admin shows it (docs/decisions/036-project-retention.md), and the
 * job reads it to know whether a day has passed since it last ran, on any process.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").primaryKey(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
    status: text("status").$type<JobRunStatus>().notNull(),
    /** What the run did, by the job's own names (projects, files, ...): the job's service gives it its shape. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    /** Why it failed, as the log has it; null when it succeeded. */
    error: text("error"),
    /**
     * When the last run that succeeded started: kept through the failed runs that replace the
     * row, so the backup's schedule and the owner's warning know how old the last good one is.
     */
    lastSucceededAt: timestamp("last_succeeded_at", { withTimezone: true }),
  },
  (t) => [check("job_runs_status_check", sql`${t.status} in ('succeeded', 'failed')`)],
);

/**
 * A daily job running now (the backup, docs/decisions/037-backups.md), one row per job while it
 * runs: what it is doing, written at most once a second and at least every few seconds, so the
 * owner sees the progress on whichever process answers, and a row no longer written (its process
 * died) is known to be over. The run deletes it when it ends.
 */
export const jobProgress = pgTable("job_progress", {
  job: text("job").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  /** The database's clock at the last write: compared with its now(), never with a process's clock. */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** The step, in the job's words (tables, files, archive, ...). */
  phase: text("phase").notNull(),
  done: bigint("done", { mode: "number" }).notNull().default(0),
  total: bigint("total", { mode: "number" }).notNull().default(0),
  /** What it is on: a table's or a file's name. */
  item: text("item"),
});

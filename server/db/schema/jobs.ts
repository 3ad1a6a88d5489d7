import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { JobRunStatus } from "~/lib/admin/jobs";

/**
 * The last run of each daily job (project retention; the backups to come), one row per job,
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
  },
  (t) => [check("job_runs_status_check", sql`${t.status} in ('succeeded', 'failed')`)],
);

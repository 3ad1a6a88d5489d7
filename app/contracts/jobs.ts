import { z } from "~/contracts/zod";
import { endpoint } from "./endpoint";

/**
 * The daily jobs' last runs, as the admin reads them (GET /api/admin/jobs,
 * docs/decisions/036-project-retention.md). One run is kept per job: the next one replaces it.
 */
export const JOB_RUN_STATUSES = ["succeeded", "failed"] as const;

export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

const dateTime = (example: string) => z.string().meta({ format: "date-time", example });

const count = (description: string) => z.number().int().min(0).meta({ description });

/** What one run of the project retention did. */
export const ProjectRetentionCountsSchema = z
  .object({
    projects: count("Projects deleted: complete, with nothing new on them, for longer than the stated retention"),
    milestones: count("Their milestones, deleted with them"),
    updates: count("Their updates, deleted with them"),
    comments: count("Their discussion's comments, deleted with them"),
    portal_sessions: count("Client-portal sessions opened on one of those projects, ended and deleted"),
    files: count("Their files, deleted: the media row and the stored bytes"),
    files_kept: count("Their files a published post shows: kept in the media library, no longer the project's"),
    held_for_billing: count(
      "Projects past their retention kept because money is still open on them: an open quote, an invoice with money due or an unapplied credit",
    ),
  })
  .meta({
    id: "ProjectRetentionCounts",
    example: {
      projects: 2,
      milestones: 9,
      updates: 14,
      comments: 31,
      portal_sessions: 1,
      files: 12,
      files_kept: 1,
      held_for_billing: 1,
    },
  });

export type ProjectRetentionCounts = z.infer<typeof ProjectRetentionCountsSchema>;

export const ProjectRetentionRunSchema = z
  .object({
    started_at: dateTime("2026-11-27T09:01:00.000Z"),
    finished_at: dateTime("2026-11-27T09:01:02.400Z"),
    status: z.enum(JOB_RUN_STATUSES),
    error: z.string().nullable().meta({ description: "Why the run failed; null when it succeeded", example: null }),
    counts: ProjectRetentionCountsSchema.meta({
      description: "What it removed; a failed run counts what it finished before the failure",
    }),
  })
  .meta({ id: "ProjectRetentionRun" });

export type ProjectRetentionRun = z.infer<typeof ProjectRetentionRunSchema>;

/**
 * The projects past their retention kept now because money is still open on them
 * (docs/product/billing.md "Keeping the records"), and why: a project may count under more than
 * one reason.
 */
export const HeldBackProjectsSchema = z
  .object({
    projects: count("Projects past their retention kept because money is still open on them"),
    open_quotes: count("Of them, with a quote sent and not yet decided"),
    money_due: count("Of them, with an invoice with money still due (sent, partially paid or overdue)"),
    open_credits: count("Of them, with money received that is not yet refunded or applied (a credit)"),
  })
  .meta({ id: "HeldBackProjects", example: { projects: 1, open_quotes: 0, money_due: 1, open_credits: 0 } });

export type HeldBackProjects = z.infer<typeof HeldBackProjectsSchema>;

export const DailyJobsSchema = z
  .object({
    project_retention: ProjectRetentionRunSchema.nullable().meta({
      description: "The last run of the project retention; null before its first run",
    }),
    held_back: HeldBackProjectsSchema.meta({
      description: "Projects past their retention that are kept now because money is still open on them, and why",
    }),
  })
  .meta({
    id: "DailyJobs",
    example: {
      project_retention: {
        started_at: "2026-11-27T09:01:00.000Z",
        finished_at: "2026-11-27T09:01:02.400Z",
        status: "succeeded",
        error: null,
        counts: {
          projects: 2,
          milestones: 9,
          updates: 14,
          comments: 31,
          portal_sessions: 1,
          files: 12,
          files_kept: 1,
          held_for_billing: 1,
        },
      },
      held_back: { projects: 1, open_quotes: 0, money_due: 1, open_credits: 0 },
    },
  });

export type DailyJobs = z.infer<typeof DailyJobsSchema>;

/** The daily jobs (docs/decisions/036-project-retention.md): what Settings shows under "Data retention". */
export const jobsEndpoints = {
  /** The last run of each daily job; null for one that has not run yet. */
  lastRuns: endpoint({
    method: "get",
    path: "/api/admin/jobs",
    access: "admin",
    answer: DailyJobsSchema,
  }),
};

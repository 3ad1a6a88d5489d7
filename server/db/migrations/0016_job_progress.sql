-- A daily job running now (the backup), its progress written at most once a second so the owner sees it on
-- any process; and when each job last succeeded, kept through failed runs (docs/decisions/037-backups.md).
CREATE TABLE "job_progress" (
	"job" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"phase" text NOT NULL,
	"done" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"item" text
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "last_succeeded_at" timestamp with time zone;
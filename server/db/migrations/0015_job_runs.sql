-- The last run of each daily job (project retention, and the backups to come): shown to the owner, and read
-- by the job to know whether a day has passed since its last run (docs/decisions/036-project-retention.md).
CREATE TABLE "job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "job_runs_status_check" CHECK ("job_runs"."status" in ('succeeded', 'failed'))
);

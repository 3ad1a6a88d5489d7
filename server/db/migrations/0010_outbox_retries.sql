ALTER TABLE "email_outbox" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "email_outbox" SET "queued_at" = "created_at";--> statement-breakpoint
-- "failed" used to mean "the last try failed, retried up to 6 times": such a message still within
-- its 72 hours is now "retrying"; one past them is failed for good.
UPDATE "email_outbox" SET "status" = 'retrying', "next_attempt_at" = coalesce("next_attempt_at", now())
  WHERE "status" = 'failed' AND "created_at" > now() - interval '72 hours';--> statement-breakpoint
UPDATE "email_outbox" SET "next_attempt_at" = NULL WHERE "status" = 'failed';--> statement-breakpoint
-- A pending message is picked up by the retry job once its next_attempt_at has come.
UPDATE "email_outbox" SET "next_attempt_at" = "created_at" + interval '1 minute'
  WHERE "status" = 'pending' AND "next_attempt_at" IS NULL;

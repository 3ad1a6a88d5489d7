DROP INDEX "email_outbox_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(to_address || ' ' || subject)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_search_trgm_idx" ON "email_outbox" USING gin ("search_text" gin_trgm_ops);
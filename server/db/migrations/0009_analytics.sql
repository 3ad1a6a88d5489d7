CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"path" text NOT NULL,
	"visitor" text NOT NULL,
	"referrer_host" text,
	"entry" boolean DEFAULT false NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"scroll_depth" smallint,
	"seconds" smallint,
	"props" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_kind_check" CHECK ("analytics_events"."kind" in ('pageview', 'scroll', 'event')),
	CONSTRAINT "analytics_events_scroll_check" CHECK ("analytics_events"."scroll_depth" is null or "analytics_events"."scroll_depth" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "utm_content" text;--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_kind_created_idx" ON "analytics_events" USING btree ("kind","created_at");
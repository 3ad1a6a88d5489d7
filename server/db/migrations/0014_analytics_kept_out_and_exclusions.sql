-- Flood-proof analytics (docs/decisions/033-analytics-flood.md): the pageviews kept out of the counts per day
-- (over a daily cap, or from a known spam referrer), and the pages, referrers and UTM sources the owner excluded
-- from the reports.
CREATE TABLE "analytics_exclusions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_exclusions_kind_check" CHECK ("analytics_exclusions"."kind" in ('path', 'referrer', 'utm_source'))
);
--> statement-breakpoint
CREATE TABLE "analytics_kept_out" (
	"day" date PRIMARY KEY NOT NULL,
	"over_cap" integer DEFAULT 0 NOT NULL,
	"spam_referrer" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_exclusions_kind_value_key" ON "analytics_exclusions" USING btree ("kind","value");
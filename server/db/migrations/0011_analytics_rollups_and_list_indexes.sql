-- drizzle-kit does not write CREATE EXTENSION: the trigram indexes below need pg_trgm, a trusted
-- extension (PostgreSQL 13+) the database owner may create.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"pageviews" integer NOT NULL,
	"visits" integer NOT NULL,
	"visitors" integer NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_events" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_daily_events_day_name_pk" PRIMARY KEY("day","name")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"pageviews" integer NOT NULL,
	"visitors" integer NOT NULL,
	"entries" integer NOT NULL,
	"scroll_total" integer NOT NULL,
	"scrolled_75" integer NOT NULL,
	"stayed_30" integer NOT NULL,
	"stayed_60" integer NOT NULL,
	"stayed_120" integer NOT NULL,
	"stayed_300" integer NOT NULL,
	CONSTRAINT "analytics_daily_pages_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_referrers" (
	"day" date NOT NULL,
	"host" text NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "analytics_daily_referrers_day_host_pk" PRIMARY KEY("day","host")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_utm" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"medium" text,
	"campaign" text,
	"visits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_daily_events" ADD CONSTRAINT "analytics_daily_events_day_analytics_daily_day_fk" FOREIGN KEY ("day") REFERENCES "public"."analytics_daily"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily_pages" ADD CONSTRAINT "analytics_daily_pages_day_analytics_daily_day_fk" FOREIGN KEY ("day") REFERENCES "public"."analytics_daily"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily_referrers" ADD CONSTRAINT "analytics_daily_referrers_day_analytics_daily_day_fk" FOREIGN KEY ("day") REFERENCES "public"."analytics_daily"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily_utm" ADD CONSTRAINT "analytics_daily_utm_day_analytics_daily_day_fk" FOREIGN KEY ("day") REFERENCES "public"."analytics_daily"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_daily_utm_key" ON "analytics_daily_utm" USING btree ("day","source",coalesce("medium", ''),coalesce("campaign", ''));--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_company_trgm_idx" ON "contacts" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_name_lower_idx" ON "contacts" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "email_outbox_status_created_idx" ON "email_outbox" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_search_trgm_idx" ON "email_outbox" USING gin ("to_address" gin_trgm_ops,"subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_file_type_created_idx" ON "media" USING btree ("file_type","created_at");--> statement-breakpoint
CREATE INDEX "media_search_text_trgm_idx" ON "media" USING gin (("original_name" || E'\n' || "filename" || E'\n' || coalesce("description", '')) gin_trgm_ops);
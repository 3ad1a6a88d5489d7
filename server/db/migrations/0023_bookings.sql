-- drizzle-kit does not write CREATE EXTENSION or exclusion constraints: btree_gist (a trusted
-- extension) lets one GiST index compare the live bookings' blocked ranges (docs/decisions/058-bookings.md).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "booking_overrides" (
	"day" date PRIMARY KEY NOT NULL,
	"hours" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"buffer_before_minutes" integer DEFAULT 10 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 10 NOT NULL,
	"min_notice_minutes" integer DEFAULT 720 NOT NULL,
	"window_days" integer DEFAULT 30 NOT NULL,
	"max_per_day" integer,
	"step_minutes" integer DEFAULT 30 NOT NULL,
	"busy_feed_url" text,
	"busy_feed_checked_at" timestamp with time zone,
	"busy_feed_ok_at" timestamp with time zone,
	"busy_feed_error" text,
	"owner_feed_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"meeting_type_id" integer NOT NULL,
	"meeting_name" text NOT NULL,
	"location_kind" text NOT NULL,
	"location_detail" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked" "tstzrange" NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"about" text DEFAULT '' NOT NULL,
	"visitor_time_zone" text NOT NULL,
	"contact_id" bigint,
	"project_id" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"owner_notes" text DEFAULT '' NOT NULL,
	"cancel_message" text,
	"cancelled_by" text,
	"landing_page" text,
	"visit_counted" boolean,
	"reminder_24h_at" timestamp with time zone,
	"reminder_1h_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_times" CHECK ("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "busy_times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"length_minutes" integer NOT NULL,
	"location_kind" text NOT NULL,
	"location_detail" text,
	"audience" text DEFAULT 'public' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_meeting_type_id_meeting_types_id_fk" FOREIGN KEY ("meeting_type_id") REFERENCES "public"."meeting_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_uid_key" ON "bookings" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "bookings_contact_idx" ON "bookings" USING btree ("contact_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_project_idx" ON "bookings" USING btree ("project_id","starts_at");--> statement-breakpoint
CREATE INDEX "busy_times_starts_idx" ON "busy_times" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_types_slug_key" ON "meeting_types" USING btree ("slug");--> statement-breakpoint
-- Never double-booked: two live bookings' blocked ranges (their times with the buffers) may not overlap.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("blocked" WITH &&) WHERE ("status" <> 'cancelled');--> statement-breakpoint
-- The free times are kept while these tables stay unchanged (server/services/bookings/bookings.ts,
-- the list_changed function of 0021): every statement that changes one takes the next number.
CREATE SEQUENCE IF NOT EXISTS "bookings_changes";--> statement-breakpoint
CREATE TRIGGER "bookings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('bookings_changes');--> statement-breakpoint
CREATE TRIGGER "busy_times_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "busy_times"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('bookings_changes');--> statement-breakpoint
CREATE TRIGGER "booking_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "booking_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('bookings_changes');--> statement-breakpoint
CREATE TRIGGER "booking_overrides_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "booking_overrides"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('bookings_changes');--> statement-breakpoint
CREATE TRIGGER "meeting_types_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "meeting_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('bookings_changes');

-- Quote follow-ups (docs/decisions/060-quote-follow-ups.md): the mark of each follow-up sent, one
-- per quote and kind, and the quotes (by number, every revision) whose follow-ups the owner turned off.
CREATE TABLE "quote_follow_ups" (
	"quote_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"contact_id" bigint,
	"to_name" text NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"email_id" bigint,
	CONSTRAINT "quote_follow_ups_quote_id_kind_pk" PRIMARY KEY("quote_id","kind"),
	CONSTRAINT "quote_follow_ups_kind_check" CHECK ("quote_follow_ups"."kind" in ('not_opened', 'expiring'))
);
--> statement-breakpoint
CREATE TABLE "quote_follow_up_opt_outs" (
	"number" text PRIMARY KEY NOT NULL,
	"set_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_follow_ups" ADD CONSTRAINT "quote_follow_ups_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_follow_ups" ADD CONSTRAINT "quote_follow_ups_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_follow_ups_sent_idx" ON "quote_follow_ups" USING btree ("sent_at");

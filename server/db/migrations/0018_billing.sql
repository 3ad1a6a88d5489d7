-- Quotes, invoices and payments (docs/product/billing.md, docs/decisions/042-quotes-invoices-payments.md):
-- integer cents, numbers per year without gaps (billing_number_counters, allocated in the record's own
-- transaction), and records that cannot change once sent, paid or void: the triggers at the end refuse
-- it from any writer, the app's services refuse it first with a 409.
CREATE TABLE "billing_number_counters" (
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "billing_number_counters_year_kind_pk" PRIMARY KEY("year","kind"),
	CONSTRAINT "billing_number_counters_kind_check" CHECK ("billing_number_counters"."kind" in ('quote', 'invoice'))
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_single_row" CHECK ("billing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"note" text,
	"stripe_event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount_cents" > 0),
	CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('check', 'cash', 'bank_transfer', 'card', 'other')),
	CONSTRAINT "invoice_payments_source_check" CHECK ("invoice_payments"."source" in ('manual', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" bigint NOT NULL,
	"day" date NOT NULL,
	"email_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_day_pk" PRIMARY KEY("invoice_id","day")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"project_id" text,
	"project_ref" text NOT NULL,
	"project_name" text NOT NULL,
	"client_name" text,
	"client_email" text,
	"quote_id" bigint,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"lines" jsonb NOT NULL,
	"discount_type" text DEFAULT 'none' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"amount_paid_cents" integer DEFAULT 0 NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"notes" text,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'partially_paid', 'paid', 'void')),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('deposit', 'balance', 'manual')),
	CONSTRAINT "invoices_discount_type_check" CHECK ("invoices"."discount_type" in ('none', 'percent', 'amount')),
	CONSTRAINT "invoices_money_check" CHECK ("invoices"."subtotal_cents" >= 0 and "invoices"."discount_cents" >= 0 and "invoices"."total_cents" = "invoices"."subtotal_cents" - "invoices"."discount_cents" and "invoices"."amount_paid_cents" between 0 and "invoices"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"project_id" text,
	"project_ref" text NOT NULL,
	"project_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"replaces_id" bigint,
	"replaced_by_id" bigint,
	"lines" jsonb NOT NULL,
	"discount_type" text DEFAULT 'none' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"deposit_percent" integer NOT NULL,
	"deposit_cents" integer NOT NULL,
	"terms" text NOT NULL,
	"notes" text,
	"valid_until" date NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"accepted_name" text,
	"accepted_at" timestamp with time zone,
	"accepted_ip" text,
	"accepted_user_agent" text,
	"accepted_content_hash" text,
	"accepted_pdf_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired')),
	CONSTRAINT "quotes_discount_type_check" CHECK ("quotes"."discount_type" in ('none', 'percent', 'amount')),
	CONSTRAINT "quotes_money_check" CHECK ("quotes"."subtotal_cents" >= 0 and "quotes"."discount_cents" >= 0 and "quotes"."total_cents" = "quotes"."subtotal_cents" - "quotes"."discount_cents" and "quotes"."deposit_cents" between 0 and "quotes"."total_cents"),
	CONSTRAINT "quotes_deposit_percent_check" CHECK ("quotes"."deposit_percent" between 0 and 100),
	CONSTRAINT "quotes_revision_check" CHECK ("quotes"."revision" >= 1)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_replaces_id_quotes_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_replaced_by_id_quotes_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_accepted_pdf_key_media_key_fk" FOREIGN KEY ("accepted_pdf_key") REFERENCES "public"."media"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_stripe_event_key" ON "invoice_payments" USING btree ("stripe_event_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoice_payments_paid_on_idx" ON "invoice_payments" USING btree ("paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_key" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_project_idx" ON "invoices" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_quote_idx" ON "invoices" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_issue_idx" ON "invoices" USING btree ("issue_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_revision_key" ON "quotes" USING btree ("number","revision");--> statement-breakpoint
CREATE INDEX "quotes_project_idx" ON "quotes" USING btree ("project_id","created_at");
--> statement-breakpoint
-- A sent quote's content never changes (a revision replaces it); a decided one (accepted, declined,
-- expired) changes no more, but for the link to its PDF, to its revision, and to a deleted project.
-- Only drafts are deleted.
CREATE FUNCTION "quotes_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	progress text[] := ARRAY['status', 'sent_at', 'viewed_at', 'decided_at', 'decline_reason', 'accepted_name',
		'accepted_at', 'accepted_ip', 'accepted_user_agent', 'accepted_content_hash', 'accepted_pdf_key',
		'replaced_by_id', 'project_id', 'updated_at'];
	links text[] := ARRAY['accepted_pdf_key', 'replaced_by_id', 'project_id', 'updated_at'];
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF OLD.status <> 'draft' THEN
			RAISE EXCEPTION 'quote % was sent: it is kept, not deleted', OLD.number USING ERRCODE = 'integrity_constraint_violation';
		END IF;
		RETURN OLD;
	END IF;
	IF OLD.status IN ('accepted', 'declined', 'expired')
		AND (to_jsonb(NEW) - links) IS DISTINCT FROM (to_jsonb(OLD) - links) THEN
		RAISE EXCEPTION 'quote % is %: it cannot change', OLD.number, OLD.status USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	IF OLD.status <> 'draft' AND (to_jsonb(NEW) - progress) IS DISTINCT FROM (to_jsonb(OLD) - progress) THEN
		RAISE EXCEPTION 'quote % was sent: its content cannot change (revise it instead)', OLD.number USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotes_frozen" BEFORE UPDATE OR DELETE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "quotes_frozen"();
--> statement-breakpoint
-- A paid or void invoice never changes (but for a deleted project's link); a sent one keeps its
-- content (lines, amounts, number, dates of issue), and only its state, due date and reminders move.
-- Invoices are never deleted: a wrong one is voided and keeps its number.
CREATE FUNCTION "invoices_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	progress text[] := ARRAY['status', 'due_date', 'reminders_enabled', 'sent_at', 'paid_at', 'voided_at',
		'void_reason', 'amount_paid_cents', 'project_id', 'updated_at'];
	links text[] := ARRAY['project_id', 'updated_at'];
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'invoice % is kept: void it instead of deleting it', OLD.number USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	IF OLD.status IN ('paid', 'void') AND (to_jsonb(NEW) - links) IS DISTINCT FROM (to_jsonb(OLD) - links) THEN
		RAISE EXCEPTION 'invoice % is %: it cannot change', OLD.number, OLD.status USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	IF OLD.status <> 'draft' AND (to_jsonb(NEW) - progress) IS DISTINCT FROM (to_jsonb(OLD) - progress) THEN
		RAISE EXCEPTION 'invoice % was sent: its lines and amounts cannot change', OLD.number USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_frozen" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_frozen"();
--> statement-breakpoint
-- A payment is a record: never changed or deleted, and never added to a paid or void invoice.
CREATE FUNCTION "invoice_payments_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	invoice_status text;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		RAISE EXCEPTION 'a payment is kept as recorded: it cannot be changed or deleted' USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	SELECT status INTO invoice_status FROM invoices WHERE id = NEW.invoice_id;
	IF invoice_status IN ('paid', 'void') THEN
		RAISE EXCEPTION 'invoice % is %: it takes no more payments', NEW.invoice_id, invoice_status USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_frozen" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_payments" FOR EACH ROW EXECUTE FUNCTION "invoice_payments_frozen"();

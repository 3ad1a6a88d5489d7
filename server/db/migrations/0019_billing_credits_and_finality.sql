CREATE TABLE "billing_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"stripe_event_id" text,
	"received_on" date NOT NULL,
	"note" text,
	"resolution_note" text,
	"applied_invoice_id" bigint,
	"applied_payment_id" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_credits_amount_check" CHECK ("billing_credits"."amount_cents" > 0),
	CONSTRAINT "billing_credits_reason_check" CHECK ("billing_credits"."reason" in ('overpaid', 'already_paid', 'void')),
	CONSTRAINT "billing_credits_status_check" CHECK ("billing_credits"."status" in ('open', 'refunded', 'applied'))
);
--> statement-breakpoint
CREATE TABLE "discarded_quote_revisions" (
	"quote_id" bigint PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"revision" integer NOT NULL,
	"accepted_quote_id" bigint NOT NULL,
	"discarded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_method_check";--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_source_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "checkout_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "checkout_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_credits" ADD CONSTRAINT "billing_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_credits" ADD CONSTRAINT "billing_credits_applied_invoice_id_invoices_id_fk" FOREIGN KEY ("applied_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_credits" ADD CONSTRAINT "billing_credits_applied_payment_id_invoice_payments_id_fk" FOREIGN KEY ("applied_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discarded_quote_revisions" ADD CONSTRAINT "discarded_quote_revisions_accepted_quote_id_quotes_id_fk" FOREIGN KEY ("accepted_quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_credits_stripe_event_key" ON "billing_credits" USING btree ("stripe_event_id");--> statement-breakpoint
CREATE INDEX "billing_credits_invoice_idx" ON "billing_credits" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "billing_credits_open_idx" ON "billing_credits" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_accepted_per_number" ON "quotes" USING btree ("number") WHERE "quotes"."status" = 'accepted';--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('check', 'cash', 'bank_transfer', 'card', 'other', 'credit'));--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_source_check" CHECK ("invoice_payments"."source" in ('manual', 'stripe', 'credit'));--> statement-breakpoint
-- A decided quote is final (docs/product/billing.md "Quotes"): an accepted or declined quote takes no
-- revision any more (replaced_by_id stays as it is); only an expired one may still be replaced by a
-- sent revision. Its PDF link and a deleted project's link still move.
CREATE OR REPLACE FUNCTION "quotes_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	progress text[] := ARRAY['status', 'sent_at', 'viewed_at', 'decided_at', 'decline_reason', 'accepted_name',
		'accepted_at', 'accepted_ip', 'accepted_user_agent', 'accepted_content_hash', 'accepted_pdf_key',
		'replaced_by_id', 'project_id', 'updated_at'];
	links text[] := ARRAY['accepted_pdf_key', 'project_id', 'updated_at'];
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF OLD.status <> 'draft' THEN
			RAISE EXCEPTION 'quote % was sent: it is kept, not deleted', OLD.number USING ERRCODE = 'integrity_constraint_violation';
		END IF;
		RETURN OLD;
	END IF;
	IF OLD.status = 'expired' THEN
		links := links || ARRAY['replaced_by_id'];
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
-- The open Checkout session of a sent invoice moves with its state; a paid or void invoice changes no
-- more (a payment or a void clears the session in the same update that freezes it).
CREATE OR REPLACE FUNCTION "invoices_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	progress text[] := ARRAY['status', 'due_date', 'reminders_enabled', 'sent_at', 'paid_at', 'voided_at',
		'void_reason', 'amount_paid_cents', 'project_id', 'updated_at', 'checkout_session_id', 'checkout_url',
		'checkout_amount_cents', 'checkout_expires_at'];
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
-- A credit is money received: never deleted; its amount, invoice, reason and event never change, and
-- once refunded or applied it is final.
CREATE FUNCTION "billing_credits_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	progress text[] := ARRAY['status', 'resolution_note', 'applied_invoice_id', 'applied_payment_id', 'resolved_at'];
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'a credit is money received: it is kept, not deleted' USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	IF OLD.status <> 'open' THEN
		RAISE EXCEPTION 'credit % is %: it cannot change', OLD.id, OLD.status USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	IF (to_jsonb(NEW) - progress) IS DISTINCT FROM (to_jsonb(OLD) - progress) THEN
		RAISE EXCEPTION 'credit % keeps its amount and invoice', OLD.id USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "billing_credits_frozen" BEFORE UPDATE OR DELETE ON "billing_credits" FOR EACH ROW EXECUTE FUNCTION "billing_credits_frozen"();

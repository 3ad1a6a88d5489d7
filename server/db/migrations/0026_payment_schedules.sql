-- Payment schedules on quotes and the invoices they create (docs/product/billing.md "Payment
-- schedules", docs/decisions/061-payment-schedules.md).
ALTER TABLE "quotes" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "auto_invoice" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "schedule_index" smallint;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('deposit', 'installment', 'balance', 'manual'));--> statement-breakpoint
-- One live invoice per payment of a schedule: a trigger that fires twice, or two processes, write one.
CREATE UNIQUE INDEX "invoices_one_per_scheduled_payment" ON "invoices" USING btree ("quote_id","schedule_index") WHERE "invoices"."schedule_index" is not null and "invoices"."status" <> 'void';--> statement-breakpoint
-- The owner's switch for sending scheduled invoices (auto_invoice) moves at any status; the
-- schedule itself is content, frozen once the quote is sent.
CREATE OR REPLACE FUNCTION "quotes_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	progress text[] := ARRAY['status', 'sent_at', 'viewed_at', 'decided_at', 'decline_reason', 'accepted_name',
		'accepted_at', 'accepted_ip', 'accepted_user_agent', 'accepted_content_hash', 'accepted_pdf_key',
		'replaced_by_id', 'project_id', 'updated_at', 'auto_invoice'];
	links text[] := ARRAY['accepted_pdf_key', 'project_id', 'updated_at', 'auto_invoice'];
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

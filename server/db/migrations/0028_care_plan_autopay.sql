-- Care plans paid automatically: a card saved through Stripe Checkout, charged off-session on each
-- due date, each result read from the signed webhook (docs/product/billing.md "Care plans",
-- docs/decisions/062-care-plan-autopay.md).
ALTER TABLE "care_plans" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "care_plans" ADD COLUMN "autopay_payment_method" text;--> statement-breakpoint
ALTER TABLE "care_plans" ADD COLUMN "autopay_card" text;--> statement-breakpoint
ALTER TABLE "care_plans" ADD COLUMN "autopay_since" timestamp with time zone;--> statement-breakpoint
-- One charge per invoice, written before Stripe is asked (its id is the request's idempotency key).
CREATE TABLE "care_plan_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_intent_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"failure" text,
	"stripe_event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plan_charges_status_check" CHECK ("care_plan_charges"."status" in ('requested', 'processing', 'succeeded', 'failed')),
	CONSTRAINT "care_plan_charges_amount_check" CHECK ("care_plan_charges"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "care_plan_charges" ADD CONSTRAINT "care_plan_charges_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_charges" ADD CONSTRAINT "care_plan_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_plan_charges_invoice_key" ON "care_plan_charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_plan_charges_intent_key" ON "care_plan_charges" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "care_plan_charges_plan_idx" ON "care_plan_charges" USING btree ("plan_id","created_at");

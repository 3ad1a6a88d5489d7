-- Care plans: recurring invoices for hosting and support (docs/product/billing.md "Care plans",
-- docs/decisions/063-care-plans.md).
CREATE TABLE "care_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"interval" text NOT NULL,
	"first_due_date" date NOT NULL,
	"end_date" date,
	"lead_days" smallint DEFAULT 7 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plans_interval_check" CHECK ("care_plans"."interval" in ('monthly', 'quarterly', 'yearly')),
	CONSTRAINT "care_plans_status_check" CHECK ("care_plans"."status" in ('active', 'paused', 'ended')),
	CONSTRAINT "care_plans_amount_check" CHECK ("care_plans"."amount_cents" > 0),
	CONSTRAINT "care_plans_lead_days_check" CHECK ("care_plans"."lead_days" between 0 and 60),
	CONSTRAINT "care_plans_end_check" CHECK ("care_plans"."end_date" is null or "care_plans"."end_date" >= "care_plans"."first_due_date")
);
--> statement-breakpoint
-- One row per period invoiced (or skipped while paused): its keys bill a period once, whatever the
-- restarts or processes.
CREATE TABLE "care_plan_periods" (
	"plan_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"invoice_id" bigint,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plan_periods_state_check" CHECK ("care_plan_periods"."state" in ('invoiced', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_periods" ADD CONSTRAINT "care_plan_periods_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_periods" ADD CONSTRAINT "care_plan_periods_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_plans_project_idx" ON "care_plans" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "care_plans_status_idx" ON "care_plans" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "care_plan_periods_plan_number_key" ON "care_plan_periods" USING btree ("plan_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "care_plan_periods_plan_due_key" ON "care_plan_periods" USING btree ("plan_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "care_plan_periods_invoice_key" ON "care_plan_periods" USING btree ("invoice_id");--> statement-breakpoint
-- The care plans' invoices are of their own kind.
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('deposit', 'installment', 'balance', 'manual', 'recurring'));

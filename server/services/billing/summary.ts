import { and, gte, inArray, lt, sql, type Placeholder } from "drizzle-orm";
import type { BillingSummary } from "~/contracts/billing";
import type { QuoteStatus } from "~/contracts/billing-terms";
import type { InvoiceStatus } from "~/contracts/billing-terms";
import type { Database } from "../../db/client";
import { invoicePayments, invoices, projects } from "../../db/schema";
import { addDays, centsOf, dayIn } from "./common";
import { openCredits } from "./credit-rows";
import { carePlanFigures } from "./care-plans";

/**
 * The owner's figures (docs/product/billing.md "The owner's figures"): what is outstanding and
 * overdue, what was paid this month and this year (in the business's time zone), the money
 * received that is still to refund or apply (open credits, "Credits"), and each
 * project's billing state in the projects list.
 */
export async function billingSummary(db: Database, now = new Date()): Promise<BillingSummary> {
  const today = dayIn(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const nextYear = `${Number(today.slice(0, 4)) + 1}-01-01`;
  const [open] = await db
    .select({
      outstanding: sql`coalesce(sum(${invoices.totalCents} - ${invoices.amountPaidCents}), 0)::bigint`.mapWith(centsOf),
      outstandingCount: sql<number>`count(*)::int`,
      overdue:
        sql`coalesce(sum(${invoices.totalCents} - ${invoices.amountPaidCents}) filter (where ${invoices.dueDate} < ${today}::date), 0)::bigint`.mapWith(
          centsOf,
        ),
      overdueCount: sql<number>`(count(*) filter (where ${invoices.dueDate} < ${today}::date))::int`,
    })
    .from(invoices)
    .where(
      and(
        inArray(invoices.status, ["sent", "partially_paid"]),
        sql`${invoices.totalCents} > ${invoices.amountPaidCents}`,
      ),
    );
  const [paid] = await db
    .select({
      month:
        sql`coalesce(sum(${invoicePayments.amountCents}) filter (where ${invoicePayments.paidOn} >= ${monthStart}::date), 0)::bigint`.mapWith(
          centsOf,
        ),
      year: sql`coalesce(sum(${invoicePayments.amountCents}), 0)::bigint`.mapWith(centsOf),
    })
    .from(invoicePayments)
    .where(
      and(
        gte(invoicePayments.paidOn, yearStart),
        lt(invoicePayments.paidOn, nextYear),
        lt(invoicePayments.paidOn, addDays(today, 1)),
      ),
    );
  const credits = await openCredits(db);
  const plans = await carePlanFigures(db, now);
  return {
    outstanding_cents: open?.outstanding ?? 0,
    outstanding_count: open?.outstandingCount ?? 0,
    overdue_cents: open?.overdue ?? 0,
    overdue_count: open?.overdueCount ?? 0,
    paid_this_month_cents: paid?.month ?? 0,
    paid_this_year_cents: paid?.year ?? 0,
    credit_due_cents: credits.cents,
    credit_due_count: credits.count,
    credit_invoice_id: credits.invoiceId,
    ...plans,
  };
}

export interface ProjectBillingState {
  quote_status: QuoteStatus | null;
  invoice_status: InvoiceStatus | null;
  due_cents: number;
}

/**
 * A project's latest quote status, latest invoice status and money due, as subqueries of a select
 * from projects (also the projects list's rows, projects/list.ts). Written out in full: drizzle
 * leaves the table off column names in single-table selects.
 */
export const billingStateSql = {
  quote: sql<QuoteStatus | null>`(select q.status from quotes q where q.project_id = "projects"."id"
    order by q.created_at desc, q.id desc limit 1)`,
  invoice: (
    today: string | Placeholder,
  ) => sql<InvoiceStatus | null>`(select case when i.status in ('sent', 'partially_paid')
      and i.due_date < ${today}::date and i.total_cents > i.amount_paid_cents then 'overdue' else i.status end
    from invoices i where i.project_id = "projects"."id" order by i.created_at desc, i.id desc limit 1)`,
  due: sql<string>`(select coalesce(sum(i.total_cents - i.amount_paid_cents), 0)::bigint from invoices i
    where i.project_id = "projects"."id" and i.status in ('sent', 'partially_paid'))`,
};

/** Each project's latest quote status, latest invoice status and money due: one query for the whole page. */
export async function projectBillingStates(
  db: Database,
  ids: string[],
  now = new Date(),
): Promise<Map<string, ProjectBillingState>> {
  const out = new Map<string, ProjectBillingState>();
  if (ids.length === 0) return out;
  const today = dayIn(now);
  const rows = await db
    .select({
      id: projects.id,
      quoteStatus: billingStateSql.quote,
      invoiceStatus: billingStateSql.invoice(today),
      due: billingStateSql.due,
    })
    .from(projects)
    .where(inArray(projects.id, ids));
  for (const r of rows)
    out.set(r.id, { quote_status: r.quoteStatus, invoice_status: r.invoiceStatus, due_cents: centsOf(r.due) });
  return out;
}

export const NO_BILLING: ProjectBillingState = { quote_status: null, invoice_status: null, due_cents: 0 };

/**
 * Care plans' invoices (docs/product/billing.md "Care plans"; decision 063): each period's invoice
 * is written and sent `lead_days` before it is due, by the job every minute. A period is billed
 * once and none is skipped, whatever the restarts, outages or processes:
 *
 * - the next period is the one after the plan's last recorded period (care_plan_periods), so a run
 *   after days down bills every period that came due meanwhile, oldest first, one transaction each;
 * - the period's row is written in the transaction that inserts its invoice, under the plan's row
 *   lock, and its keys (plan, number) and (plan, due date) refuse a second one;
 * - the job runs on one process at a time (runExclusive); a plan another transaction holds (the
 *   owner pausing it) is skipped this minute, not waited for.
 */
import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { invoiceDayOf, periodDueDate, periodText } from "~/contracts/care-plan-terms";
import { carePlanCharges, carePlanPeriods, carePlans, invoices } from "../../db/schema";
import type { DbOrTx, Tx } from "../../db/tx";
import { writeCarePlanInvoiceHeld } from "../../emails/care-plans";
import { writeInvoiceSent } from "../../emails/billing";
import { runExclusive } from "../../lib/job-lock";
import { queueLoggedEmail } from "../contact-emails";
import type { QueueEmail } from "../mail";
import { announceBillingChange, dayIn, storedLines } from "./common";
import { readInvoice } from "./invoices";
import { insertInvoice } from "./invoice-writes";
import type { BillingDeps } from "./quotes";
import { CLIENT_MAIL_SENDER, clientRecipient } from "./signed-copy";

export type CarePlanRow = typeof carePlans.$inferSelect;

/**
 * Whether an invoice is paid by its plan's saved card (automatic payment on, no failed charge):
 * its reminders are not sent, the charge is.
 */
export const paidAutomatically = (invoiceId: AnyColumn): SQL => sql`exists (
  select 1 from ${carePlanPeriods} inner join ${carePlans} on ${carePlans.id} = ${carePlanPeriods.planId}
  where ${carePlanPeriods.invoiceId} = ${invoiceId} and ${carePlans.autopayPaymentMethod} is not null
    and not exists (select 1 from ${carePlanCharges} where ${carePlanCharges.invoiceId} = ${invoiceId}
      and ${carePlanCharges.status} = 'failed'))`;

/** The number of the plan's first period not yet recorded (invoiced or skipped). */
export async function nextPeriodNumber(db: DbOrTx, planId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${carePlanPeriods.number}) + 1, 0)::int` })
    .from(carePlanPeriods)
    .where(eq(carePlanPeriods.planId, planId));
  return row?.next ?? 0;
}

/** Period n's due date, or null when it would fall after the plan's end date. */
export function dueDateWithin(plan: Pick<CarePlanRow, "firstDueDate" | "interval" | "endDate">, n: number) {
  const due = periodDueDate(plan.firstDueDate, plan.interval, n);
  return plan.endDate !== null && due > plan.endDate ? null : due;
}

/**
 * Writes period n's invoice (one line: the plan's name and the period), records the period, and
 * sends the invoice to the project's primary contact (logged on the contact); without an address
 * it stays a draft and the owner is told. Its due date is the period's, or today when the period
 * came due while no job ran (an invoice is never dated before it is written).
 */
async function invoicePeriod(
  tx: Tx,
  queue: QueueEmail,
  deps: BillingDeps,
  plan: CarePlanRow,
  n: number,
  due: string,
  now: Date,
): Promise<void> {
  const today = dayIn(now);
  const following = periodDueDate(plan.firstDueDate, plan.interval, n + 1);
  const id = await insertInvoice(
    tx,
    {
      projectId: plan.projectId,
      quoteId: null,
      kind: "recurring",
      lines: storedLines([
        { description: `${plan.name}: ${periodText(due, following)}`, quantity: 1, unit_price_cents: plan.amountCents },
      ]),
      discount_type: "none",
      discount_value: 0,
      dueDate: due < today ? today : due,
      remindersEnabled: true,
    },
    now,
  );
  await tx
    .insert(carePlanPeriods)
    .values({ planId: plan.id, number: n, dueDate: due, invoiceId: id, state: "invoiced" });
  const contact = await clientRecipient(tx, plan.projectId);
  if (contact) {
    await tx.update(invoices).set({ status: "sent", sentAt: now, updatedAt: now }).where(eq(invoices.id, id));
    const invoice = await readInvoice(tx, id, now);
    await queueLoggedEmail(
      tx,
      queue,
      contact.id,
      writeInvoiceSent(
        { invoice, contact, ...(plan.autopayPaymentMethod ? { autopay: { card: plan.autopayCard } } : {}) },
        deps.siteUrl,
      ),
      CLIENT_MAIL_SENDER,
    );
  } else {
    const invoice = await readInvoice(tx, id, now);
    await queue(writeCarePlanInvoiceHeld({ invoice, planName: plan.name }, deps.siteUrl, deps.ownerEmail));
  }
  await announceBillingChange(tx, plan.projectId);
}

type Step = "invoiced" | "done";

/**
 * One step of a plan, in its own transaction: its next period invoiced if its day has come, or the
 * plan ended when no period is left before its end date. A plan paused, ended or held by another
 * transaction is left alone.
 */
async function stepPlan(deps: BillingDeps, planId: number, now: Date): Promise<Step> {
  return deps.mailer.transaction(async (tx, queue): Promise<Step> => {
    const [plan] = await tx
      .select()
      .from(carePlans)
      .where(and(eq(carePlans.id, planId), eq(carePlans.status, "active")))
      .for("update", { skipLocked: true });
    if (!plan) return "done";
    const n = await nextPeriodNumber(tx, plan.id);
    const due = dueDateWithin(plan, n);
    if (due === null) {
      await tx
        .update(carePlans)
        .set({ status: "ended", endedAt: now, updatedAt: now })
        .where(eq(carePlans.id, plan.id));
      return "done";
    }
    if (invoiceDayOf(due, plan.leadDays) > dayIn(now)) return "done";
    await invoicePeriod(tx, queue, deps, plan, n, due, now);
    return "invoiced";
  });
}

/** Every period of the plan whose day has come, oldest first; answers how many were invoiced. */
export async function invoicePlanDue(deps: BillingDeps, planId: number, now = new Date()): Promise<number> {
  let written = 0;
  while ((await stepPlan(deps, planId, now)) === "invoiced") written++;
  return written;
}

/**
 * The job: every active plan's periods whose day has come (a week before each is due, unless the
 * plan says otherwise), in the business's time zone. A plan that fails leaves the others done and
 * is tried again next minute; the failure is then thrown for the job's log.
 */
export async function invoiceCarePlans(deps: BillingDeps, now = new Date()): Promise<number> {
  const active = await deps.db
    .select({ id: carePlans.id })
    .from(carePlans)
    .where(eq(carePlans.status, "active"))
    .orderBy(carePlans.id);
  let written = 0;
  const failures: unknown[] = [];
  for (const { id } of active) {
    try {
      written += await invoicePlanDue(deps, id, now);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} care plans could not be invoiced`);
  return written;
}

/** Every minute from server/compose.ts, on one process at a time. */
export const runCarePlanInvoices = (deps: BillingDeps, now?: Date) =>
  runExclusive(deps.db, "care-plan-invoices", () => invoiceCarePlans(deps, now));

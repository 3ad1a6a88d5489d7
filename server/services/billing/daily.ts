import { and, eq, gt, inArray, lte, not, sql } from "drizzle-orm";
import { REMINDER_DAYS_AFTER_DUE } from "~/contracts/billing-terms";
import type { Database } from "../../db/client";
import { invoiceReminders, invoices } from "../../db/schema";
import { writeInvoiceReminder } from "../../emails/billing";
import type { Logger } from "../../lib/logger";
import { isDue, runDailyJob, type DailyJob, type RunDailyJobOptions } from "../job-runs";
import type { Mailer } from "../mail";
import { addDays, announceBillingChange, dayIn, primaryContactOf } from "./common";
import { paidAutomatically } from "./care-plan-invoices";
import { readInvoice } from "./invoices";
import { expireQuotes } from "./quotes";

/**
 * The billing's daily pass (docs/product/billing.md "Invoices", "Quotes"), run by the daily jobs
 * under their lock: sent and viewed quotes past their valid-until day become expired, and each
 * open invoice with reminders on gets its reminder through the outbox on its due date and 7 days
 * after (REMINDER_DAYS_AFTER_DUE), once per day (invoice_reminders' key). A pass that missed a
 * day sends the latest reminder that came due within the last week, never two at once.
 */
export const BILLING_DAILY_JOB = "billing-daily";

export interface BillingDailyCounts extends Record<string, number> {
  quotes_expired: number;
  reminders_queued: number;
}

export interface BillingDailyDeps {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  log: Pick<Logger, "info" | "warn">;
}

/** The reminder an invoice due on `dueDate` gets today, if any: its offset and day. */
export function reminderDueOn(dueDate: string, today: string): { daysAfterDue: number; day: string } | null {
  const reached = REMINDER_DAYS_AFTER_DUE.map((offset) => ({ daysAfterDue: offset, day: addDays(dueDate, offset) }))
    .filter((r) => r.day <= today && today < addDays(r.day, 7))
    .at(-1);
  return reached ?? null;
}

/** Queues today's reminders; answers how many. */
export async function queueInvoiceReminders(deps: BillingDailyDeps, now: Date): Promise<number> {
  const { db, mailer } = deps;
  const today = dayIn(now);
  const last = Math.max(...REMINDER_DAYS_AFTER_DUE);
  const candidates = await db
    .select({ id: invoices.id, dueDate: invoices.dueDate, projectId: invoices.projectId })
    .from(invoices)
    .where(
      and(
        inArray(invoices.status, ["sent", "partially_paid"]),
        eq(invoices.remindersEnabled, true),
        sql`${invoices.totalCents} > ${invoices.amountPaidCents}`,
        lte(invoices.dueDate, today),
        gt(invoices.dueDate, addDays(today, -(last + 7))),
        // A care plan's invoice paid by its saved card gets the charge, not a reminder (decision 062).
        not(paidAutomatically(invoices.id)),
      ),
    );
  let queued = 0;
  for (const candidate of candidates) {
    const reminder = reminderDueOn(candidate.dueDate, today);
    if (!reminder || !candidate.projectId) continue;
    const projectId = candidate.projectId;
    const emailId = await mailer.transaction(async (tx, queue) => {
      const contact = await primaryContactOf(tx, projectId);
      if (!contact?.email?.trim()) return null;
      const [claimed] = await tx
        .insert(invoiceReminders)
        .values({ invoiceId: candidate.id, day: reminder.day })
        .onConflictDoNothing()
        .returning({ day: invoiceReminders.day });
      if (!claimed) return null;
      const invoice = await readInvoice(tx, candidate.id, now);
      const id = await queue(
        writeInvoiceReminder(
          { invoice, contact: { ...contact, email: contact.email }, daysAfterDue: reminder.daysAfterDue },
          deps.siteUrl,
        ),
      );
      await tx
        .update(invoiceReminders)
        .set({ emailId: id })
        .where(and(eq(invoiceReminders.invoiceId, candidate.id), eq(invoiceReminders.day, reminder.day)));
      await announceBillingChange(tx, projectId);
      return id;
    });
    if (emailId !== null) queued += 1;
  }
  return queued;
}

export const billingDailyJob = (deps: BillingDailyDeps): DailyJob<BillingDailyCounts> => ({
  name: BILLING_DAILY_JOB,
  description: "expired past quotes and queued the invoice reminders",
  zero: () => ({ quotes_expired: 0, reminders_queued: 0 }),
  run: async (counts, now) => {
    counts.quotes_expired += await expireQuotes(deps.db, now);
    counts.reminders_queued += await queueInvoiceReminders(deps, now);
  },
  // Once per calendar day of the business (a reminder is for a day), and again after a failure.
  isDue: (last, now) => !last || isDue(last, now) || dayIn(last.startedAt) !== dayIn(now),
});

/** The scheduled job (server/compose.ts): on one process, under the daily jobs' lock. */
export const runBillingDaily = (deps: BillingDailyDeps, options: Omit<RunDailyJobOptions, "db" | "log"> = {}) =>
  runDailyJob(billingDailyJob(deps), { db: deps.db, log: deps.log, ...options });

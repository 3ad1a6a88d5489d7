/**
 * Invoices that write themselves (docs/product/billing.md "Deposit at signing", "Payment
 * schedules"; decision 061): the deposit when the client accepts, and each payment of a quote's
 * schedule when its trigger fires (the project reaches Launch, the day comes, N days after
 * acceptance). Each is the invoice the owner would have made by hand, numbered in the same
 * sequence, written in the transaction that holds the quote's row lock; a unique index (one live
 * invoice per payment) makes a second one impossible, whichever process fires the trigger.
 */
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Invoice } from "~/contracts/invoices";
import { scheduleAmounts, shareText, whenDue, type ScheduleEntryValues } from "~/contracts/payment-schedule";
import type { ProjectStatus } from "~/contracts/project-terms";
import { invoices, projects, quotes } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { writeInvoiceReadyToSend } from "../../emails/schedules";
import { writeInvoiceSent } from "../../emails/billing";
import { runExclusive } from "../../lib/job-lock";
import { queueLoggedEmail } from "../contact-emails";
import type { QueueEmail } from "../mail";
import { addDays, announceBillingChange, dayIn, readBillingSettings, storedLines } from "./common";
import { readInvoice } from "./invoices";
import { insertInvoice } from "./invoice-writes";
import type { BillingDeps } from "./quotes";
import { CLIENT_MAIL_SENDER, clientRecipient } from "./signed-copy";

type QuoteRow = typeof quotes.$inferSelect;

/** The statuses of a project that has reached Launch (and gone on from it). */
export const LAUNCHED: readonly ProjectStatus[] = ["launch", "complete", "maintenance"];

/** What the triggers are read against: the day in the business's zone and the project's status. */
interface Moment {
  today: string;
  projectStatus: ProjectStatus | null;
}

/** The payments of a quote due at this moment (their indexes), whether invoiced or not. */
export function duePayments(quote: Pick<QuoteRow, "schedule" | "depositCents" | "acceptedAt">, at: Moment): number[] {
  if (!quote.schedule || quote.schedule.length === 0) return quote.depositCents > 0 ? [0] : [];
  const accepted = quote.acceptedAt ? dayIn(quote.acceptedAt) : null;
  return quote.schedule.flatMap((entry, i) => (isDue(entry, accepted, at) ? [i] : []));
}

function isDue(entry: ScheduleEntryValues, acceptedDay: string | null, at: Moment): boolean {
  if (acceptedDay === null) return false;
  switch (entry.trigger) {
    case "acceptance":
      return true;
    case "launch":
      return at.projectStatus !== null && LAUNCHED.includes(at.projectStatus);
    case "date":
      return entry.date !== null && entry.date <= at.today;
    case "days_after_acceptance":
      return entry.days !== null && addDays(acceptedDay, entry.days) <= at.today;
  }
}

/** The invoice's kind: the first payment is the deposit, the last of several the balance. */
const kindOf = (index: number, count: number) =>
  index === 0 ? ("deposit" as const) : index === count - 1 ? ("balance" as const) : ("installment" as const);

/** The line of a scheduled payment's invoice, in the schedule's words. */
function lineOf(quote: QuoteRow, index: number): string {
  if (!quote.schedule || quote.schedule.length === 0)
    return `${quote.depositPercent}% deposit on quote ${quote.number}`;
  const entry = quote.schedule[index]!;
  const count = quote.schedule.length;
  const place = count > 1 ? `, payment ${index + 1} of ${count}` : "";
  return `${entry.label}: ${shareText(entry)} of quote ${quote.number}${place} (due ${whenDue(entry)})`;
}

export interface WrittenInvoice {
  invoice: Invoice;
  /** Sent to the client (else a draft, the owner told it is ready to send). */
  sent: boolean;
}

/**
 * Writes the invoices of the given payments of a locked, accepted quote that have none yet. An
 * amount never goes past what is left of the total (a balance the owner invoiced by hand counts),
 * and the last payment takes what is left. With the quote's automatic sending on and an address to
 * send to, each is sent: by its own e-mail, or (`withSignedCopy`) in the signed copy the caller
 * sends. Otherwise it stays a draft and the owner gets a "ready to send" notice.
 */
export async function invoicePayments(
  tx: Tx,
  queue: QueueEmail,
  deps: BillingDeps,
  quote: QuoteRow,
  indexes: readonly number[],
  now: Date,
  options: { withSignedCopy?: boolean } = {},
): Promise<WrittenInvoice[]> {
  if (quote.status !== "accepted" || !quote.projectId || indexes.length === 0) return [];
  const earlier = await tx
    .select({ index: invoices.scheduleIndex, total: invoices.totalCents })
    .from(invoices)
    .where(and(eq(invoices.quoteId, quote.id), ne(invoices.status, "void")));
  const done = new Set(earlier.map((i) => i.index).filter((i) => i !== null));
  let invoiced = earlier.reduce((sum, i) => sum + i.total, 0);
  const count = quote.schedule?.length || 1;
  const amounts = quote.schedule?.length ? scheduleAmounts(quote.totalCents, quote.schedule) : [quote.depositCents];
  const written: WrittenInvoice[] = [];
  for (const index of [...indexes].sort((a, b) => a - b)) {
    if (done.has(index) || index >= count) continue;
    const left = quote.totalCents - invoiced;
    const amount = index === count - 1 && quote.schedule?.length ? left : Math.min(amounts[index]!, left);
    if (amount <= 0) continue;
    const id = await insertInvoice(
      tx,
      {
        projectId: quote.projectId,
        quoteId: quote.id,
        kind: kindOf(index, count),
        scheduleIndex: index,
        lines: storedLines([{ description: lineOf(quote, index), quantity: 1, unit_price_cents: amount }]),
        discount_type: "none",
        discount_value: 0,
      },
      now,
    );
    invoiced += amount;
    written.push(await sendOrHold(tx, queue, deps, quote, id, now, options.withSignedCopy ?? false));
  }
  if (written.length > 0) await announceBillingChange(tx, quote.projectId);
  return written;
}

async function sendOrHold(
  tx: Tx,
  queue: QueueEmail,
  deps: BillingDeps,
  quote: QuoteRow,
  id: number,
  now: Date,
  withSignedCopy: boolean,
): Promise<WrittenInvoice> {
  const contact = quote.autoInvoice ? await clientRecipient(tx, quote.projectId) : null;
  if (!contact) {
    const invoice = await readInvoice(tx, id, now);
    const why = quote.autoInvoice ? "no_address" : "auto_off";
    await queue(writeInvoiceReadyToSend({ invoice, quoteNumber: quote.number, why }, deps.siteUrl, deps.ownerEmail));
    return { invoice, sent: false };
  }
  await tx.update(invoices).set({ status: "sent", sentAt: now, updatedAt: now }).where(eq(invoices.id, id));
  const invoice = await readInvoice(tx, id, now);
  if (!withSignedCopy)
    await queueLoggedEmail(
      tx,
      queue,
      contact.id,
      writeInvoiceSent({ invoice, contact }, deps.siteUrl),
      CLIENT_MAIL_SENDER,
    );
  return { invoice, sent: true };
}

/**
 * At acceptance, in its transaction: the payments due now (the deposit; with a schedule, every
 * payment whose trigger has already come), unless the billing settings turn invoicing at signing off.
 */
export async function invoiceAtAcceptance(
  tx: Tx,
  queue: QueueEmail,
  deps: BillingDeps,
  accepted: QuoteRow,
  now: Date,
): Promise<WrittenInvoice[]> {
  const settings = await readBillingSettings(tx);
  if (!settings.invoice_on_acceptance || !accepted.projectId) return [];
  const [project] = await tx
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, accepted.projectId));
  const due = duePayments(accepted, { today: dayIn(now), projectStatus: project?.status ?? null });
  return invoicePayments(tx, queue, deps, accepted, due, now, { withSignedCopy: true });
}

/**
 * The accepted quotes with a schedule of a project, locked. One an acceptance holds is skipped, not
 * waited for (the acceptance holds the quote and waits for the project: waiting here would be a
 * deadlock); the job invoices what it leaves within a minute.
 */
async function lockScheduledQuotes(tx: Tx, projectId: string): Promise<QuoteRow[]> {
  return tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.status, "accepted"), isNotNull(quotes.schedule), eq(quotes.projectId, projectId)))
    .orderBy(quotes.id)
    .for("update", { skipLocked: true });
}

/**
 * A project's status changed, in the transaction that changed it: the payments of its accepted
 * quotes that fall due at Launch are invoiced now (the client sees the invoice at once).
 */
export async function invoiceOnStatus(
  tx: Tx,
  queue: QueueEmail,
  deps: BillingDeps,
  projectId: string,
  status: ProjectStatus,
  now: Date,
): Promise<WrittenInvoice[]> {
  if (!LAUNCHED.includes(status)) return [];
  const written: WrittenInvoice[] = [];
  for (const quote of await lockScheduledQuotes(tx, projectId))
    written.push(
      ...(await invoicePayments(
        tx,
        queue,
        deps,
        quote,
        duePayments(quote, { today: dayIn(now), projectStatus: status }),
        now,
      )),
    );
  return written;
}

/**
 * The job (every minute, one process at a time): every accepted quote's payments that are due and
 * not invoiced, on a date, N days after acceptance, or at a Launch a process missed. One
 * transaction per quote: a failure leaves the others done and is tried again next time.
 */
export async function invoiceDuePayments(deps: BillingDeps, now = new Date()): Promise<number> {
  const today = dayIn(now);
  // The accepted quotes with a payment of their schedule not yet invoiced (a fully invoiced one is
  // left out by the database), with the indexes already invoiced.
  const invoicedIndexes = sql<number[]>`coalesce((select array_agg(${invoices.scheduleIndex}) from ${invoices}
    where ${invoices.quoteId} = ${quotes.id} and ${invoices.scheduleIndex} is not null and ${invoices.status} <> 'void'), '{}')`;
  const candidates = await deps.db
    .select({
      id: quotes.id,
      schedule: quotes.schedule,
      depositCents: quotes.depositCents,
      acceptedAt: quotes.acceptedAt,
      projectStatus: projects.status,
      invoiced: invoicedIndexes,
    })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .where(
      and(
        eq(quotes.status, "accepted"),
        isNotNull(quotes.schedule),
        sql`jsonb_array_length(${quotes.schedule}) > cardinality(${invoicedIndexes})`,
      ),
    );
  let written = 0;
  for (const candidate of candidates) {
    const due = duePayments(candidate, { today, projectStatus: candidate.projectStatus });
    if (due.every((index) => candidate.invoiced.includes(index))) continue;
    written += await deps.mailer.transaction(async (tx, queue) => {
      const [quote] = await tx
        .select()
        .from(quotes)
        .where(eq(quotes.id, candidate.id))
        .for("update", { skipLocked: true });
      if (!quote) return 0;
      return (await invoicePayments(tx, queue, deps, quote, due, now)).length;
    });
  }
  return written;
}

export const runScheduledInvoices = (deps: BillingDeps) =>
  runExclusive(deps.db, "scheduled-invoices", () => invoiceDuePayments(deps));

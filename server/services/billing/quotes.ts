import { and, desc, eq, inArray, lt, max } from "drizzle-orm";
import { depositCents } from "~/contracts/billing-money";
import { scheduleAmounts, type ScheduleEntryValues } from "~/contracts/payment-schedule";
import { OPEN_QUOTE_STATUSES } from "~/contracts/billing-terms";
import type { NewQuoteInput, Quote } from "~/contracts/quotes";
import type { z } from "zod";
import type { NewQuoteSchema, QuoteStatusChangeSchema } from "~/contracts/quotes";
import type { Database } from "../../db/client";
import { quotes } from "../../db/schema";
import { writeQuoteSent } from "../../emails/billing";
import type { Mailer } from "../mail";
import {
  addDays,
  announceBillingChange,
  BillingError,
  dayIn,
  mailablePrimaryContact,
  readBillingSettings,
  requireProject,
  storedLines,
} from "./common";
import { queueLoggedEmail } from "../contact-emails";
import { numberDocument, pricedLines } from "./document-core";
import { lockQuote, lockQuoteAndFamily, quoteWithProject, readQuote, toQuote } from "./quote-rows";
import type { DbOrTx } from "../../db/tx";

/**
 * Quotes (docs/product/billing.md "Quotes", "The client decides"; decision 042): drafts the owner
 * writes and changes at will; a sent quote's content never changes (a trigger refuses it too), a
 * revision is a new draft that replaces it once sent. The client accepts or declines a sent quote
 * in the portal; its acceptance keeps the name typed, the time, the address, the browser and the
 * hash of the exact content shown (the client's side: ./quote-decisions.ts).
 */
type QuoteValues = z.output<typeof NewQuoteSchema>;

export interface BillingDeps {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  ownerEmail: string;
}

export const getQuote = (db: Database, id: number) => readQuote(db, id);

/** The project's quotes, newest first, revisions included. */
export async function listProjectQuotes(db: Database, projectId: string): Promise<Quote[]> {
  await requireProject(db, projectId);
  const rows = await quoteWithProject(db)
    .where(eq(quotes.projectId, projectId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
  return rows.map((r) => toQuote(r.row, r.projectName));
}

const depositOf = (totalCents: number, depositPercent: number) => ({
  depositPercent,
  depositCents: depositCents(totalCents, depositPercent),
});

/** A schedule's deposit: its first payment, and that payment's share of the total as a whole percent. */
function scheduleDeposit(totalCents: number, schedule: readonly ScheduleEntryValues[]) {
  const first = schedule.length > 1 ? scheduleAmounts(totalCents, schedule)[0]! : totalCents;
  return {
    depositCents: first,
    depositPercent: totalCents > 0 ? Math.min(100, Math.round((first * 100) / totalCents)) : 0,
  };
}

/** The stored content of a quote from the owner's input: lines with totals, the totals, the deposit. */
async function contentOf(db: DbOrTx, input: QuoteValues, now: Date) {
  const settings = await readBillingSettings(db);
  const priced = pricedLines(storedLines(input.lines), input);
  const schedule = input.schedule && input.schedule.length > 0 ? input.schedule : null;
  // With a schedule, its first payment is the deposit (docs/product/billing.md "Payment schedules").
  const deposit = schedule
    ? scheduleDeposit(priced.totalCents, schedule)
    : depositOf(priced.totalCents, input.deposit_percent ?? settings.deposit_percent);
  return {
    ...priced,
    ...deposit,
    schedule,
    ...(input.auto_invoice !== undefined && { autoInvoice: input.auto_invoice }),
    terms: input.terms ?? settings.terms_template,
    notes: input.notes?.trim() ? input.notes : null,
    validUntil: input.valid_until ?? addDays(dayIn(now), settings.quote_valid_days),
  };
}

/** A new draft for the project, numbered Q-yyyy-nnnn (the year in the business's time zone). */
export async function createQuote(
  db: Database,
  projectId: string,
  input: QuoteValues | NewQuoteInput,
  now = new Date(),
): Promise<Quote> {
  const values = input as QuoteValues;
  const id = await db.transaction(async (tx) => {
    const project = await requireProject(tx, projectId, true);
    const content = await contentOf(tx, values, now);
    const { number } = await numberDocument(tx, "quote", dayIn(now));
    const [row] = await tx
      .insert(quotes)
      .values({
        number,
        projectId: project.id,
        projectRef: project.id,
        projectName: project.name,
        ...content,
      })
      .returning({ id: quotes.id });
    return row!.id;
  });
  return readQuote(db, id);
}

const SENT_IS_FROZEN = "This quote was sent, so it can no longer be edited: revise it to send a new version.";

/** A draft's new content (the whole quote). */
export async function updateQuote(db: Database, id: number, input: QuoteValues, now = new Date()): Promise<Quote> {
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (row.status !== "draft") throw new BillingError(409, SENT_IS_FROZEN);
    const content = await contentOf(tx, input, now);
    await tx
      .update(quotes)
      .set({ ...content, updatedAt: new Date() })
      .where(eq(quotes.id, id));
  });
  return readQuote(db, id);
}

export async function deleteQuote(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (row.status !== "draft")
      throw new BillingError(409, "A sent quote is kept with the project: mark it expired or declined instead.");
    await tx.delete(quotes).where(eq(quotes.id, id));
  });
}

/**
 * Sends a draft: e-mails the project's primary contact a link to the portal (through the outbox)
 * and logs it on the contact, in one transaction. A revision, once sent, replaces its quote.
 */
export async function sendQuote(deps: BillingDeps, id: number, sender: string, now = new Date()): Promise<Quote> {
  const { db, mailer } = deps;
  await mailer.transaction(async (tx, queue) => {
    const { row, family } = await lockQuoteAndFamily(tx, id);
    if (row.status !== "draft") throw new BillingError(409, "This quote was already sent.");
    // A decided quote is final (docs/product/billing.md "Quotes"): its revision is not sent.
    const replaced = row.replacesId ? family.find((q) => q.id === row.replacesId) : undefined;
    const decided = family.find((q) => q.status === "accepted") ?? (replaced?.status === "declined" ? replaced : null);
    if (decided)
      throw new BillingError(
        409,
        decided.status === "accepted"
          ? `The client accepted quote ${decided.number} (revision ${decided.revision}) meanwhile, so this revision cannot be sent: an accepted quote is final. Delete this draft, and write a new quote for further work.`
          : `The client declined quote ${decided.number} (revision ${decided.revision}) meanwhile, so this revision cannot be sent: a declined quote is final. Delete this draft, and write a new quote if they want one.`,
      );
    if (replaced?.replacedById)
      throw new BillingError(409, `Revision ${replaced.revision} was already replaced by another revision.`);
    if (!row.projectId) throw new BillingError(409, "The quote's project was deleted.");
    if (row.validUntil < dayIn(now))
      throw new BillingError(409, "The quote's valid-until day has passed: choose a later day before sending it.");
    const contact = await mailablePrimaryContact(tx, row.projectId, "quote");
    const [sent] = await tx
      .update(quotes)
      .set({ status: "sent", sentAt: now, updatedAt: now })
      .where(eq(quotes.id, id))
      .returning();
    if (replaced) await tx.update(quotes).set({ replacedById: id, updatedAt: now }).where(eq(quotes.id, replaced.id));
    const quote = toQuote(sent!, null, now);
    await queueLoggedEmail(tx, queue, contact.id, writeQuoteSent({ quote, contact }, deps.siteUrl), sender);
    await announceBillingChange(tx, row.projectId);
  });
  return readQuote(db, id);
}

/**
 * A revision: a new draft with the quote's content and the next revision number, replacing it
 * once sent. Not of a draft (edit it), an accepted quote (its deposit may be billed), or a quote
 * already replaced or with a revision in draft.
 */
export async function reviseQuote(db: Database, id: number, now = new Date()): Promise<Quote> {
  const newId = await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (row.status === "draft") throw new BillingError(409, "This quote is a draft: edit it instead.");
    if (row.status === "accepted")
      throw new BillingError(409, "This quote was accepted: write a new quote for further work.");
    if (row.status === "declined")
      throw new BillingError(409, "This quote was declined, and a declined quote is final: write a new quote instead.");
    if (row.replacedById) throw new BillingError(409, "This quote was already replaced by a revision.");
    if (!row.projectId) throw new BillingError(409, "The quote's project was deleted.");
    const [pending] = await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.replacesId, id), eq(quotes.status, "draft")));
    if (pending) throw new BillingError(409, "A revision of this quote is already in draft: edit that one.");
    const [last] = await tx
      .select({ n: max(quotes.revision) })
      .from(quotes)
      .where(eq(quotes.number, row.number));
    const settings = await readBillingSettings(tx);
    const today = dayIn(now);
    const [created] = await tx
      .insert(quotes)
      .values({
        number: row.number,
        revision: (last?.n ?? row.revision) + 1,
        projectId: row.projectId,
        projectRef: row.projectRef,
        projectName: row.projectName,
        replacesId: row.id,
        lines: row.lines,
        discountType: row.discountType,
        discountValue: row.discountValue,
        subtotalCents: row.subtotalCents,
        discountCents: row.discountCents,
        totalCents: row.totalCents,
        depositPercent: row.depositPercent,
        depositCents: row.depositCents,
        schedule: row.schedule,
        autoInvoice: row.autoInvoice,
        terms: row.terms,
        notes: row.notes,
        validUntil: row.validUntil >= today ? row.validUntil : addDays(today, settings.quote_valid_days),
      })
      .returning({ id: quotes.id });
    return created!.id;
  });
  return readQuote(db, newId);
}

/** The owner marks a sent quote declined (answered elsewhere) or expired. */
export async function setQuoteStatus(
  db: Database,
  id: number,
  input: z.output<typeof QuoteStatusChangeSchema>,
  now = new Date(),
): Promise<Quote> {
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (!OPEN_QUOTE_STATUSES.includes(row.status))
      throw new BillingError(
        409,
        row.status === "draft"
          ? "A draft can be sent or deleted; it is marked declined or expired once sent."
          : `This quote is already ${row.status}.`,
      );
    await tx
      .update(quotes)
      .set({
        status: input.status,
        decidedAt: now,
        declineReason: input.status === "declined" ? input.reason?.trim() || null : null,
        updatedAt: now,
      })
      .where(eq(quotes.id, id));
    await announceBillingChange(tx, row.projectId);
  });
  return readQuote(db, id);
}

/** The owner's switch for the schedule's invoices: sent by themselves, or drafts and a notice. */
export async function setQuoteAutoInvoice(db: Database, id: number, autoInvoice: boolean): Promise<Quote> {
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    await tx.update(quotes).set({ autoInvoice, updatedAt: new Date() }).where(eq(quotes.id, id));
    await announceBillingChange(tx, row.projectId);
  });
  return readQuote(db, id);
}

/** The daily job's part: sent and viewed quotes past their valid-until day become expired. */
export async function expireQuotes(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(quotes)
    .set({ status: "expired", decidedAt: now, updatedAt: now })
    .where(and(inArray(quotes.status, [...OPEN_QUOTE_STATUSES]), lt(quotes.validUntil, dayIn(now))))
    .returning({ projectId: quotes.projectId });
  for (const projectId of new Set(rows.map((r) => r.projectId))) await announceBillingChange(db, projectId);
  return rows.length;
}

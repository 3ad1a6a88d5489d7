import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, lt, max, ne } from "drizzle-orm";
import { site } from "~/config/site";
import { depositCents, totalsOf } from "~/contracts/billing-money";
import { formatBillingNumber, OPEN_QUOTE_STATUSES, type QuoteStatus } from "~/contracts/billing-terms";
import type { NewQuoteInput, Quote } from "~/contracts/quotes";
import type { z } from "zod";
import type {
  NewQuoteSchema,
  QuoteAcceptSchema,
  QuoteDeclineSchema,
  QuoteStatusChangeSchema,
} from "~/contracts/quotes";
import type { Database } from "../../db/client";
import { discardedQuoteRevisions, projects, quotes } from "../../db/schema";
import { writeQuoteDecision, writeQuoteSent } from "../../emails/billing";
import type { Mailer } from "../mail";
import {
  addDays,
  allocateNumber,
  announceBillingChange,
  assertMoneyLimits,
  BillingError,
  dayIn,
  NO_QUOTE,
  mailablePrimaryContact,
  readBillingSettings,
  requireProject,
  storedLines,
} from "./common";
import { queueLoggedEmail } from "../contact-emails";
import { queueSignedCopy } from "./signed-copy";
import { type DbOrTx, type Tx, isUniqueViolation } from "../../db/tx";

/**
 * Quotes (docs/product/billing.md "Quotes", "The client decides"; decision 042): drafts the owner
 * writes and changes at will; a sent quote's content never changes (a trigger refuses it too), a
 * revision is a new draft that replaces it once sent. The client accepts or declines a sent quote
 * in the portal; its acceptance keeps the name typed, the time, the address, the browser and the
 * hash of the exact content shown.
 */
type QuoteRow = typeof quotes.$inferSelect;
type QuoteValues = z.output<typeof NewQuoteSchema>;

export interface BillingDeps {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  ownerEmail: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Past its valid-until day in the business's time zone, and not decided (or marked expired). */
export function isExpired(row: Pick<QuoteRow, "status" | "validUntil">, today: string): boolean {
  if (row.status === "expired") return true;
  return OPEN_QUOTE_STATUSES.includes(row.status) && row.validUntil < today;
}

export function toQuote(row: QuoteRow, liveProjectName: string | null, now = new Date()): Quote {
  return {
    id: row.id,
    number: row.number,
    project_id: row.projectRef,
    project_name: liveProjectName ?? row.projectName,
    status: row.status,
    revision: row.revision,
    replaces_id: row.replacesId,
    replaced_by_id: row.replacedById,
    lines: row.lines,
    discount_type: row.discountType,
    discount_value: row.discountValue,
    subtotal_cents: row.subtotalCents,
    discount_cents: row.discountCents,
    total_cents: row.totalCents,
    deposit_percent: row.depositPercent,
    deposit_cents: row.depositCents,
    terms: row.terms,
    notes: row.notes,
    valid_until: row.validUntil,
    sent_at: iso(row.sentAt),
    viewed_at: iso(row.viewedAt),
    decided_at: iso(row.decidedAt),
    decline_reason: row.declineReason,
    acceptance:
      row.acceptedName && row.acceptedAt && row.acceptedContentHash
        ? {
            full_name: row.acceptedName,
            accepted_at: row.acceptedAt.toISOString(),
            ip_address: row.acceptedIp,
            user_agent: row.acceptedUserAgent,
            content_hash: row.acceptedContentHash,
          }
        : null,
    accepted_pdf_key: row.acceptedPdfKey,
    is_expired: isExpired(row, dayIn(now)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What a quote's content hash covers (a stored quote, or one about to be stored). */
export type QuoteContent = Pick<
  Quote,
  | "number"
  | "revision"
  | "project_id"
  | "lines"
  | "discount_type"
  | "discount_value"
  | "subtotal_cents"
  | "discount_cents"
  | "total_cents"
  | "deposit_percent"
  | "deposit_cents"
  | "terms"
  | "notes"
  | "valid_until"
>;

/**
 * The hash of a quote's content as the client sees it: SHA-256 of a canonical JSON (fixed key
 * order) of its number, revision, project, lines, discount, totals, deposit, terms, notes and
 * valid-until day. The acceptance names it; a quote that changed since it was shown is refused.
 */
export function quoteContentHash(quote: QuoteContent): string {
  const canonical = JSON.stringify([
    ["number", quote.number],
    ["revision", quote.revision],
    ["project_id", quote.project_id],
    ["lines", quote.lines.map((l) => [l.description, l.quantity, l.unit_price_cents, l.total_cents, l.preset ?? null])],
    ["discount_type", quote.discount_type],
    ["discount_value", quote.discount_value],
    ["subtotal_cents", quote.subtotal_cents],
    ["discount_cents", quote.discount_cents],
    ["total_cents", quote.total_cents],
    ["deposit_percent", quote.deposit_percent],
    ["deposit_cents", quote.deposit_cents],
    ["terms", quote.terms],
    ["notes", quote.notes],
    ["valid_until", quote.valid_until],
  ]);
  return `sha256:${createHash("sha256").update(canonical).digest("hex")}`;
}

/** A quote the client can still accept: sent or viewed, not past its day, not replaced by a sent revision. */
export const canAccept = (quote: Quote) =>
  OPEN_QUOTE_STATUSES.includes(quote.status) && !quote.is_expired && quote.replaced_by_id === null;

const quoteWithProject = (db: DbOrTx) =>
  db
    .select({ row: quotes, projectName: projects.name })
    .from(quotes)
    .leftJoin(projects, eq(projects.id, quotes.projectId));

async function readQuote(db: DbOrTx, id: number): Promise<Quote> {
  const [found] = await quoteWithProject(db).where(eq(quotes.id, id));
  if (!found) throw new BillingError(404, NO_QUOTE);
  return toQuote(found.row, found.projectName);
}

/**
 * Why a quote id the owner acts on no longer exists: a draft revision discarded when the client
 * accepted its quote (409, saying so), or nothing known (404).
 */
async function goneQuote(db: DbOrTx, id: number): Promise<BillingError> {
  const [discarded] = await db
    .select({ number: discardedQuoteRevisions.number, revision: discardedQuoteRevisions.revision })
    .from(discardedQuoteRevisions)
    .where(eq(discardedQuoteRevisions.quoteId, id));
  if (!discarded) return new BillingError(404, NO_QUOTE);
  return new BillingError(409, discardedMessage(discarded.number, discarded.revision));
}

const discardedMessage = (number: string, revision: number) =>
  `The client accepted quote ${number} before this draft revision (revision ${revision}) was sent, so the draft was discarded: an accepted quote is final. Write a new quote for further work.`;

async function lockQuote(tx: Tx, id: number): Promise<QuoteRow> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
  if (!row) throw await goneQuote(tx, id);
  return row;
}

/**
 * Locks every quote of a revision family (they share a number), in id order: sending a revision
 * and accepting a quote of the same family take the same locks in the same order, so one waits
 * for the other and then sees what it decided.
 */
async function lockFamily(tx: Tx, number: string): Promise<QuoteRow[]> {
  return tx.select().from(quotes).where(eq(quotes.number, number)).orderBy(quotes.id).for("update");
}

/** The family's quotes, locked, with the one asked for (409 with the reason when it was discarded, else 404). */
async function lockQuoteAndFamily(tx: Tx, id: number): Promise<{ row: QuoteRow; family: QuoteRow[] }> {
  const [found] = await tx.select({ number: quotes.number }).from(quotes).where(eq(quotes.id, id));
  if (!found) throw await goneQuote(tx, id);
  const family = await lockFamily(tx, found.number);
  const row = family.find((q) => q.id === id);
  // Deleted while waiting for the lock: a draft discarded by an acceptance.
  if (!row) throw await goneQuote(tx, id);
  return { row, family };
}

/** The database's one-acceptance-per-family index, answered as the refusal it is. */
const ONE_ACCEPTANCE = "quotes_one_accepted_per_number";
const isSecondAcceptance = (error: unknown) => isUniqueViolation(error, ONE_ACCEPTANCE);
const SECOND_ACCEPTANCE = "Another revision of this quote was already accepted: a quote is accepted once.";

export const getQuote = (db: Database, id: number) => readQuote(db, id);

/** The project's quotes, newest first, revisions included. */
export async function listProjectQuotes(db: Database, projectId: string): Promise<Quote[]> {
  await requireProject(db, projectId);
  const rows = await quoteWithProject(db)
    .where(eq(quotes.projectId, projectId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
  return rows.map((r) => toQuote(r.row, r.projectName));
}

/** The stored content of a quote from the owner's input: lines with totals, the totals, the deposit. */
async function contentOf(db: DbOrTx, input: QuoteValues, now: Date) {
  const settings = await readBillingSettings(db);
  assertMoneyLimits(input.lines, input);
  const lines = storedLines(input.lines);
  const totals = totalsOf(lines, input);
  const depositPercent = input.deposit_percent ?? settings.deposit_percent;
  return {
    lines,
    discountType: input.discount_type,
    discountValue: input.discount_value,
    subtotalCents: totals.subtotal_cents,
    discountCents: totals.discount_cents,
    totalCents: totals.total_cents,
    depositPercent,
    depositCents: depositCents(totals.total_cents, depositPercent),
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
    const year = Number(dayIn(now).slice(0, 4));
    const sequence = await allocateNumber(tx, "quote", year);
    const [row] = await tx
      .insert(quotes)
      .values({
        number: formatBillingNumber("Q", year, sequence),
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

/* ---------------- The client's side ---------------- */

/** What the client may see (docs/product/billing.md "The client decides"): a quote that was sent, never a draft. */
const shownToClient = and(ne(quotes.status, "draft"), isNotNull(quotes.sentAt));

/** The project's sent quotes as the client sees them; the first look marks sent ones viewed. */
export async function clientQuotes(db: Database, projectId: string, now = new Date()) {
  const viewed = await db
    .update(quotes)
    .set({ status: "viewed", viewedAt: now, updatedAt: now })
    .where(and(eq(quotes.projectId, projectId), eq(quotes.status, "sent")))
    .returning({ id: quotes.id });
  if (viewed.length > 0) await announceBillingChange(db, projectId);
  const rows = await quoteWithProject(db)
    .where(and(eq(quotes.projectId, projectId), shownToClient))
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
  return rows.map((r) => {
    const quote = toQuote(r.row, r.projectName, now);
    return { ...quote, content_hash: quoteContentHash(quote), can_accept: canAccept(quote) };
  });
}

/** The quote a portal session asks for: its project (null once deleted) and status, or 404. */
export async function quoteProjectOf(
  db: Database,
  id: number,
): Promise<{ projectId: string | null; status: QuoteStatus }> {
  const [row] = await db
    .select({ projectId: quotes.projectId, status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.id, id), shownToClient));
  if (!row) throw new BillingError(404, NO_QUOTE);
  return row;
}

/** Why a quote cannot be decided now, in words for the client (with whom to ask). */
function undecidable(quote: Quote, contactEmail: string): BillingError | null {
  if (quote.status === "accepted") return new BillingError(409, "This quote was already accepted.");
  if (quote.status === "declined") return new BillingError(409, "This quote was declined.");
  if (quote.replaced_by_id !== null)
    return new BillingError(
      409,
      "This quote was replaced by a newer revision: see the latest one in your Billing section.",
    );
  if (quote.is_expired) return new BillingError(409, `This quote has expired. Ask ${contactEmail} for a new one.`);
  if (!OPEN_QUOTE_STATUSES.includes(quote.status)) return new BillingError(409, "This quote can no longer be decided.");
  return null;
}

export interface Acceptor {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The client accepts: the name typed, the terms agreed, and the hash of the content shown, which
 * must still be the quote's. Locks the revision family: another accepted revision refuses it (and
 * the database's one-acceptance index too), and a draft revision waiting to be sent is discarded,
 * so that nothing else of the family can be sent or accepted after. Stores the acceptance, e-mails
 * the owner (naming a discarded draft), tells the admin's screens, in one transaction. The PDF
 * with the acceptance is kept afterwards (attachAcceptedPdf).
 */
export async function acceptQuote(
  deps: BillingDeps,
  id: number,
  input: z.output<typeof QuoteAcceptSchema>,
  who: Acceptor,
  now = new Date(),
): Promise<Quote> {
  const { db, mailer } = deps;
  try {
    await mailer.transaction(async (tx, queue) => {
      const { row, family } = await lockQuoteAndFamily(tx, id);
      const quote = toQuote(row, null, now);
      const refusal = undecidable(quote, site.email);
      if (refusal) throw refusal;
      if (family.some((q) => q.id !== id && q.status === "accepted")) throw new BillingError(409, SECOND_ACCEPTANCE);
      const hash = quoteContentHash(quote);
      if (input.content_hash !== hash)
        throw new BillingError(
          409,
          "This quote changed since you opened it: reload the page, read it again, then accept.",
        );
      const drafts = family.filter((q) => q.status === "draft");
      if (drafts.length > 0) {
        await tx.insert(discardedQuoteRevisions).values(
          drafts.map((d) => ({
            quoteId: d.id,
            number: d.number,
            revision: d.revision,
            acceptedQuoteId: id,
            discardedAt: now,
          })),
        );
        await tx.delete(quotes).where(
          inArray(
            quotes.id,
            drafts.map((d) => d.id),
          ),
        );
      }
      const [accepted] = await tx
        .update(quotes)
        .set({
          status: "accepted",
          decidedAt: now,
          acceptedName: input.full_name,
          acceptedAt: now,
          acceptedIp: who.ip,
          acceptedUserAgent: who.userAgent?.slice(0, 500) ?? null,
          acceptedContentHash: hash,
          updatedAt: now,
        })
        .where(eq(quotes.id, id))
        .returning();
      await queue(
        writeQuoteDecision(toQuote(accepted!, null, now), deps.siteUrl, deps.ownerEmail, {
          discardedRevisions: drafts.map((d) => d.revision),
        }),
      );
      const decided = toQuote(accepted!, null, now);
      // The client's copy of what they signed (docs/product/billing.md "Receipts and signed copies").
      await queueSignedCopy(tx, queue, deps, decided, row.projectId);
      await announceBillingChange(tx, row.projectId);
    });
  } catch (error) {
    if (isSecondAcceptance(error)) throw new BillingError(409, SECOND_ACCEPTANCE);
    throw error;
  }
  return readQuote(db, id);
}

export async function declineQuote(
  deps: BillingDeps,
  id: number,
  input: z.output<typeof QuoteDeclineSchema>,
  now = new Date(),
): Promise<Quote> {
  const { db, mailer } = deps;
  await mailer.transaction(async (tx, queue) => {
    const row = await lockQuote(tx, id);
    const refusal = undecidable(toQuote(row, null, now), site.email);
    if (refusal) throw refusal;
    const [declined] = await tx
      .update(quotes)
      .set({ status: "declined", decidedAt: now, declineReason: input.reason?.trim() || null, updatedAt: now })
      .where(eq(quotes.id, id))
      .returning();
    await queue(writeQuoteDecision(toQuote(declined!, null, now), deps.siteUrl, deps.ownerEmail));
    await announceBillingChange(tx, row.projectId);
  });
  return readQuote(db, id);
}

/** Links the accepted quote's PDF (a private media file of the project) to it. */
export async function setAcceptedPdf(db: Database, id: number, mediaKey: string): Promise<Quote> {
  await db.update(quotes).set({ acceptedPdfKey: mediaKey, updatedAt: new Date() }).where(eq(quotes.id, id));
  return readQuote(db, id);
}

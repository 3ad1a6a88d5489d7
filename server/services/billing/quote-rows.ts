/**
 * A quote as it is stored and as the API answers it (docs/product/billing.md "Quotes"): the answer
 * made from its row, the hash of its content the client accepts, and the reads and row locks the
 * owner's side (./quotes.ts) and the client's (./quote-decisions.ts) write under.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { OPEN_QUOTE_STATUSES } from "~/contracts/billing-terms";
import type { Quote } from "~/contracts/quotes";
import { scheduleOf } from "~/contracts/payment-schedule";
import { discardedQuoteRevisions, projects, quotes } from "../../db/schema";
import { BillingError, dayIn, NO_QUOTE } from "./common";
import type { DbOrTx, Tx } from "../../db/tx";

type QuoteRow = typeof quotes.$inferSelect;

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
    schedule: scheduleOf(row.totalCents, row.schedule),
    auto_invoice: row.autoInvoice,
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
> & { schedule?: Quote["schedule"] };

/**
 * The hash of a quote's content as the client sees it: SHA-256 of a canonical JSON (fixed key
 * order) of its number, revision, project, lines, discount, totals, deposit, terms, notes,
 * valid-until day and payment schedule. The acceptance names it; a quote that changed since it was shown is refused.
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
    // A schedule is part of what is signed; a quote without one hashes as it always did.
    ...(quote.schedule
      ? [
          [
            "schedule",
            quote.schedule.map((e) => [e.label, e.share, e.value, e.trigger, e.date, e.days, e.amount_cents]),
          ],
        ]
      : []),
  ]);
  return `sha256:${createHash("sha256").update(canonical).digest("hex")}`;
}

/** A quote the client can still accept: sent or viewed, not past its day, not replaced by a sent revision. */
export const canAccept = (quote: Quote) =>
  OPEN_QUOTE_STATUSES.includes(quote.status) && !quote.is_expired && quote.replaced_by_id === null;

export const quoteWithProject = (db: DbOrTx) =>
  db
    .select({ row: quotes, projectName: projects.name })
    .from(quotes)
    .leftJoin(projects, eq(projects.id, quotes.projectId));

export async function readQuote(db: DbOrTx, id: number): Promise<Quote> {
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

export async function lockQuote(tx: Tx, id: number): Promise<QuoteRow> {
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
export async function lockQuoteAndFamily(tx: Tx, id: number): Promise<{ row: QuoteRow; family: QuoteRow[] }> {
  const [found] = await tx.select({ number: quotes.number }).from(quotes).where(eq(quotes.id, id));
  if (!found) throw await goneQuote(tx, id);
  const family = await lockFamily(tx, found.number);
  const row = family.find((q) => q.id === id);
  // Deleted while waiting for the lock: a draft discarded by an acceptance.
  if (!row) throw await goneQuote(tx, id);
  return { row, family };
}

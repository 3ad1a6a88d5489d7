/**
 * The client's side of quotes (docs/product/billing.md "The client decides"): the sent quotes a
 * portal session sees, the client's acceptance or refusal of one, and the accepted quote's PDF
 * linked to it afterwards.
 */
import { and, desc, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { site } from "~/config/site";
import { OPEN_QUOTE_STATUSES, type QuoteStatus } from "~/contracts/billing-terms";
import type { Quote } from "~/contracts/quotes";
import type { z } from "zod";
import type { QuoteAcceptSchema, QuoteDeclineSchema } from "~/contracts/quotes";
import type { Database } from "../../db/client";
import { discardedQuoteRevisions, quotes } from "../../db/schema";
import { writeQuoteDecision } from "../../emails/billing";
import { announceBillingChange, BillingError, NO_QUOTE } from "./common";
import { queueSignedCopy } from "./signed-copy";
import { invoiceAtAcceptance } from "./schedule";
import { isUniqueViolation } from "../../db/tx";
import type { BillingDeps } from "./quotes";
import {
  canAccept,
  lockQuote,
  lockQuoteAndFamily,
  quoteContentHash,
  quoteWithProject,
  readQuote,
  toQuote,
} from "./quote-rows";

/** The database's one-acceptance-per-family index, answered as the refusal it is. */
const ONE_ACCEPTANCE = "quotes_one_accepted_per_number";
const isSecondAcceptance = (error: unknown) => isUniqueViolation(error, ONE_ACCEPTANCE);
const SECOND_ACCEPTANCE = "Another revision of this quote was already accepted: a quote is accepted once.";
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
 * so that nothing else of the family can be sent or accepted after. Stores the acceptance, writes
 * the invoices due at signing, e-mails the owner (naming a discarded draft) and the client (the
 * signed copy with those invoices), tells the admin's screens, in one transaction. The PDF
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
      // Sign and pay in one sitting (docs/product/billing.md "Deposit at signing"): the deposit (and
      // every payment of the schedule already due) is invoiced in this transaction.
      const written = await invoiceAtAcceptance(tx, queue, deps, accepted!, now);
      await queue(
        writeQuoteDecision(toQuote(accepted!, null, now), deps.siteUrl, deps.ownerEmail, {
          discardedRevisions: drafts.map((d) => d.revision),
          invoices: written.map((w) => ({
            number: w.invoice.number,
            total_cents: w.invoice.total_cents,
            sent: w.sent,
          })),
        }),
      );
      const decided = toQuote(accepted!, null, now);
      // The client's copy of what they signed (docs/product/billing.md "Receipts and signed copies"),
      // with the invoices to pay now.
      await queueSignedCopy(
        tx,
        queue,
        deps,
        decided,
        row.projectId,
        written.filter((w) => w.sent).map((w) => w.invoice),
      );
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

/**
 * Links the accepted quote's PDF (a private media file of the project) to it, unless one is linked
 * already, and tells the project's screens.
 */
export async function setAcceptedPdf(db: Database, id: number, mediaKey: string): Promise<Quote> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(quotes)
      .set({ acceptedPdfKey: mediaKey, updatedAt: new Date() })
      .where(and(eq(quotes.id, id), isNull(quotes.acceptedPdfKey)))
      .returning({ projectId: quotes.projectId });
    if (row) await announceBillingChange(tx, row.projectId);
  });
  return readQuote(db, id);
}

import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Quote } from "~/contracts/quotes";
import type { Database } from "../../db/client";
import { contacts, projectContacts, quotes } from "../../db/schema";
import { runExclusive } from "../../lib/job-lock";
import type { Logger } from "../../lib/logger";
import { uploadMedia } from "../media/media";
import { getInvoice } from "./invoices";
import { invoicePrint, quotePrint, type PdfClient } from "./pdf-print";
import { pdfBytes, pdfOf, type PdfDeps, type PdfFile, type PdfSource } from "./pdf-renders";
import { getQuote } from "./quotes";
import { setAcceptedPdf } from "./quote-decisions";

/**
 * The PDFs as the calls answer them (rendered once when frozen: ./pdf-renders.ts), and the
 * accepted quote's copy kept as a private file of the project (docs/product/billing.md "The client
 * decides"): a media item of the project, shown in its files to the owner and served only with an
 * admin token or a portal token of the project.
 */

/**
 * Whom a PDF is for: the project's primary contact (the first contact linked when none is marked
 * primary), with the company and address kept on the contact.
 */
export async function pdfClientOf(db: Database, projectId: string): Promise<PdfClient | null> {
  const [row] = await db
    .select({ name: contacts.name, email: contacts.email, company: contacts.company, address: contacts.address })
    .from(projectContacts)
    .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
    .where(eq(projectContacts.projectId, projectId))
    .orderBy(desc(projectContacts.isPrimary), asc(projectContacts.createdAt))
    .limit(1);
  return row ?? null;
}

const quoteName = (quote: Quote) => `${quote.number}${quote.revision > 1 ? `-r${quote.revision}` : ""}`;

/** A quote's PDF is frozen once sent: only a decision or its expiry changes what it prints. */
async function quoteSource(db: Database, quote: Quote): Promise<PdfSource> {
  return {
    kind: "quote",
    id: quote.id,
    task: { kind: "quote", quote: quotePrint(quote), client: await pdfClientOf(db, quote.project_id) },
    frozen: quote.status !== "draft",
    filename: `${quoteName(quote)}.pdf`,
  };
}

export const quoteSourceOf = async (db: Database, id: number) => quoteSource(db, await getQuote(db, id));

/** An invoice's PDF is frozen once paid or void: such an invoice never changes (docs/product/billing.md). */
export async function invoiceSourceOf(db: Database, id: number): Promise<PdfSource> {
  const invoice = await getInvoice(db, id);
  return {
    kind: "invoice",
    id,
    task: { kind: "invoice", invoice: invoicePrint(invoice), client: await pdfClientOf(db, invoice.project_id) },
    frozen: invoice.status === "paid" || invoice.status === "void",
    filename: `${invoice.number}.pdf`,
  };
}

export const quotePdf = async (deps: PdfDeps, id: number): Promise<PdfFile> =>
  pdfOf(deps, await quoteSourceOf(deps.db, id));

export const invoicePdf = async (deps: PdfDeps, id: number): Promise<PdfFile> =>
  pdfOf(deps, await invoiceSourceOf(deps.db, id));

/**
 * Renders the accepted quote with its acceptance and keeps it with the project's files. A failure
 * leaves the acceptance as it is (it is stored already) and is logged: the PDF call renders the
 * same document from the record at any time.
 */
export async function keepAcceptedPdf(
  deps: PdfDeps & { log: Pick<Logger, "error" | "warn"> },
  quote: Quote,
): Promise<Quote> {
  try {
    // Also kept as the quote's render: the client's first download after signing is a read. Not
    // refused when the pool is busy: one render per acceptance, waiting its turn.
    const bytes = await pdfBytes(await pdfOf(deps, await quoteSource(deps.db, quote), { bounded: false }));
    const name = `${quoteName(quote)}-accepted.pdf`;
    const item = await uploadMedia(deps.db, deps.store, {
      file: new File([bytes], name, { type: "application/pdf" }),
      projectId: quote.project_id,
      description: `Quote ${quote.number} accepted by ${quote.acceptance?.full_name ?? "the client"}`,
    });
    // The address is /api/media/{key}.
    return await setAcceptedPdf(deps.db, quote.id, item.url.slice(item.url.lastIndexOf("/") + 1));
  } catch (error) {
    deps.log.error({ err: error, quoteId: quote.id }, "could not keep the accepted quote's PDF");
    return quote;
  }
}

/* ---------------- The signed copies, made after the acceptance ---------------- */

/** Each waiting quote's failed attempts and when it may be tried again, by database (in this process). */
const retriesOf = new WeakMap<Database, Map<number, { attempts: number; at: number }>>();
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const SIGNED_COPIES_PER_RUN = 5;
const SIGNED_COPIES_JOB = "accepted-quote-pdfs";

/**
 * The accepted quotes whose signed PDF is not kept yet, rendered and kept a few at a time, the
 * longest waiting first (decision 056): the acceptance commits and answers without waiting for
 * pdfkit or the store, and this runs after it, then every minute for what a failure or a crash
 * left. A quote that failed is tried again a minute later, then twice as long each time up to an
 * hour, as the outbox retries an e-mail. Answers whether more may be waiting.
 */
export async function keepWaitingSignedCopies(
  deps: PdfDeps & { log: Pick<Logger, "error" | "warn"> },
  now = Date.now(),
): Promise<boolean> {
  const retries = retriesOf.get(deps.db) ?? new Map<number, { attempts: number; at: number }>();
  retriesOf.set(deps.db, retries);
  const waiting = await deps.db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.status, "accepted"), isNull(quotes.acceptedPdfKey), isNotNull(quotes.projectId)))
    .orderBy(asc(quotes.decidedAt), asc(quotes.id))
    .limit(SIGNED_COPIES_PER_RUN + retries.size);
  const due = waiting.filter(({ id }) => (retries.get(id)?.at ?? 0) <= now).slice(0, SIGNED_COPIES_PER_RUN);
  for (const { id } of due) {
    const kept = await keepAcceptedPdf(deps, await getQuote(deps.db, id));
    if (kept.accepted_pdf_key) {
      retries.delete(id);
      continue;
    }
    const attempts = (retries.get(id)?.attempts ?? 0) + 1;
    retries.set(id, { attempts, at: now + Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1)) });
  }
  return due.length === SIGNED_COPIES_PER_RUN;
}

/**
 * keepWaitingSignedCopies on one process at a time (a second one finds the lock taken and leaves
 * the work to the first, or to the next minute): the minute's job, whose failures the jobs log.
 */
export async function runSignedCopies(deps: PdfDeps & { log: Pick<Logger, "error" | "warn"> }): Promise<boolean> {
  const run = await runExclusive(deps.db, SIGNED_COPIES_JOB, () => keepWaitingSignedCopies(deps));
  return run.ran && run.result === true;
}

/** runSignedCopies after an acceptance: never throws, a failure is logged. */
async function keepSignedCopiesNow(deps: PdfDeps & { log: Pick<Logger, "error" | "warn"> }): Promise<boolean> {
  try {
    return await runSignedCopies(deps);
  } catch (error) {
    deps.log.error({ err: error }, "could not keep the accepted quotes' PDFs");
    return false;
  }
}

const kicks = new WeakMap<Database, Promise<unknown>>();

/**
 * After an acceptance: keepSignedCopiesNow once this process's previous run is over (two
 * acceptances in a row never find the lock held by their own process), again while more wait.
 */
export function keepSignedCopiesSoon(deps: PdfDeps & { log: Pick<Logger, "error" | "warn"> }): void {
  const run = async () => {
    for (let batch = 0; batch < 20 && (await keepSignedCopiesNow(deps)); batch++);
  };
  const next = (kicks.get(deps.db) ?? Promise.resolve()).then(run);
  kicks.set(deps.db, next);
}

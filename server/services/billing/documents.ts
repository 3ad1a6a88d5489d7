import { asc, desc, eq } from "drizzle-orm";
import type { Quote } from "~/contracts/quotes";
import type { Database } from "../../db/client";
import { contacts, projectContacts } from "../../db/schema";
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

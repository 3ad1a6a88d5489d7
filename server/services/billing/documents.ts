import { asc, desc, eq } from "drizzle-orm";
import type { Quote } from "~/contracts/quotes";
import type { Database } from "../../db/client";
import { contacts, projectContacts } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import { uploadMedia } from "../media";
import type { MediaStore } from "../media-store";
import { getInvoice } from "./invoices";
import { renderInvoicePdf, renderQuotePdf, type PdfClient } from "./pdf";
import { getQuote, setAcceptedPdf } from "./quotes";

/**
 * The PDFs as the calls answer them, and the accepted quote's copy kept as a private file of the
 * project (docs/product/billing.md "The client decides"): a media item of the project, shown in
 * its files to the owner and served only with an admin token or a portal token of the project.
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

export async function quotePdf(db: Database, id: number): Promise<{ bytes: Buffer; filename: string }> {
  const quote = await getQuote(db, id);
  const bytes = await renderQuotePdf(quote, await pdfClientOf(db, quote.project_id));
  return { bytes, filename: `${quote.number}${quote.revision > 1 ? `-r${quote.revision}` : ""}.pdf` };
}

export async function invoicePdf(db: Database, id: number): Promise<{ bytes: Buffer; filename: string }> {
  const invoice = await getInvoice(db, id);
  return {
    bytes: await renderInvoicePdf(invoice, await pdfClientOf(db, invoice.project_id)),
    filename: `${invoice.number}.pdf`,
  };
}

/**
 * Renders the accepted quote with its acceptance and keeps it with the project's files. A failure
 * leaves the acceptance as it is (it is stored already) and is logged: the PDF call renders the
 * same document from the record at any time.
 */
export async function keepAcceptedPdf(
  deps: { db: Database; store: MediaStore; log: Pick<Logger, "error"> },
  quote: Quote,
): Promise<Quote> {
  try {
    const bytes = await renderQuotePdf(quote, await pdfClientOf(deps.db, quote.project_id));
    const name = `${quote.number}${quote.revision > 1 ? `-r${quote.revision}` : ""}-accepted.pdf`;
    const item = await uploadMedia(deps.db, deps.store, {
      file: new File([new Uint8Array(bytes)], name, { type: "application/pdf" }),
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

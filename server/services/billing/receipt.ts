import { eq } from "drizzle-orm";
import type { Invoice } from "~/contracts/invoices";
import type { Payment } from "~/contracts/invoice-payments";
import { receiptNumber } from "~/contracts/receipts";
import type { Database } from "../../db/client";
import { invoicePayments, invoices } from "../../db/schema";
import { writeReceipt, type ReceiptFacts } from "../../emails/receipts";
import { queueLoggedEmail } from "../contact-emails";
import type { QueueEmail } from "../mail";
import { BillingError } from "./common";
import { clientRecipient, CLIENT_MAIL_SENDER, type ClientMailDeps } from "./signed-copy";
import { readInvoice } from "./invoices";
import { pdfClientOf } from "./documents";
import { dueAfterPayment, receiptPrint } from "./pdf-print";
import { pdfOf, type PdfDeps, type PdfFile, type PdfSource } from "./pdf-renders";
import type { DbOrTx, Tx } from "../../db/tx";

/**
 * Receipts and signed copies (docs/product/billing.md "Receipts and signed copies"): every payment,
 * by card or recorded by the owner, gets the client a receipt by e-mail and a receipt PDF in the
 * portal; an accepted quote gets them a copy of what they signed. The e-mails go to the project's
 * primary contact through the outbox, in the transaction that records the payment or the
 * acceptance, and are logged on the contact.
 */

export const NO_RECEIPT = "No payment with this id: reload the page.";

/** The payment a portal session asks for: its invoice's project (null once deleted), or 404. */
export async function paymentProjectOf(db: DbOrTx, paymentId: number): Promise<string | null> {
  const [row] = await db
    .select({ projectId: invoices.projectId, status: invoices.status })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(eq(invoicePayments.id, paymentId));
  if (!row || row.status === "draft") throw new BillingError(404, NO_RECEIPT);
  return row.projectId;
}

async function readReceipt(db: DbOrTx, paymentId: number): Promise<{ invoice: Invoice; payment: Payment }> {
  const [row] = await db
    .select({ invoiceId: invoicePayments.invoiceId })
    .from(invoicePayments)
    .where(eq(invoicePayments.id, paymentId));
  if (!row) throw new BillingError(404, NO_RECEIPT);
  const invoice = await readInvoice(db, row.invoiceId);
  const payment = invoice.payments.find((p) => p.id === paymentId);
  if (!payment) throw new BillingError(404, NO_RECEIPT);
  return { invoice, payment };
}

/** A payment's receipt: frozen, as the payment it is for (./pdf-renders.ts keeps its render). */
export async function receiptSourceOf(db: Database, paymentId: number): Promise<PdfSource> {
  const { invoice, payment } = await readReceipt(db, paymentId);
  // In the business's Unicode font, as the quote and invoice PDFs (docs/product/billing.md "PDFs").
  const client = invoice.project_id ? await pdfClientOf(db, invoice.project_id) : null;
  const receipt = receiptPrint(invoice, payment);
  return {
    kind: "receipt",
    id: paymentId,
    task: { kind: "receipt", receipt, client },
    frozen: true,
    filename: `Receipt-${receipt.number}.pdf`,
  };
}

/** The receipt PDF of a payment, as the portal downloads it. */
export const receiptPdf = async (deps: PdfDeps, paymentId: number): Promise<PdfFile> =>
  pdfOf(deps, await receiptSourceOf(deps.db, paymentId));

/**
 * The receipt of a payment just recorded, queued in the recording's transaction (after the
 * invoice moved with it) and logged on the contact. A project whose primary contact has no
 * address gets none (the payment stands); answers the outbox id, or null.
 */
export async function queueReceipt(
  tx: Tx,
  queue: QueueEmail,
  deps: ClientMailDeps,
  paymentId: number,
): Promise<number | null> {
  const { invoice, payment } = await readReceipt(tx, paymentId);
  const [row] = await tx.select({ projectId: invoices.projectId }).from(invoices).where(eq(invoices.id, invoice.id));
  const contact = await clientRecipient(tx, row?.projectId ?? null);
  if (!contact) return null;
  const facts: ReceiptFacts = {
    invoice: { ...invoice, amount_due_cents: invoice.status === "void" ? 0 : dueAfterPayment(invoice, payment) },
    payment,
    number: receiptNumber(invoice, payment),
  };
  return queueLoggedEmail(tx, queue, contact.id, writeReceipt({ ...facts, contact }, deps.siteUrl), CLIENT_MAIL_SENDER);
}

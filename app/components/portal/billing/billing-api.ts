import { billingEndpoints } from "~/contracts/billing";
import { invoicesEndpoints } from "~/contracts/invoices";
import { paymentsEndpoints } from "~/contracts/payments";
import { quotesEndpoints } from "~/contracts/quotes";
import { ApiError, callResult, SERVER_WORDS_SHOWN, urlOf, type CallResult } from "~/lib/api/call";
import { fetchFile } from "~/lib/api/fetch-file";
import { TOO_MANY_REQUESTS } from "~/lib/api/wait";

/**
 * The Billing section's calls (docs/product/billing.md "The client decides", "Payments"), through
 * call() with the portal session as the token. This module is part of the section's own chunk:
 * neither the schemas nor the caller are in the portal's first load.
 */

/** The answer, or why not: the refusal's status, the server's own words and field messages. */
export type BillingResult<T> = CallResult<T>;

/** GET the project's sent quotes and invoices (the server marks a sent quote viewed). */
export const loadBilling = (projectId: string, token: string, signal?: AbortSignal) =>
  callResult(billingEndpoints.client, { params: { id: projectId }, token, signal });

export const acceptQuote = (
  quoteId: number,
  token: string,
  body: { full_name: string; agree_terms: true; content_hash: string },
) => callResult(quotesEndpoints.accept, { params: { quoteId }, token, body });

export const declineQuote = (quoteId: number, token: string, reason: string) =>
  callResult(quotesEndpoints.decline, { params: { quoteId }, token, body: reason.trim() ? { reason } : {} });

/** "Pay Now": a Checkout session for what is still due; its page's address comes back. */
export const startCheckout = (invoiceId: number, token: string) =>
  callResult(paymentsEndpoints.checkout, { params: { invoiceId }, token });

export type PdfOf = { kind: "quote" | "invoice" | "receipt"; id: number };

const pdfUrl = (of: PdfOf) =>
  of.kind === "quote"
    ? urlOf(quotesEndpoints.clientPdf, { params: { quoteId: of.id } })
    : of.kind === "invoice"
      ? urlOf(invoicesEndpoints.clientPdf, { params: { invoiceId: of.id } })
      : urlOf(paymentsEndpoints.clientReceiptPdf, { params: { paymentId: of.id } });

/**
 * A quote's, an invoice's or a payment's receipt PDF, fetched with the portal session (it never
 * goes in an address), as a blob the browser opens in its PDF viewer through an object URL.
 */
export async function fetchPdf(of: PdfOf, token: string): Promise<BillingResult<Blob>> {
  let blob: Blob;
  try {
    ({ blob } = await fetchFile(pdfUrl(of), { token, accept: "application/pdf", action: "The PDF could not open" }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) return { ok: false, network: true };
    // The screen words a refusal itself; a 429's wait is said in words even when none came (a proxy's).
    const words = error.status === TOO_MANY_REQUESTS ? error.message : error.serverMessage;
    return { ok: false, network: false, status: error.status, error: words?.slice(0, SERVER_WORDS_SHOWN) };
  }
  return { ok: true, data: blob.type === "application/pdf" ? blob : new Blob([blob], { type: "application/pdf" }) };
}

import { billingEndpoints } from "~/contracts/billing";
import type { AnswerOf, EndpointShape } from "~/contracts/endpoint";
import { invoicesEndpoints } from "~/contracts/invoices";
import { paymentsEndpoints } from "~/contracts/payments";
import { quotesEndpoints } from "~/contracts/quotes";
import { ApiError, call, urlOf, type CallOptions } from "~/lib/api/call";
import { TOO_MANY_REQUESTS, waitMessage } from "~/lib/api/wait";

/**
 * The Billing section's calls (docs/product/billing.md "The client decides", "Payments"), through
 * call() with the portal session as the token. This module is part of the section's own chunk:
 * neither the schemas nor the caller are in the portal's first load.
 */

export type BillingResult<T> =
  | { ok: true; data: T }
  | { ok: false; network: boolean; status?: number; error?: string; fields?: Record<string, string> };

async function settle<E extends EndpointShape>(
  endpoint: E,
  options: CallOptions<E>,
): Promise<BillingResult<AnswerOf<E>>> {
  try {
    return { ok: true, data: await call(endpoint, options) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) return { ok: false, network: true };
    return {
      ok: false,
      network: false,
      status: error.status,
      error: error.serverMessage?.slice(0, 300),
      fields: error.fields,
    };
  }
}

/** GET the project's sent quotes and invoices (the server marks a sent quote viewed). */
export const loadBilling = (projectId: string, token: string, signal?: AbortSignal) =>
  settle(billingEndpoints.client, { params: { id: projectId }, token, signal });

export const acceptQuote = (
  quoteId: number,
  token: string,
  body: { full_name: string; agree_terms: true; content_hash: string },
) => settle(quotesEndpoints.accept, { params: { quoteId }, token, body });

export const declineQuote = (quoteId: number, token: string, reason: string) =>
  settle(quotesEndpoints.decline, { params: { quoteId }, token, body: reason.trim() ? { reason } : {} });

/** "Pay Now": a Checkout session for what is still due; its page's address comes back. */
export const startCheckout = (invoiceId: number, token: string) =>
  settle(paymentsEndpoints.checkout, { params: { invoiceId }, token });

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
  const url = pdfUrl(of);
  let res: Response;
  try {
    res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: "application/pdf" } });
  } catch {
    return { ok: false, network: true };
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: unknown };
    const error = typeof body.error === "string" ? body.error.slice(0, 300) : undefined;
    return {
      ok: false,
      network: false,
      status: res.status,
      // Too many at once: wait and try again, said in words even when no JSON came (a proxy's 429).
      error: res.status === TOO_MANY_REQUESTS ? waitMessage(res.headers.get("Retry-After"), error) : error,
    };
  }
  const blob = await res.blob();
  return { ok: true, data: blob.type === "application/pdf" ? blob : new Blob([blob], { type: "application/pdf" }) };
}

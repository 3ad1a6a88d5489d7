/**
 * The way back from Stripe Checkout (docs/product/billing.md "Payments"): before the portal sends
 * the client to Checkout it notes, for this tab, which invoice is being paid and what was paid on
 * it so far; the return address says whether the client paid or went back. A return is never a
 * payment: the section only says the payment is being confirmed, and reloads the invoice until
 * the server has recorded it from Stripe's signed webhook.
 */

const KEY = "client-portal-checkout";
/** The return address's query: ?payment=success or ?payment=cancelled (with &invoice=<id>). */
export const CHECKOUT_PARAM = "payment";
export const INVOICE_PARAM = "invoice";

export interface PendingCheckout {
  projectId: string;
  invoiceId: number;
  /** What the invoice had been paid before this Checkout: more than this means it was recorded. */
  paidCents: number;
}

export type CheckoutReturn = {
  kind: "success" | "cancel";
  invoiceId: number | null;
  /** Paid on the invoice before Checkout; null when this tab did not note it. */
  paidCents: number | null;
};

export function rememberCheckout(pending: PendingCheckout) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage off: the return still says the payment is being confirmed, from the address alone.
  }
}

function readPending(): PendingCheckout | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingCheckout>;
    return typeof value.projectId === "string" &&
      typeof value.invoiceId === "number" &&
      typeof value.paidCents === "number"
      ? (value as PendingCheckout)
      : null;
  } catch {
    return null;
  }
}

function forgetPending() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * The return from Checkout to this project, if the address is one: read once, then the query
 * leaves the address bar (a reload does not say "being confirmed" again).
 */
export function takeCheckoutReturn(projectId: string): CheckoutReturn | null {
  const url = new URL(window.location.href);
  const value = url.searchParams.get(CHECKOUT_PARAM);
  if (value !== "success" && value !== "cancelled") return null;
  const kind = value === "success" ? "success" : "cancel";
  const pending = readPending();
  const fromAddress = Number(url.searchParams.get(INVOICE_PARAM));
  const invoiceId = Number.isSafeInteger(fromAddress) && fromAddress > 0 ? fromAddress : (pending?.invoiceId ?? null);
  // Another project's return waits for that project to be opened.
  if (pending && pending.projectId !== projectId && pending.invoiceId === invoiceId) return null;
  url.searchParams.delete(CHECKOUT_PARAM);
  url.searchParams.delete(INVOICE_PARAM);
  url.searchParams.delete("session_id");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  forgetPending();
  return { kind, invoiceId, paidCents: pending && pending.invoiceId === invoiceId ? pending.paidCents : null };
}

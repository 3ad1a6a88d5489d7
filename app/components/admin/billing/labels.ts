import type { InvoiceStatus, QuoteStatus } from "~/contracts/billing-terms";
import type { Tone } from "../ui/styles";

/** The badge colours of quotes and invoices (docs/product/billing.md), the admin's tones. */
export const QUOTE_STATUS_TONES: Record<QuoteStatus, Tone> = {
  draft: "gray",
  sent: "blue",
  viewed: "purple",
  accepted: "green",
  declined: "red",
  expired: "orange",
};

export const INVOICE_STATUS_TONES: Record<InvoiceStatus, Tone> = {
  draft: "gray",
  sent: "blue",
  partially_paid: "yellow",
  paid: "green",
  overdue: "red",
  void: "gray",
};

/** Today in the browser's calendar, YYYY-MM-DD (the owner's own day). */
export function todayDay(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** A day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

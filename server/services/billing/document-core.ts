/**
 * What a quote and an invoice write alike (docs/product/billing.md "Money is exact"; decision 042):
 * the lines with their discount and totals, refused past the money's limits, and the year's next
 * number, allocated in the transaction that writes the document. Locking a document, refusing a
 * frozen one and reading it back differ by kind: ./quote-rows.ts and ./invoices.ts.
 */
import { totalsOf, type Discount } from "~/contracts/billing-money";
import { formatBillingNumber } from "~/contracts/billing-terms";
import type { StoredLine } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { allocateNumber, assertMoneyLimits } from "./common";

/** Each kind's number: Q-2026-0012, INV-2026-0031. */
const PREFIXES = { quote: "Q", invoice: "INV" } as const;

/**
 * The number of a new quote or invoice dated `day` (YYYY-MM-DD, the business's day): the next of
 * that day's year, in the caller's transaction (allocateNumber: no gaps).
 */
export async function numberDocument(tx: Tx, kind: keyof typeof PREFIXES, day: string) {
  const year = Number(day.slice(0, 4));
  const sequence = await allocateNumber(tx, kind, year);
  return { number: formatBillingNumber(PREFIXES[kind], year, sequence), year, sequence };
}

/**
 * A document's money as its row stores it: the lines (with their totals: ./common.ts storedLines)
 * and the discount, refused with a 400 past the money's limits (assertMoneyLimits), and the totals
 * computed from them.
 */
export function pricedLines(lines: StoredLine[], discount: Discount) {
  assertMoneyLimits(lines, discount);
  const totals = totalsOf(lines, discount);
  return {
    lines,
    discountType: discount.discount_type,
    discountValue: discount.discount_value,
    subtotalCents: totals.subtotal_cents,
    discountCents: totals.discount_cents,
    totalCents: totals.total_cents,
  };
}

/**
 * Money of quotes and invoices (docs/product/billing.md "Money is exact"): integer cents in USD,
 * every total computed here, by the server (the browser shows the same figures while a quote is
 * typed, and the server's answer is the one kept). Zod-free: the PDFs, the services and the
 * screens share it.
 *
 * Rounding: a line's quantity has at most two decimals; its total, a percentage discount and a
 * deposit are each rounded to the cent, half up (0.5 cent goes up). Nothing else rounds.
 */
import { MAX_AMOUNT_CENTS, MAX_INTEGER_COLUMN, MAX_PERCENT_BASIS_POINTS, MAX_QUANTITY } from "./billing-terms";

/** A quantity's hundredths: 1.5 -> 150 (at most two decimals are kept). */
export const quantityHundredths = (quantity: number) => Math.round(quantity * 100);

/** numerator / denominator rounded to the nearest integer, half up (both non-negative integers). */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0)
    throw new RangeError(`divideHalfUp: ${numerator} / ${denominator}`);
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const whole = Math.floor(n / denominator);
  const rest = n - whole * denominator;
  return sign * (rest * 2 >= denominator ? whole + 1 : whole);
}

/** A line's total: quantity × unit price, to the cent, half up. */
export const lineTotalCents = (quantity: number, unitCents: number) =>
  divideHalfUp(quantityHundredths(quantity) * unitCents, 100);

export type DiscountType = "none" | "percent" | "amount";

export interface MoneyLine {
  quantity: number;
  unit_price_cents: number;
}

export interface Discount {
  discount_type: DiscountType;
  /** Percent: basis points (12.5 % = 1250); amount: cents. 0 for none. */
  discount_value: number;
}

export interface Totals {
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
}

/** The discount in cents: a percentage of the subtotal (half up), or a fixed amount, never more than the subtotal. */
export function discountCents(subtotal: number, discount: Discount): number {
  if (discount.discount_type === "percent")
    return Math.min(subtotal, divideHalfUp(subtotal * discount.discount_value, 10_000));
  if (discount.discount_type === "amount") return Math.min(subtotal, Math.max(0, discount.discount_value));
  return 0;
}

export function totalsOf(lines: readonly MoneyLine[], discount: Discount): Totals {
  const subtotal = lines.reduce((sum, line) => sum + lineTotalCents(line.quantity, line.unit_price_cents), 0);
  const off = discountCents(subtotal, discount);
  return { subtotal_cents: subtotal, discount_cents: off, total_cents: subtotal - off };
}

/** Whether a quantity has at most two decimals, exactly (0.33 yes; 0.333 and 1.0000001 no): nothing is rounded. */
export const hasTwoDecimalsAtMost = (quantity: number) =>
  Number.isFinite(quantity) && Math.round(quantity * 100) / 100 === quantity;

/** What is wrong with an amount too large, and where (the path of the field, as the schemas name it). */
export interface MoneyLimitIssue {
  path: (string | number)[];
  message: string;
}

export const AMOUNT_LIMIT_TEXT = "$1,000,000.00";

/**
 * The limits of a quote's or an invoice's money (docs/product/billing.md "Money is exact"): each
 * line's total (quantity × unit price), the subtotal, the discount and the total at most
 * MAX_AMOUNT_CENTS (far below what the integer columns hold), and a percent discount at most
 * 100 %. Lines whose own fields are out of bounds are left to their fields' messages. The
 * contracts' schemas check it (so the editors show the same messages) and the services again on
 * what they store.
 */
export function moneyLimitIssues(lines: readonly MoneyLine[], discount: Discount): MoneyLimitIssue[] {
  const issues: MoneyLimitIssue[] = [];
  const percent = discount.discount_type === "percent";
  if (percent && discount.discount_value > MAX_PERCENT_BASIS_POINTS)
    issues.push({ path: ["discount_value"], message: "A percent discount must be at most 100 %" });
  if (discount.discount_type === "amount" && discount.discount_value > MAX_AMOUNT_CENTS)
    issues.push({ path: ["discount_value"], message: `The discount must be at most ${AMOUNT_LIMIT_TEXT}` });
  let subtotal = 0;
  let counted = true;
  lines.forEach((line, index) => {
    const { quantity, unit_price_cents: unit } = line;
    const typed =
      typeof quantity === "number" &&
      quantity > 0 &&
      quantity <= MAX_QUANTITY &&
      hasTwoDecimalsAtMost(quantity) &&
      Number.isSafeInteger(unit) &&
      unit >= 0 &&
      unit <= MAX_AMOUNT_CENTS;
    if (!typed) {
      counted = false;
      return;
    }
    const total = lineTotalCents(quantity, unit);
    if (total > MAX_AMOUNT_CENTS)
      issues.push({
        path: ["lines", index, "total_cents"],
        message: `The line total (quantity × unit price) must be at most ${AMOUNT_LIMIT_TEXT}`,
      });
    subtotal += total;
  });
  if (counted && subtotal > MAX_AMOUNT_CENTS)
    issues.push({ path: ["lines"], message: `The subtotal of the lines must be at most ${AMOUNT_LIMIT_TEXT}` });
  // The discount is never more than the subtotal and the total is the subtotal less it, so both
  // stay within the subtotal's bound; checked all the same against what the columns hold.
  if (counted && issues.length === 0) {
    const totals = totalsOf(lines, discount);
    for (const [key, cents] of Object.entries(totals))
      if (cents < 0 || cents > MAX_AMOUNT_CENTS || cents > MAX_INTEGER_COLUMN)
        issues.push({ path: [key], message: `The ${key.replace("_cents", "")} must be at most ${AMOUNT_LIMIT_TEXT}` });
  }
  return issues;
}

/** The deposit of a total: deposit_percent (0-100, whole percent) of it, half up. */
export const depositCents = (total: number, depositPercent: number) => divideHalfUp(total * depositPercent, 100);

/** "$1,250.00" (negative: "-$12.50"). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** "1250.00" from cents, for an input the owner types dollars into. */
export const centsToDollarText = (cents: number) => (cents / 100).toFixed(2);

/** Dollars as typed ("1,250", "$99.5", "12.50") to cents; null when it is not an amount with at most two decimals. */
export function dollarTextToCents(text: string): number | null {
  const clean = text.trim().replace(/[$,\s]/g, "");
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

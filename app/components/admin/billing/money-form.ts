import { site } from "~/config/site";
import {
  centsToDollarText,
  dollarTextToCents,
  hasTwoDecimalsAtMost,
  totalsOf,
  type DiscountType,
  type Totals,
} from "~/contracts/billing-money";
import { QUANTITY_DECIMALS_MESSAGE } from "~/contracts/billing-fields";
import type { BillingLine } from "~/contracts/quotes";
import type { FormErrors } from "../ui/use-schema-form";

/**
 * The lines and the discount of a quote or an invoice as the owner types them
 * (docs/product/billing.md "Quotes", "Money is exact"): quantities and dollars as text, so what is
 * typed stays on screen when it is not yet an amount; converted to cents for the contract's
 * schema, and the live totals computed with the same arithmetic as the server's.
 */

export interface LineValues {
  /** The row's key on screen (not the server's). */
  key: string;
  description: string;
  quantity: string;
  /** The unit price in dollars, as typed ("275", "1,250.00"). */
  unit: string;
  preset: string | null;
}

export interface MoneyValues {
  lines: LineValues[];
  discount_type: DiscountType;
  /** Percent ("10", "12.5") or dollars ("25.00"), as typed. */
  discount_text: string;
}

export type PresetId = (typeof site.pricing.tiers)[number]["id"];

let lineSeq = 0;
const nextKey = () => `line-${++lineSeq}`;

export const emptyLine = (): LineValues => ({ key: nextKey(), description: "", quantity: "1", unit: "", preset: null });

/** A line from a price tier of the site config: its description and its price in cents (price × 100). */
export function presetLine(id: string): LineValues | null {
  const tier = site.pricing.tiers.find((t) => t.id === id);
  if (!tier) return null;
  return {
    key: nextKey(),
    description: tier.line,
    quantity: "1",
    unit: centsToDollarText(tier.price * 100),
    preset: tier.id,
  };
}

/** A saved quote's or invoice's lines and discount, back as text to edit. */
export function moneyValuesOf(saved: {
  lines: readonly BillingLine[];
  discount_type: DiscountType;
  discount_value: number;
}): MoneyValues {
  return {
    lines: saved.lines.map((line) => ({
      key: nextKey(),
      description: line.description,
      quantity: String(line.quantity),
      unit: centsToDollarText(line.unit_price_cents),
      preset: line.preset,
    })),
    discount_type: saved.discount_type,
    discount_text:
      saved.discount_type === "percent"
        ? String(saved.discount_value / 100)
        : saved.discount_type === "amount"
          ? centsToDollarText(saved.discount_value)
          : "",
  };
}

/** A quantity as typed: a number, or NaN (the schema says what is wrong). */
export const quantityOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/** A quantity that can be billed as typed: more than 0, at most two decimals (never rounded). */
export const billableQuantity = (text: string) => {
  const quantity = quantityOf(text);
  return quantity > 0 && hasTwoDecimalsAtMost(quantity) ? quantity : null;
};

/** What is wrong with a quantity as it is typed, shown at once (the schema says the rest on save). */
export const quantityWarning = (text: string): string | undefined => {
  const quantity = quantityOf(text);
  return Number.isFinite(quantity) && !hasTwoDecimalsAtMost(quantity) ? QUANTITY_DECIMALS_MESSAGE : undefined;
};

/** A percent as typed ("12.5") in basis points (1250), or null. */
export function percentBasisPoints(text: string): number | null {
  const clean = text.trim().replace(/%$/, "").trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  const points = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return points <= 10_000 ? points : null;
}

/** The discount's value for the contract: basis points, cents, or 0 (NaN when it is not a number yet). */
export function discountValueOf(values: Pick<MoneyValues, "discount_type" | "discount_text">): number {
  if (values.discount_type === "none") return 0;
  const value =
    values.discount_type === "percent"
      ? percentBasisPoints(values.discount_text)
      : dollarTextToCents(values.discount_text);
  return value ?? Number.NaN;
}

/** The lines and discount as the contract's input. */
export function moneyInput(values: MoneyValues) {
  return {
    lines: values.lines.map((line) => ({
      description: line.description,
      quantity: quantityOf(line.quantity),
      unit_price_cents: dollarTextToCents(line.unit) ?? Number.NaN,
      preset: line.preset,
    })),
    discount_type: values.discount_type,
    discount_value: discountValueOf(values),
  };
}

/** The words for amounts typed in dollars, over the schema's (which speak of cents). */
export function moneyErrors(values: MoneyValues, errors: FormErrors): FormErrors {
  const out: FormErrors = { ...errors };
  values.lines.forEach((line, index) => {
    if (dollarTextToCents(line.unit) === null)
      out[`lines.${index}.unit_price_cents`] = "Enter the unit price in dollars, e.g. 275.00";
  });
  if (values.discount_type !== "none" && Number.isNaN(discountValueOf(values)))
    out.discount_value =
      values.discount_type === "percent"
        ? "Enter the discount as a percent from 0 to 100, e.g. 10"
        : "Enter the discount in dollars, e.g. 25.00";
  return out;
}

/** The totals of what is typed so far (a line not yet valid counts 0); the saved figures are the server's. */
export function liveTotals(values: MoneyValues): Totals {
  const lines = values.lines.map((line) => ({
    quantity: billableQuantity(line.quantity) ?? 0,
    unit_price_cents: dollarTextToCents(line.unit) ?? 0,
  }));
  const value = discountValueOf(values);
  return totalsOf(lines, {
    discount_type: values.discount_type,
    discount_value: Number.isFinite(value) ? value : 0,
  });
}

/**
 * The fields the owner's billing forms share (docs/product/billing.md "Money is exact"): a calendar
 * day, an amount in cents, a line as typed, the discount, and the money's limits across fields.
 * Quotes, invoices and payments build their bodies from them.
 */
import { z } from "~/contracts/zod";
import { MAX_AMOUNT_CENTS, MAX_LINE_DESCRIPTION, MAX_QUANTITY } from "~/contracts/billing-terms";
import { hasTwoDecimalsAtMost, moneyLimitIssues, type Discount, type MoneyLine } from "~/contracts/billing-money";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** A calendar day, YYYY-MM-DD. */
export const billingDay = z
  .string()
  .trim()
  .refine((v) => DAY.test(v) && isRealDay(v), { error: "Enter a date as YYYY-MM-DD" })
  .meta({ format: "date", example: "2026-12-31" });

export const centsField = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of cents` })
    .int({ error: `${what} must be a whole number of cents` })
    .min(0, { error: `${what} cannot be negative` })
    .max(MAX_AMOUNT_CENTS, { error: `${what} must be at most $1,000,000.00` });

/** A quantity is refused, never rounded, past two decimals (the editors say it as it is typed). */
export const QUANTITY_DECIMALS_MESSAGE = "The quantity must have at most two decimals (0.33, not 0.333)";

/** A line as the owner types it: the server computes its total. */
export const LineInputSchema = z
  .object({
    description: z
      .string({ error: "Each line needs a description" })
      .trim()
      .min(1, { error: "Each line needs a description" })
      .max(MAX_LINE_DESCRIPTION, { error: `A line must be at most ${MAX_LINE_DESCRIPTION} characters` })
      .meta({ example: "Starter Site: up to three pages" }),
    quantity: z
      .number({ error: "The quantity must be a number" })
      .positive({ error: "The quantity must be more than 0" })
      .max(MAX_QUANTITY, { error: "The quantity must be at most 10,000" })
      // Refused, never rounded: 0.333 would bill a part the client never sees.
      .refine(hasTwoDecimalsAtMost, { error: QUANTITY_DECIMALS_MESSAGE })
      .default(1)
      .meta({ example: 1 }),
    unit_price_cents: centsField("The unit price").meta({ example: 27_500, description: "Cents: 27500 is $275.00" }),
    preset: z
      .string()
      .max(40)
      .nullable()
      .optional()
      .transform((v) => v ?? null)
      .meta({ example: "starter-site", description: "The price tier the line came from (site config), if any" }),
  })
  .meta({ id: "BillingLineInput" });

export const DISCOUNT_TYPES = ["none", "percent", "amount"] as const;

export const discountFields = {
  discount_type: z.enum(DISCOUNT_TYPES).default("none").meta({ example: "percent" }),
  discount_value: z
    .number({ error: "The discount must be a number" })
    .int({ error: "The discount must be a whole number (basis points or cents)" })
    .min(0, { error: "The discount cannot be negative" })
    .max(MAX_AMOUNT_CENTS, { error: "The discount must be at most $1,000,000.00" })
    .default(0)
    .meta({ example: 1000, description: "percent: basis points (10 % = 1000); amount: cents" }),
};

/**
 * The money's limits across fields (app/contracts/billing-money.ts moneyLimitIssues): each line's
 * total, the subtotal, the total and a percent discount (at most 100 %), each named by its path
 * ("lines.3.total_cents: The line total ... must be at most $1,000,000.00").
 */
export function checkMoneyLimits(
  value: { lines?: readonly MoneyLine[]; discount_type?: Discount["discount_type"]; discount_value?: number },
  ctx: { addIssue: (issue: { code: "custom"; path: (string | number)[]; message: string; input: unknown }) => void },
) {
  const discount: Discount = {
    discount_type: value.discount_type ?? "none",
    discount_value: value.discount_value ?? 0,
  };
  for (const issue of moneyLimitIssues(value.lines ?? [], discount))
    ctx.addIssue({ code: "custom", path: issue.path, message: issue.message, input: value });
}

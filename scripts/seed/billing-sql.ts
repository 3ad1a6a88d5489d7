import { site } from "~/config/site";
import type { SeedContext } from "./context";
import { lit } from "./sql";

/**
 * What the billing parts of the seed share (quotes.ts, invoices.ts, payments.ts): when a
 * project's billing happens, the money as the app computes it (app/contracts/billing-money.ts),
 * in SQL, and the year's numbers.
 *
 * Every billing moment is planned as an offset in seconds from the project's creation (the quote
 * a day or two after the lead, the deposit after the acceptance, the balance at launch...), then
 * fitted into the time the project has had: an offset within the first 90 % of the project's age
 * stays as planned, a later one is squeezed into the last 10 % (smoothly: the order of every
 * moment is kept), so a young project's billing all happens before now.
 */

/** The share of a project's age within which a planned moment stays as planned. */
const KNEE = 0.9;

/**
 * A row's moment `offset` seconds (planned) after its project's creation: needs the columns
 * p_created and span_s (the project's age in seconds) of the row, of the relation `of` if named.
 */
export const atOffset = (offset: string, of = "") => {
  const span = `${of && `${of}.`}span_s`;
  const knee = `(${KNEE} * ${span})`;
  const rest = `((1 - ${KNEE}) * ${span})`;
  return `(${of && `${of}.`}p_created + (case when (${offset}) <= ${knee} then (${offset})
    else ${knee} + ${rest} * (1 - exp(-least(((${offset}) - ${knee}) / ${rest}, 50))) end) * interval '1 second')`;
};

/** Days as seconds, for offsets. */
export const days = (n: string | number) => `((${n}) * 86400.0)`;

/** The calendar day of a moment in the business's time zone. */
export const dayOf = (ctx: SeedContext, moment: string) => `((${moment}) at time zone ${ctx.tzSql})::date`;

/** The year of a moment in the business's time zone: a quote's or an invoice's number's year. */
export const yearOf = (ctx: SeedContext, moment: string) =>
  `extract(year from (${moment}) at time zone ${ctx.tzSql})::int`;

/** numerator / denominator, half up, for non-negative integers (divideHalfUp). */
export const halfUp = (numerator: string, denominator: number) =>
  `(((${numerator})::int8 * 2 + ${denominator}) / ${2 * denominator})::int`;

/** A line's total: quantity (two decimals at most) × unit price, to the cent, half up (lineTotalCents). */
export const lineTotal = (quantity: string, unitCents: string) =>
  halfUp(`round((${quantity}) * 100)::int8 * (${unitCents})`, 100);

/** "$1,250.00" (formatCents), for the lines and notes the app writes with amounts in them. */
export const cents = (value: string) => `('$' || to_char((${value}) / 100.0, 'FM999,999,990.00'))`;

/**
 * Q-2026-0007, Q-2026-12345 (formatBillingNumber: four digits at least, never cut; lpad alone
 * would cut a fifth digit, and at thirty times the practice a year holds more than 9,999 quotes).
 */
export const billingNumber = (prefix: "Q" | "INV", year: string, sequence: string) =>
  `'${prefix}-' || (${year}) || '-' || lpad((${sequence})::text, greatest(4, length((${sequence})::text)), '0')`;

/**
 * The sequence of each row within its year, after the year's last number given so far
 * (billing_number_counters): a seed beside data (--force) goes on from the app's numbers.
 */
export const nextSequence = (kind: "quote" | "invoice", year: string, order: string) =>
  `coalesce((select last from billing_number_counters c where c.year = ${year} and c.kind = '${kind}'), 0)
    + row_number() over (partition by ${year} order by ${order})`;

/** The counters moved to the last numbers the seed gave, so the app's next record takes the next one. */
export async function advanceCounters(ctx: SeedContext, kind: "quote" | "invoice", rows: string): Promise<void> {
  await ctx.exec(`insert into billing_number_counters (year, kind, last)
    select year, '${kind}', max(sequence) from ${rows} group by year
    on conflict (year, kind) do update set last = greatest(billing_number_counters.last, excluded.last)`);
}

/** The business's defaults (site.billing): a quote's terms, the deposit, the days a quote is valid and an invoice due. */
export const BILLING = {
  terms: lit(site.billing.termsTemplate),
  depositPercent: site.billing.depositPercent,
  quoteValidDays: site.billing.quoteValidDays,
  invoiceDueDays: site.billing.invoiceDueDays,
} as const;

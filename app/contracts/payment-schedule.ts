/**
 * A quote's payment schedule (docs/product/billing.md "Payment schedules"; decision 061): a deposit,
 * then one or more payments, each a share of the total (a percent in basis points, or an amount in
 * cents) that falls due on a trigger. The amounts add up to the quote's total exactly: each payment
 * but the last is its share rounded half up, and the last takes the rest. The browser's editor, the
 * server, the PDF and the portal all read the amounts from scheduleAmounts() here.
 */
import { z } from "~/contracts/zod";
import { divideHalfUp, formatCents, totalsOf } from "~/contracts/billing-money";
import { MAX_AMOUNT_CENTS } from "~/contracts/billing-terms";
import { billingDay } from "./billing-fields";

export const SCHEDULE_TRIGGERS = ["acceptance", "launch", "date", "days_after_acceptance"] as const;
export type ScheduleTrigger = (typeof SCHEDULE_TRIGGERS)[number];

export const SCHEDULE_SHARES = ["percent", "amount"] as const;
export type ScheduleShare = (typeof SCHEDULE_SHARES)[number];

/** At most this many payments on one quote. */
export const MAX_SCHEDULE_PAYMENTS = 6;
export const MAX_SCHEDULE_LABEL = 80;
export const MAX_SCHEDULE_DAYS = 730;

export interface ScheduleEntryValues {
  label: string;
  share: ScheduleShare;
  /** percent: basis points (40 % = 4000); amount: cents. */
  value: number;
  trigger: ScheduleTrigger;
  /** The day, for the trigger "date". */
  date: string | null;
  /** The days after acceptance, for the trigger "days_after_acceptance". */
  days: number | null;
}

const entry = (
  label: string,
  percent: number,
  trigger: ScheduleTrigger,
  days: number | null = null,
): ScheduleEntryValues => ({ label, share: "percent", value: percent * 100, trigger, date: null, days });

/** The editor's presets. */
export const SCHEDULE_PRESETS = {
  "50_50": {
    label: "50/50: acceptance, launch",
    entries: [entry("Deposit", 50, "acceptance"), entry("Balance at launch", 50, "launch")],
  },
  upfront: { label: "100% upfront", entries: [entry("Payment in full", 100, "acceptance")] },
  "40_40_20": {
    label: "40/40/20",
    entries: [
      entry("Deposit", 40, "acceptance"),
      entry("Launch payment", 40, "launch"),
      entry("Final payment", 20, "days_after_acceptance", 60),
    ],
  },
} as const satisfies Record<string, { label: string; entries: ScheduleEntryValues[] }>;
export type SchedulePreset = keyof typeof SCHEDULE_PRESETS;

/**
 * Each payment's amount in cents: every payment but the last is its share (a percent of the total,
 * half up, or its amount); the last takes what is left, so that the sum is the total exactly.
 */
export function scheduleAmounts(totalCents: number, entries: readonly Pick<ScheduleEntryValues, "share" | "value">[]) {
  const stated = entries.map((e) => (e.share === "percent" ? divideHalfUp(totalCents * e.value, 10_000) : e.value));
  if (stated.length === 0) return stated;
  const before = stated.slice(0, -1).reduce((sum, cents) => sum + cents, 0);
  return [...stated.slice(0, -1), totalCents - before];
}

/** What the schedule's share states, before the last payment takes the rounding. */
const statedCents = (totalCents: number, e: Pick<ScheduleEntryValues, "share" | "value">) =>
  e.share === "percent" ? divideHalfUp(totalCents * e.value, 10_000) : e.value;

/**
 * Why a schedule does not fit a total, in words for the owner (null: it fits). The stated shares
 * must add up to the total, give or take the cents of rounding (one per payment); every payment
 * must come to more than $0.00.
 */
export function scheduleIssue(totalCents: number, entries: readonly ScheduleEntryValues[]): string | null {
  if (entries.length === 0) return null;
  const amounts = scheduleAmounts(totalCents, entries);
  const stated = entries.reduce((sum, e) => sum + statedCents(totalCents, e), 0);
  if (Math.abs(stated - totalCents) > entries.length)
    return `The payments add up to ${formatCents(stated)}, not the quote's total of ${formatCents(totalCents)}.`;
  const empty = amounts.findIndex((cents) => cents <= 0);
  if (empty >= 0) return `Payment ${empty + 1} ("${entries[empty]!.label}") comes to ${formatCents(amounts[empty]!)}.`;
  return null;
}

const TRIGGER_WORDS: Record<ScheduleTrigger, string> = {
  acceptance: "on acceptance",
  launch: "when the project reaches Launch",
  date: "on a date",
  days_after_acceptance: "days after acceptance",
};
export const SCHEDULE_TRIGGER_LABELS: Record<ScheduleTrigger, string> = {
  acceptance: "On acceptance",
  launch: "When the project reaches Launch",
  date: "On a date",
  days_after_acceptance: "N days after acceptance",
};

/** "on acceptance", "when the project reaches Launch", "on March 3, 2027", "30 days after acceptance". */
export function whenDue(e: Pick<ScheduleEntryValues, "trigger" | "date" | "days">): string {
  if (e.trigger === "date" && e.date) {
    const day = new Date(`${e.date}T12:00:00Z`);
    return `on ${day.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })}`;
  }
  if (e.trigger === "days_after_acceptance" && e.days !== null)
    return `${e.days} day${e.days === 1 ? "" : "s"} after acceptance`;
  return TRIGGER_WORDS[e.trigger];
}

/** "40%" or "$400.00": the share as the owner stated it. */
export const shareText = (e: Pick<ScheduleEntryValues, "share" | "value">) =>
  e.share === "percent"
    ? `${(e.value / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`
    : formatCents(e.value);

export const ScheduleEntryInputSchema = z
  .object({
    label: z
      .string({ error: "Each payment needs a name, such as Deposit" })
      .trim()
      .min(1, { error: "Each payment needs a name, such as Deposit" })
      .max(MAX_SCHEDULE_LABEL, { error: `A payment's name must be at most ${MAX_SCHEDULE_LABEL} characters` })
      .meta({ example: "Deposit" }),
    share: z.enum(SCHEDULE_SHARES, { error: "A payment is a percent or an amount" }).meta({ example: "percent" }),
    value: z
      .number({ error: "Each payment needs a percent or an amount" })
      .int({ error: "A payment's value is whole basis points (40% = 4000) or cents" })
      .positive({ error: "Each payment must be more than 0" })
      .max(MAX_AMOUNT_CENTS, { error: "A payment must be at most $1,000,000.00" })
      .meta({ example: 4000, description: "percent: basis points (40% = 4000); amount: cents" }),
    trigger: z
      .enum(SCHEDULE_TRIGGERS, {
        error: "A payment falls due on acceptance, at launch, on a date, or N days after acceptance",
      })
      .meta({ example: "acceptance" }),
    date: billingDay
      .nullable()
      .optional()
      .transform((v) => v ?? null)
      .meta({ example: null, description: "The day, for the trigger date" }),
    days: z
      .number({ error: "The days after acceptance must be a whole number" })
      .int({ error: "The days after acceptance must be a whole number" })
      .min(1, { error: "The days after acceptance must be at least 1" })
      .max(MAX_SCHEDULE_DAYS, { error: `The days after acceptance must be at most ${MAX_SCHEDULE_DAYS}` })
      .nullable()
      .optional()
      .transform((v) => v ?? null)
      .meta({ example: null, description: "For the trigger days_after_acceptance" }),
  })
  .superRefine((e, ctx) => {
    if (e.share === "percent" && e.value > 10_000)
      ctx.addIssue({ code: "custom", path: ["value"], message: "A percent must be at most 100% (10000)" });
    if (e.trigger === "date" && !e.date)
      ctx.addIssue({ code: "custom", path: ["date"], message: "Pick the day this payment falls due" });
    if (e.trigger === "days_after_acceptance" && e.days === null)
      ctx.addIssue({ code: "custom", path: ["days"], message: "Say how many days after acceptance" });
  })
  .meta({ id: "PaymentScheduleEntryInput" });

export const ScheduleInputSchema = z
  .array(ScheduleEntryInputSchema)
  .min(1, { error: "A schedule has at least one payment" })
  .max(MAX_SCHEDULE_PAYMENTS, { error: `A schedule has at most ${MAX_SCHEDULE_PAYMENTS} payments` });

export const ScheduleEntrySchema = z
  .object({
    label: z.string().meta({ example: "Deposit" }),
    share: z.enum(SCHEDULE_SHARES),
    value: z.number().int().meta({ example: 4000 }),
    trigger: z.enum(SCHEDULE_TRIGGERS),
    date: z.string().nullable().meta({ format: "date" }),
    days: z.number().int().nullable(),
    amount_cents: z
      .number()
      .int()
      .meta({ example: 40_000, description: "Its share of the total; the last payment takes the rounding" }),
    due_text: z.string().meta({ example: "on acceptance", description: "When it falls due, in words" }),
  })
  .meta({ id: "PaymentScheduleEntry" });

export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;

/** The schedule as answered: each entry with its amount and when it falls due in words. */
export function scheduleOf(totalCents: number, entries: readonly ScheduleEntryValues[] | null): ScheduleEntry[] | null {
  if (!entries || entries.length === 0) return null;
  const amounts = scheduleAmounts(totalCents, entries);
  return entries.map((e, i) => ({
    label: e.label,
    share: e.share,
    value: e.value,
    trigger: e.trigger,
    date: e.date,
    days: e.days,
    amount_cents: amounts[i]!,
    due_text: whenDue(e),
  }));
}

/** A schedule that does not add up to the quote's total is refused, naming the sums. */
export function checkSchedule(
  value: {
    lines?: readonly { quantity: number; unit_price_cents: number }[];
    discount_type?: "none" | "percent" | "amount";
    discount_value?: number;
    schedule?: Parameters<typeof scheduleIssue>[1] | null;
  },
  ctx: z.RefinementCtx,
) {
  if (!value.schedule || !value.lines) return;
  // Lines or a schedule refused by their own fields are named there: nothing to add up here.
  if (!value.lines.every((l) => Number.isFinite(l.quantity) && Number.isSafeInteger(l.unit_price_cents))) return;
  if (!value.schedule.every((e) => Number.isSafeInteger(e.value))) return;
  let issue: string | null;
  try {
    const { total_cents } = totalsOf(value.lines, {
      discount_type: value.discount_type ?? "none",
      discount_value: value.discount_value ?? 0,
    });
    // A total past the money's limits is named by checkMoneyLimits.
    if (!Number.isSafeInteger(total_cents) || total_cents > MAX_AMOUNT_CENTS) return;
    issue = scheduleIssue(total_cents, value.schedule);
  } catch {
    return;
  }
  if (issue) ctx.addIssue({ code: "custom", path: ["schedule"], message: issue });
}

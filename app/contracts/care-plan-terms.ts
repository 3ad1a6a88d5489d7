/**
 * Care plans' calendar and money (docs/product/billing.md "Care plans"; decision 063): shared by
 * the server's job, the owner's screens and the client's portal, so that a plan's next due date and
 * its monthly figure are computed one way.
 */
import { addMonths } from "date-fns";
import { divideHalfUp } from "~/contracts/billing-money";

export const CARE_PLAN_INTERVALS = ["monthly", "quarterly", "yearly"] as const;
export type CarePlanInterval = (typeof CARE_PLAN_INTERVALS)[number];

export const CARE_PLAN_STATUSES = ["active", "paused", "ended"] as const;
export type CarePlanStatus = (typeof CARE_PLAN_STATUSES)[number];

/** The calendar months between two due dates of a plan. */
export const MONTHS_PER_PERIOD: Record<CarePlanInterval, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export const CARE_PLAN_INTERVAL_LABELS: Record<CarePlanInterval, string> = {
  monthly: "Monthly",
  quarterly: "Quarterly",
  yearly: "Yearly",
};

/** "/month", "/quarter", "/year": after an amount. */
export const CARE_PLAN_PER: Record<CarePlanInterval, string> = {
  monthly: "/month",
  quarterly: "/quarter",
  yearly: "/year",
};

export const CARE_PLAN_STATUS_LABELS: Record<CarePlanStatus, string> = {
  active: "Active",
  paused: "Paused",
  ended: "Ended",
};

/** docs/product/billing.md "Care plans": each period's invoice is written and sent a week before it is due, unless the plan says otherwise. */
export const DEFAULT_LEAD_DAYS = 7;
/** The most days ahead a period's invoice may be written: a yearly plan's two months. */
export const MAX_LEAD_DAYS = 60;
/** The dashboard's "due soon": plans whose next period is due within this many days. */
export const DUE_SOON_DAYS = 14;
export const MAX_PLAN_NAME = 80;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The due date of period `n` (0: the first due date), YYYY-MM-DD. Counted from the first due date by
 * period number with date-fns' addMonths, never from the previous period: a plan first due January
 * 31 is due February 28 (29 in a leap year), March 31, April 30, its day of the month clamped to the
 * month's last day and never drifting. Calendar days have no zone: the arithmetic is on a date at
 * noon in the runtime's local time, read back with local getters.
 */
export function periodDueDate(firstDueDate: string, interval: CarePlanInterval, n: number): string {
  const [y, m, d] = firstDueDate.split("-").map(Number) as [number, number, number];
  const due = addMonths(new Date(y, m - 1, d, 12), n * MONTHS_PER_PERIOD[interval]);
  return `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`;
}

/** A day `days` later (or earlier) than `day`, YYYY-MM-DD. */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The day a period's invoice is written and sent: `leadDays` before it is due. */
export const invoiceDayOf = (dueDate: string, leadDays: number) => shiftDay(dueDate, -leadDays);

/** A plan's amount over a year, in cents: exact (monthly × 12, quarterly × 4, yearly × 1). */
export const yearlyCents = (amountCents: number, interval: CarePlanInterval) =>
  amountCents * (12 / MONTHS_PER_PERIOD[interval]);

/**
 * The plans' recurring revenue as a monthly figure: monthly × 1, quarterly ÷ 3, yearly ÷ 12. Summed
 * exactly as yearly cents, then divided by 12 once, half up: a non-whole cent is rounded once for
 * the whole sum (a $100.00 yearly plan is $8.33/month; with a $100.06 yearly one beside it, $16.68,
 * not $8.34 + $8.34).
 */
export function monthlyEquivalentCents(plans: readonly { amount_cents: number; interval: CarePlanInterval }[]): number {
  const yearly = plans.reduce((sum, plan) => sum + yearlyCents(plan.amount_cents, plan.interval), 0);
  return divideHalfUp(yearly, 12);
}

/** "March 31, 2027": a calendar day in words (no zone: it is a day, in the business's calendar). */
export function formatPlanDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The period a due date opens, in words for the invoice's line: "Mar 31 – Apr 29, 2027". */
export function periodText(dueDate: string, nextDueDate: string): string {
  const last = shiftDay(nextDueDate, -1);
  const words = (day: string, year: boolean) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      ...(year ? { year: "numeric" } : {}),
      timeZone: "UTC",
    });
  const sameYear = dueDate.slice(0, 4) === last.slice(0, 4);
  return `${words(dueDate, !sameYear)} – ${words(last, true)}`;
}

/** The zone's name for people, "Eastern Time": the days of a plan turn in the business's zone. */
export function zoneName(timeZone: string): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

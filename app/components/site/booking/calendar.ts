import { MAX_AVAILABILITY_DAYS } from "~/contracts/booking-terms";
import { startOfDay, type DayKey } from "./zones";

/**
 * The month view's arithmetic on plain calendar days ("2027-01-12"), apart from any zone: which
 * days a month shows, week by week from Sunday; where an arrow key goes; and the range of instants
 * a month covers in a zone, asked of the API one month at a time.
 */

export interface Month {
  year: number;
  /** 1-12 */
  month: number;
}

const pad = (n: number) => String(n).padStart(2, "0");
const utc = (day: DayKey) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
};
const keyOf = (date: Date): DayKey =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export const monthKey = (m: Month) => `${m.year}-${pad(m.month)}`;
export const monthOf = (day: DayKey): Month => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });
export const firstDayOf = (m: Month): DayKey => `${monthKey(m)}-01`;
export const daysIn = (m: Month) => new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
export const compareMonths = (a: Month, b: Month) => a.year * 12 + a.month - (b.year * 12 + b.month);
export const sameMonth = (a: Month, b: Month) => compareMonths(a, b) === 0;

export function addMonths(m: Month, n: number): Month {
  const index = m.year * 12 + (m.month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const addDays = (day: DayKey, n: number): DayKey => {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + n);
  return keyOf(date);
};

/** 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (day: DayKey) => utc(day).getUTCDay();

/** "January 2027" */
export const monthLabel = (m: Month) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(m.year, m.month - 1, 1)),
  );

/** The month's days in weeks from Sunday to Saturday; the places before the 1st and after the last day are null. */
export function monthWeeks(m: Month): (DayKey | null)[][] {
  const cells: (DayKey | null)[] = Array.from({ length: weekdayOf(firstDayOf(m)) }, () => null);
  for (let date = 1; date <= daysIn(m); date++) cells.push(`${monthKey(m)}-${pad(date)}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (DayKey | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The same date a month away, or the month's last day when it has fewer ("Jan 31" to "Feb 28"). */
function sameDateIn(day: DayKey, n: number): DayKey {
  const target = addMonths(monthOf(day), n);
  const date = Math.min(Number(day.slice(8, 10)), daysIn(target));
  return `${monthKey(target)}-${pad(date)}`;
}

/**
 * Where a key moves the focus in the month view (the WAI-ARIA date grid's keys): the arrows a day
 * or a week, Home and End to the week's first and last day, Page Up and Page Down a month. Null
 * for any other key.
 */
export function dayAfterKey(day: DayKey, key: string): DayKey | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return addDays(day, -weekdayOf(day));
    case "End":
      return addDays(day, 6 - weekdayOf(day));
    case "PageUp":
      return sameDateIn(day, -1);
    case "PageDown":
      return sameDateIn(day, 1);
    default:
      return null;
  }
}

/**
 * The instants a month covers in a zone: from its first day's start to the next month's, never
 * more than the API answers in one call (MAX_AVAILABILITY_DAYS).
 */
export function monthRange(m: Month, zone: string): { start: string; end: string } {
  const start = startOfDay(firstDayOf(m), zone);
  const end = startOfDay(firstDayOf(addMonths(m, 1)), zone);
  const max = start.getTime() + MAX_AVAILABILITY_DAYS * 24 * 60 * 60 * 1000;
  return { start: start.toISOString(), end: new Date(Math.min(end.getTime(), max)).toISOString() };
}

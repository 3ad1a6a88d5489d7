/**
 * Calendar days as YYYY-MM-DD in a time zone: the analytics' ranges, and the business's day
 * wherever the server needs one (billing, the lists, the seed). Zod-free.
 */
const pad = (n: number) => String(n).padStart(2, "0");

/** Making a formatter costs far more than using one: the server asks for the day on every pageview. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A Date's calendar day in the given time zone, as YYYY-MM-DD. */
export function dayIn(timeZone: string, date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  let year = "";
  let month = "";
  let day = "";
  for (const part of format.formatToParts(date)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** The day `days` after (negative: before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

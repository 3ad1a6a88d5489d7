import { site } from "~/config/site";

/**
 * One clock for money and bookings (docs/product/billing.md "Times"): every instant of a quote,
 * invoice, payment or acceptance is shown in the business's time zone (`site.timeZone`), with the
 * zone named ("Dec 6, 2026, 1:34 AM EST"), in the portal, the admin, the PDFs and the e-mails alike.
 * The zone's rules (EST or EDT on that day) come from the ICU time-zone data behind Intl, the same
 * on the server and in the browser.
 */

export type InstantStyle = "datetime" | "long" | "time" | "weekday" | "weekdayYear";

const OPTIONS: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  // "Dec 6, 2026, 1:34 AM EST"
  datetime: { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
  // "December 6, 2026 at 1:34 AM EST"
  long: { month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
  // "1:34 AM EST"
  time: { hour: "numeric", minute: "2-digit" },
  // "Sun, Dec 6, 1:34 AM EST": a booked call, near enough that its year goes without saying
  weekday: { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
  // "Sun, Dec 6, 2026, 1:34 AM EST"
  weekdayYear: {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: InstantStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { ...OPTIONS[style], timeZone, timeZoneName: "short" });
    formatters.set(key, found);
  }
  return found;
}

/** An instant in the business's zone with the zone named; an unreadable value comes back as given. */
export function formatInstant(
  value: string | Date,
  style: InstantStyle = "datetime",
  timeZone: string = site.timeZone,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatter(style, timeZone).format(date);
}

/** The zone's short name at that instant: "EST" or "EDT" for the business. */
export function zoneAbbreviation(value: string | Date, timeZone: string = site.timeZone): string {
  const date = value instanceof Date ? value : new Date(value);
  return (
    formatter("time", timeZone)
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}

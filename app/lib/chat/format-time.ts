/**
 * The time label of a chat message (docs/product/chat.md "Dates in chat"): under 24 hours old shows
 * the time only; under 168 hours (a week) the weekday and time; anything older the date and time.
 * Always en-US, in the visitor's own time zone unless one is given (the tests pin UTC).
 */
const HOUR_MS = 60 * 60 * 1000;

export interface FormatTimeOptions {
  /** The moment to measure the age from; defaults to now. */
  now?: Date;
  /** IANA time zone; defaults to the browser's. */
  timeZone?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "time" | "weekday" | "date", timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ""}`;
  let found = formatters.get(key);
  if (!found) {
    const time: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", timeZone };
    const extra: Intl.DateTimeFormatOptions =
      kind === "weekday"
        ? { weekday: "short" }
        : kind === "date"
          ? { month: "short", day: "numeric", year: "numeric" }
          : {};
    found = new Intl.DateTimeFormat("en-US", { ...extra, ...time });
    formatters.set(key, found);
  }
  return found;
}

/** '3:05 PM', 'Tue 3:05 PM' or 'Nov 3, 2026, 3:05 PM'; an unreadable date gives ''. */
export function formatMessageTime(value: string | Date, options: FormatTimeOptions = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const now = options.now ?? new Date();
  // A message stamped a little in the future (clock drift) counts as new.
  const ageHours = Math.max(0, now.getTime() - date.getTime()) / HOUR_MS;
  const kind = ageHours < 24 ? "time" : ageHours < 168 ? "weekday" : "date";
  return formatter(kind, options.timeZone).format(date);
}

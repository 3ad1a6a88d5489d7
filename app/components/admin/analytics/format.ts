/** "Nov 25" for a YYYY-MM-DD day (the day itself, whatever the browser's time zone). */
export const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 1, 2026" for a YYYY-MM-DD day. */
export const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

export const formatCount = (n: number) => n.toLocaleString("en-US");

/** A share as a whole percent; a dash when there is nothing to share. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–");

/** Dates in the admin: en-US short format (docs/product/data-and-retention.md "Back office constants"). */
export const formatDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }) : "";

export const formatDateTime = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
      })
    : "";

/** A calendar day (YYYY-MM-DD) in the admin's short format, the day as written. */
export const formatDay = (day: string | null) => (day ? formatDate(`${day}T12:00:00`) : "");

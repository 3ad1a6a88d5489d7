import type { Contact } from "~/lib/admin/contacts";
import { sourceLabel, statusLabel } from "./labels";

/** Export CSV (the currently filtered contacts), built and downloaded in the browser. */
const HEADER = ["Name", "Email", "Phone", "Company", "Status", "Lead Score", "Source", "Created"];

/** A text a spreadsheet would run as a formula gets a leading apostrophe; phone numbers like +1 401... stay as they are. */
const defuse = (value: string) =>
  /^[=+\-@\t\r]/.test(value) && !/^[+-]?[\d\s().-]+$/.test(value) ? `'${value}` : value;

export function csvCell(value: string | number | null | undefined) {
  const text = defuse(value === null || value === undefined ? "" : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** The local calendar date, YYYY-MM-DD. */
export const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function contactsToCsv(contacts: Contact[]) {
  const rows = contacts.map((c) => [
    c.name,
    c.email,
    c.phone,
    c.company,
    statusLabel(c.status),
    c.lead_score,
    sourceLabel(c.source),
    isoDay(new Date(c.created_at)),
  ]);
  return [HEADER, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export const csvFileName = (now = new Date()) => `contacts-${isoDay(now)}.csv`;

export function downloadCsv(contacts: Contact[]) {
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents).
  const blob = new Blob(["\uFEFF", contactsToCsv(contacts)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = csvFileName();
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

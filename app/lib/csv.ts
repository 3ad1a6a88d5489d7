/**
 * CSV cells and lines (RFC 4180, CRLF), shared by the server's streamed exports and anything the
 * browser still builds. A spreadsheet runs a cell that starts with = + - @ (or a tab or CR) as a
 * formula, so such a text gets a leading apostrophe (OWASP "CSV Injection"); phone numbers like
 * +1 401 555 0100 or -5 stay as they are.
 */
const defuse = (value: string) =>
  /^[=+\-@\t\r]/.test(value) && !/^[+-]?[\d\s().-]+$/.test(value) ? `'${value}` : value;

export function csvCell(value: string | number | null | undefined) {
  const text = defuse(value === null || value === undefined ? "" : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ending with CRLF. */
export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(",")}\r\n`;

/** The byte-order mark that makes Excel read the file as UTF-8 (names with accents). */
export const CSV_BOM = "\uFEFF";

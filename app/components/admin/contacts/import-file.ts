import { MAX_IMPORT_ENTRIES, type ImportResult } from "~/contracts/contact-import";

/** The JSON import's browser side (docs/product/contacts.md "JSON import", "Errors"). */
export interface ParsedFile {
  name: string;
  entries: unknown[];
}

export async function parseImportFile(file: File): Promise<ParsedFile | { error: string }> {
  if (!file.name.toLowerCase().endsWith(".json") && file.type !== "application/json")
    return { error: "Please select a JSON file" };
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return { error: "Invalid JSON file format" };
  }
  if (!Array.isArray(data)) return { error: "JSON file must contain an array of contacts" };
  if (data.length > MAX_IMPORT_ENTRIES)
    return { error: `The file has ${data.length} contacts; import at most ${MAX_IMPORT_ENTRIES} at a time` };
  return { name: file.name, entries: data };
}

const text = (value: unknown) =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** What the preview shows of an entry, with the server's per-entry checks as a hint. */
export function previewEntry(entry: unknown): { name: string; email: string; phone: string; problem: string | null } {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry))
    return { name: "", email: "", phone: "", problem: "Entry is not an object" };
  const e = entry as Record<string, unknown>;
  const name = text(e.businessName) || text(e.name);
  const email = text(e.email);
  const phone = text(e.phone);
  const problem = !name ? "Missing business name or name" : !email && !phone ? "Missing phone or email" : null;
  return { name, email, phone, problem };
}

const SHOWN_FAILURES = 5;

export function importMessages(result: ImportResult) {
  const success: string[] = [];
  if (result.created > 0) success.push(`Successfully imported ${result.created} new contacts`);
  if (result.updated > 0) success.push(`Successfully updated ${result.updated} existing contacts`);
  const failures =
    result.failed.length > 0
      ? {
          heading: `${result.failed.length} contacts failed to process:`,
          lines: result.failed.slice(0, SHOWN_FAILURES).map((f) => `${f.label}: ${f.error}`),
          more: result.failed.length > SHOWN_FAILURES,
        }
      : null;
  return { success, failures };
}

import type { z } from "zod";

/** The key of a failure that belongs to no single field (the body itself, or a rule across fields). */
export const FORM_KEY = "form";

export interface FieldErrorOptions {
  /** Name each failure by its whole path (`items.2.name`) rather than its top-level field. */
  fullPath?: boolean;
  /** Shows a schema field under another form field's name (e.g. `content` under `description`). */
  rename?: Record<string, string>;
}

/**
 * Field name -> its first message, for a failed schema check. The forms show these beside
 * their fields; the API sends them as `fields` in its 400 answer (server/lib/http-errors.ts).
 */
export function fieldErrors(error: z.ZodError, options: FieldErrorOptions = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = (options.fullPath ? issue.path.join(".") : String(issue.path[0] ?? "")) || FORM_KEY;
    out[options.rename?.[key] ?? key] ??= issue.message;
  }
  return out;
}

/** One line naming each failed field and its message, for the top of an error answer. */
export function summarizeFieldErrors(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([field, message]) => (field === FORM_KEY ? message : `${field}: ${message}`))
    .join("; ");
}

import type { Context } from "hono";
import type { ZodError } from "zod";

/** The JSON shape of every API error: `{ error }`, plus the fields at fault where known. */
export interface ApiError {
  error: string;
  fields?: Record<string, string>;
}

export function zodErrorBody(error: ZodError): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    fields[key] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .map(([field, message]) => (field === "body" ? message : `${field}: ${message}`))
    .join("; ");
  return { error: `Invalid request: ${summary}`, fields };
}

export const jsonError = <S extends 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503>(
  c: Context,
  status: S,
  error: string,
) => c.json({ error } satisfies ApiError, status);

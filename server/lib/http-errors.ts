import type { Context } from "hono";
import type { ZodError } from "zod";
import { fieldErrors, summarizeFieldErrors } from "~/lib/validation";

/** The JSON shape of every API error: `{ error }`, plus the fields at fault where known. */
export interface ApiError {
  error: string;
  fields?: Record<string, string>;
}

/**
 * The one way a failed validation becomes an answer: `error` names every failed field and
 * its message, `fields` maps each field (by its whole path) to its first message. The
 * admin API sends it as it is; the public forms wrap it in their `{ success: false }` shape
 * with their own lead-in (server/api/leads/public-write.ts).
 */
export function validationErrorBody(error: ZodError, leadIn = "Invalid request:"): ApiError {
  const fields = fieldErrors(error, { fullPath: true });
  return { error: `${leadIn} ${summarizeFieldErrors(fields)}`, fields };
}

export const jsonError = <S extends 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503>(
  c: Context,
  status: S,
  error: string,
) => c.json({ error } satisfies ApiError, status);

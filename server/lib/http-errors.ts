import type { Context } from "hono";
import type { ZodError } from "zod";
import { site } from "~/config/site";
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
 * with their own lead-in (server/lib/public-write.ts).
 */
export function validationErrorBody(error: ZodError, leadIn = "Invalid request:"): ApiError {
  const fields = fieldErrors(error, { fullPath: true });
  return { error: `${leadIn} ${summarizeFieldErrors(fields)}`, fields };
}

export const jsonError = <S extends 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503>(
  c: Context,
  status: S,
  error: string,
) => c.json({ error } satisfies ApiError, status);

/**
 * The answer while the database cannot be reached (server/db/unavailable.ts): the public forms'
 * `{ success: false, error }` shape, which every other caller reads as `{ error }`. The text says
 * what to do next, with the business phone for a visitor who cannot wait.
 */
export function databaseUnavailableBody(method: string): ApiError & { success: false } {
  const what = method === "GET" || method === "HEAD" ? "load this" : "save this";
  return {
    success: false,
    error: `We couldn't ${what} just now. Please try again in a minute, or call ${site.phone.display}.`,
  };
}

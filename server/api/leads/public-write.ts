import type { Context } from "hono";
import type { ZodError, ZodType } from "zod";
import { site } from "~/config/site";
import { HONEYPOT_FIELD } from "~/lib/forms/fields";
import type { AppEnv } from "../../lib/app-env";
import { validationErrorBody } from "../../lib/http-errors";
import { clientIp } from "../../lib/client-ip";
import { hitRateLimit } from "../../services/rate-limit";

/**
 * What every public write shares (ARCHITECTURE.md "Where the specs are
 * bettered"): a JSON or plain-form body, a honeypot, a per-address rate limit,
 * and errors as `{ success: false, error, fields }` that say what to do next.
 */
export interface PublicWriteError {
  success: false;
  error: string;
  fields?: Record<string, string>;
}

export type Body = { data: Record<string, unknown>; isForm: boolean };

export async function readBody(c: Context<AppEnv>): Promise<Body | PublicWriteError> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const data: unknown = await c.req.json();
      if (typeof data !== "object" || data === null || Array.isArray(data))
        return { success: false, error: "The request body must be a JSON object" };
      return { data: data as Record<string, unknown>, isForm: false };
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await c.req.parseBody();
      const data = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string"));
      return { data, isForm: true };
    }
  } catch {
    return { success: false, error: "The request body is not valid JSON" };
  }
  return { success: false, error: "Send the form as JSON (Content-Type: application/json) or as a form post" };
}

/** The public forms' spec shape around the API's one validation answer. */
export const validationError = (error: ZodError): PublicWriteError => ({
  success: false,
  ...validationErrorBody(error, "Please check the form."),
});

export const SPAM_ERROR: PublicWriteError = {
  success: false,
  error: `This looked automated, so it was not sent. If you're a person, please e-mail ${site.email} or call ${site.phone.display}.`,
};

export const honeypotFilled = (data: Record<string, unknown>) =>
  typeof data[HONEYPOT_FIELD] === "string" && data[HONEYPOT_FIELD].trim() !== "";

/** Counts a write from this address to this form; answers the 429 error when over the limit. */
export async function checkRateLimit(
  c: Context<AppEnv>,
  form: string,
  limit = c.var.deps.env.PUBLIC_FORM_LIMIT,
): Promise<PublicWriteError | undefined> {
  const { env, db } = c.var.deps;
  const key = `${form}:${clientIp(c, env.TRUST_PROXY)}`;
  const result = await hitRateLimit(db, key, limit, env.RATE_LIMIT_WINDOW_MINUTES * 60_000);
  if (result.allowed) return undefined;
  c.header("Retry-After", String(result.retryAfterSeconds));
  const minutes = Math.ceil(result.retryAfterSeconds / 60);
  return {
    success: false,
    error: `Too many messages from your connection. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or e-mail ${site.email}.`,
  };
}

/** Why a public write was turned away: the contact form's plain-form path maps it to an error code. */
export type RefusalReason = "unreadable" | "invalid" | "spam" | "rate_limited";

export type Screened<T> =
  | { ok: true; input: T; body: Body }
  | { ok: false; reason: RefusalReason; error: PublicWriteError; status: 400 | 429; body?: Body };

/**
 * The steps every public write takes, in this order: read the body, validate it (plus an
 * optional check of the valid input), the honeypot, then the per-address rate limit, so
 * a mistyped form never uses up the visitor's allowance.
 */
export async function screenPublicWrite<T>(
  c: Context<AppEnv>,
  schema: ZodType<T>,
  form: string,
  check?: (input: T) => PublicWriteError | undefined,
): Promise<Screened<T>> {
  const body = await readBody(c);
  if ("success" in body) return { ok: false, reason: "unreadable", error: body, status: 400 };
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) return { ok: false, reason: "invalid", error: validationError(parsed.error), status: 400, body };
  const refused = check?.(parsed.data);
  if (refused) return { ok: false, reason: "invalid", error: refused, status: 400, body };
  if (honeypotFilled(body.data)) return { ok: false, reason: "spam", error: SPAM_ERROR, status: 400, body };
  const limited = await checkRateLimit(c, form);
  if (limited) return { ok: false, reason: "rate_limited", error: limited, status: 429, body };
  return { ok: true, input: parsed.data, body };
}

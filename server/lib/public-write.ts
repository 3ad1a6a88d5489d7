import type { Context, MiddlewareHandler } from "hono";
import type { ZodError } from "zod";
import { site } from "~/config/site";
import type { PublicFormError } from "~/contracts/intake";
import { HONEYPOT_FIELD } from "~/contracts/form-options";
import type { AppEnv } from "./app-env";
import { validationErrorBody } from "./http-errors";
import { clientIp } from "./client-ip";
import { hitRateLimit } from "../services/rate-limit";

/**
 * What every public write shares (docs/product/architecture.md
 * "Security defaults", docs/product/lead-paths.md "Spam guards and limits"): a
 * JSON or plain-form body, a honeypot, a per-address rate limit, and errors as
 * `{ success: false, error, fields }` (PublicFormErrorSchema) that say what to
 * do next.
 *
 * The steps, in this order, so a mistyped form never uses up the visitor's allowance:
 * 1. `publicBody`, the route's first middleware: the body is a JSON object (or a form post
 *    where the route takes one), else 400.
 * 2. The route's own schema check (app.openapi), whose hook answers a failure with
 *    `validationError` (the contact form's plain post: a redirect back).
 * 3. `screenValidInput` in the handler: the route's own check of the valid input, the
 *    honeypot, then the rate limit.
 */
export type PublicWriteError = PublicFormError;

export type Body = { data: Record<string, unknown>; isForm: boolean };

/** The body kinds a route takes: JSON from the pages, and for the contact form also a plain form post. */
export type BodyKinds = "json" | "json-or-form";

const isFormType = (type: string) =>
  type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data");

/** A plain (no-JavaScript) form post rather than JSON. */
export const isFormPost = (c: Context<AppEnv>) => isFormType(c.req.header("content-type") ?? "");

export async function readBody(
  c: Context<AppEnv>,
  kinds: BodyKinds = "json-or-form",
): Promise<Body | PublicWriteError> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const data: unknown = await c.req.json();
      if (typeof data !== "object" || data === null || Array.isArray(data))
        return { success: false, error: "The request body must be a JSON object" };
      return { data: data as Record<string, unknown>, isForm: false };
    }
    if (kinds === "json-or-form" && isFormType(type)) {
      const form = await c.req.parseBody();
      const data = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string"));
      return { data, isForm: true };
    }
  } catch {
    return { success: false, error: "The request body is not valid JSON" };
  }
  return {
    success: false,
    error:
      kinds === "json-or-form"
        ? "Send the form as JSON (Content-Type: application/json) or as a form post"
        : "Send the form as JSON (Content-Type: application/json)",
  };
}

/**
 * Step 1, before the route's schema check: a body that cannot be read is refused with the
 * public forms' 400. Hono keeps the body it read, so the route's validator reads it again
 * without a second parse.
 */
export const publicBody =
  (kinds: BodyKinds): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const body = await readBody(c, kinds);
    if ("success" in body) return c.json(body, 400);
    await next();
  };

/**
 * The public forms' refusal shape (docs/product/lead-paths.md "The calls") around the API's one
 * validation answer.
 */
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

/** What was limited, in the visitor's words, for the writes that are not a form's message. */
const LIMITED: Record<string, string> = {
  "portal-lookup": "project lookups",
  "inquiry-create": "chats started",
};

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
    error: `Too many ${LIMITED[form] ?? "messages"} from your connection. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or e-mail ${site.email}.`,
  };
}

/** Why a public write was turned away: the contact form's plain-form path maps it to an error code. */
export type RefusalReason = "invalid" | "spam" | "rate_limited" | "unavailable";

export type Refusal = { reason: RefusalReason; error: PublicWriteError; status: 400 | 429 };

/**
 * Step 3, for input that passed the route's schema: the route's own check of it (e.g. a
 * site on the claim list), the honeypot, then the per-address rate limit. Undefined when
 * the write may go ahead.
 */
export async function screenValidInput<T extends Record<string, unknown>>(
  c: Context<AppEnv>,
  input: T,
  form: string,
  check?: (input: T) => PublicWriteError | undefined,
): Promise<Refusal | undefined> {
  const refused = check?.(input);
  if (refused) return { reason: "invalid", error: refused, status: 400 };
  if (honeypotFilled(input)) return { reason: "spam", error: SPAM_ERROR, status: 400 };
  const limited = await checkRateLimit(c, form);
  if (limited) return { reason: "rate_limited", error: limited, status: 429 };
  return undefined;
}

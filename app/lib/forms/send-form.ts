import type { AnswerOf, BodyOf } from "~/contracts/endpoint";
import type { FormEndpoint, PostResult } from "~/components/site/forms/form-request";
import { callResult, type CallOptions } from "~/lib/api/call";

/**
 * Sends a public form to its endpoint. Loaded with the form's endpoint when the visitor starts
 * on the form (use-json-form.tsx `lazyEndpoint`), so the API call is not in the page's first
 * load either. Success needs HTTP OK AND an answer the endpoint's schema accepts
 * (`success: true`, docs/product/lead-paths.md "Validation"); anything else (a non-OK status, a body without the
 * flag, a page that isn't JSON, a network failure) comes back as a failure with the server's
 * `error` text and field messages when it gave them.
 */
export async function sendForm<E extends FormEndpoint>(
  endpoint: E,
  /** The values as typed (with the honeypot and the attribution), checked by the page before. */
  body: Record<string, unknown>,
): Promise<PostResult<AnswerOf<E>>> {
  const result = await callResult(endpoint, { body: body as BodyOf<E> } as CallOptions<E>);
  return result.ok ? { ok: true, body: result.data } : { ...result, fields: result.fields ?? {} };
}

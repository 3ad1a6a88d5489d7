import type { z } from "zod";
import type { EndpointShape } from "~/contracts/endpoint";

/**
 * Reading a form and what sending it gives, shared by the public forms (start-project, contact,
 * claim); the sending itself is app/lib/forms/send-form.ts, loaded on demand. No JSX: helpers
 * beside the field components.
 */

/** Every named text field of a form, as strings (files are skipped). */
export function readForm(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/**
 * A public form's endpoint: a JSON body, answered `{ success: true, ... }`
 * (docs/product/lead-paths.md "The calls").
 */
export type FormEndpoint = EndpointShape & { body: z.ZodType; answer: z.ZodType<{ success: true }> };

/** What came back: the answer, checked with the endpoint's answer schema, or why not. */
export type PostResult<T> =
  | { ok: true; body: T }
  | { ok: false; network: boolean; status?: number; error?: string; fields: Record<string, string> };

import type { z } from "zod";
import { failedAnswer } from "~/lib/forms/failed-answer";

/**
 * Reading a form and sending it as JSON, shared by the public forms
 * (start-project, contact, claim). No JSX: helpers beside the field components.
 */

/** Every named text field of a form, as strings (files are skipped). */
export function readForm(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/** What came back: the answer, checked with the route's success schema, or why not. */
export type PostResult<T> =
  | { ok: true; body: T }
  | { ok: false; network: boolean; status?: number; error?: string; fields: Record<string, string> };

/**
 * POST a JSON body. Success needs HTTP OK AND an answer the route's success schema
 * accepts (`success: true`, public-site spec 5); anything else (a non-OK status, a body
 * without the flag, a page that isn't JSON, a network failure) comes back as a failure
 * with the server's `error` text and field messages when it gave them.
 */
export async function postJson<S extends z.ZodType<{ success: true }>>(
  url: string,
  body: unknown,
  answerSchema: S,
): Promise<PostResult<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, network: true, fields: {} };
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    answer = undefined;
  }
  const sent = answerSchema.safeParse(answer);
  if (response.ok && sent.success) return { ok: true, body: sent.data };
  const { error, fields } = failedAnswer(answer);
  return {
    ok: false,
    network: false,
    status: response.status,
    error: error ? error.slice(0, 300) : undefined,
    fields: fields ?? {},
  };
}

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

/** What came back: the parsed answer when it was OK with a success flag, otherwise why not. */
export type PostResult<T> =
  | { ok: true; body: T }
  | { ok: false; network: boolean; status?: number; error?: string; fields: Record<string, string> };

interface ApiAnswer {
  success?: boolean;
  error?: unknown;
  fields?: unknown;
}

function stringFields(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) if (typeof message === "string") out[key] = message;
  return out;
}

/**
 * POST a JSON body. Success needs HTTP OK AND `success: true` (public-site
 * spec 5); anything else (a non-OK status, a body without the flag, a page
 * that isn't JSON, a network failure) comes back as a failure with the
 * server's `error` text and field messages when it gave them.
 */
export async function postJson<T extends ApiAnswer>(url: string, body: unknown): Promise<PostResult<T>> {
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
  let answer: T | undefined;
  try {
    answer = (await response.json()) as T;
  } catch {
    answer = undefined;
  }
  if (response.ok && answer?.success === true) return { ok: true, body: answer };
  return {
    ok: false,
    network: false,
    status: response.status,
    error: typeof answer?.error === "string" && answer.error ? answer.error.slice(0, 300) : undefined,
    fields: stringFields(answer?.fields),
  };
}

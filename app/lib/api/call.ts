import {
  fillPath,
  type AnswerOf,
  type BodyOf,
  type EndpointShape,
  type ParamsOf,
  type QueryOf,
} from "~/contracts/endpoint";

/**
 * The browser's one way to call the API: `call(endpoint, { params, query, body })` with an
 * endpoint descriptor from app/contracts/. The path is filled from the descriptor, the body is
 * typed from its input schema and the answer from its output schema, and the answer is checked
 * against that schema at run time. Every failure is an ApiError. This module holds no schema
 * itself: a public page that imports its descriptor lazily keeps Zod out of its first load.
 */
export { ApiError, errorMessage } from "./api-error";
import { ApiError } from "./api-error";
import { TOO_MANY_REQUESTS, waitMessage } from "./wait";

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

export type CallOptions<E extends EndpointShape> = Part<"params", ParamsOf<E>> &
  ([QueryOf<E>] extends [undefined] ? { query?: undefined } : { query?: QueryOf<E> }) &
  Part<"body", BodyOf<E>> & {
    /** The admin's or the client's session token, sent as `Authorization: Bearer`. */
    token?: string | null;
    /** Told when the answer is 401 (the admin shell signs out). */
    onUnauthorized?: () => void;
    /** Names the action in messages when the server gives none ("The note could not be saved"). */
    fallbackError?: string;
    /**
     * How a refusal (a 4xx or 5xx, a 429 included) reads when the server sent no words of its own:
     * call()'s sentence unless said; `"action"`: `fallbackError` alone, the admin screens' texts
     * ("Failed to send the quote", docs/product/projects.md "Errors"); `"action-and-status"`: it
     * and the status, the portal discussion's ("The message was not sent (500)"). The server's own
     * words, a lost connection and an answer not as expected read the same either way.
     */
    refusalWords?: "action" | "action-and-status";
    signal?: AbortSignal;
  };

/** What `callResult()` gives: the answer, or why not. */
export type CallResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** No answer came (offline, the server unreachable, the call cancelled). */
      network: boolean;
      status?: number;
      /** The server's own words, when it sent any: the screen words the failure otherwise. */
      error?: string;
      fields?: Record<string, string>;
    };

/** The most of the server's own words a result carries to the screen. */
export const SERVER_WORDS_SHOWN = 300;

/** The query string of `query`: undefined and null left out, arrays as repeated keys. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * The form of a multipart endpoint's body (an upload): a file goes as itself, every other field
 * as text; undefined and null are left out. An XMLHttpRequest that reports progress sends it too.
 */
export function formDataOf<E extends EndpointShape>(_endpoint: E, body: BodyOf<E>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

/** The address an endpoint is reached at with these parameters (also for links and downloads). */
export function urlOf<E extends EndpointShape>(
  endpoint: E,
  options: { params?: ParamsOf<E>; query?: QueryOf<E> } = {},
): string {
  return (
    fillPath(endpoint.path, options.params as Record<string, unknown> | undefined) +
    queryString(options.query as Record<string, unknown> | undefined)
  );
}

/** A refusal's message when the server sent no words: see `refusalWords`. */
function refusalFallback(res: Response, action: string, words: CallOptions<EndpointShape>["refusalWords"]): string {
  if (words === "action" && res.status >= 400) return action;
  if (words === "action-and-status" && res.status >= 400) return `${action} (${res.status})`;
  if (res.status === TOO_MANY_REQUESTS) return waitMessage(res.headers.get("Retry-After"));
  return `${action} (the server answered ${res.status}). Try again.`;
}

export async function call<E extends EndpointShape>(endpoint: E, options: CallOptions<E>): Promise<AnswerOf<E>> {
  const action = options.fallbackError ?? "The request failed";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const multipart = endpoint.bodyType === "multipart";
  // A form's Content-Type (with its boundary) is set by fetch itself.
  if (options.body !== undefined && !multipart) headers["Content-Type"] = "application/json";
  const url = urlOf(endpoint, options as { params?: ParamsOf<E>; query?: QueryOf<E> });
  let res: Response;
  try {
    res = await fetch(url, {
      method: endpoint.method.toUpperCase(),
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? formDataOf(endpoint, options.body as BodyOf<E>)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, `${action}: the server could not be reached. Check your connection and try again.`);
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (res.status === 401) options.onUnauthorized?.();
  if (!res.ok) {
    const body = (data && typeof data === "object" ? data : {}) as { error?: unknown; fields?: unknown };
    const message = typeof body.error === "string" && body.error ? body.error.slice(0, 500) : undefined;
    const fields = body.fields && typeof body.fields === "object" ? (body.fields as Record<string, string>) : undefined;
    throw new ApiError(
      res.status,
      message ?? refusalFallback(res, action, options.refusalWords),
      fields,
      message,
      data,
    );
  }
  const parsed = endpoint.answer.safeParse(data);
  if (parsed.success) return parsed.data as AnswerOf<E>;
  console.error(`Unexpected answer from ${endpoint.method.toUpperCase()} ${endpoint.path}`, parsed.error.issues);
  throw new ApiError(
    res.status,
    `${action}: the server's answer was not what this page expects. Reload the page and try again.`,
  );
}

/**
 * call() as a result instead of a throw, for screens that word each outcome themselves (the
 * portal, the public forms): a refusal carries its status, the server's own words when it sent
 * any and its field messages; no answer at all, or a call that could not be made, is `network`.
 */
export async function callResult<E extends EndpointShape>(
  endpoint: E,
  options: CallOptions<E>,
): Promise<CallResult<AnswerOf<E>>> {
  try {
    return { ok: true, data: await call(endpoint, options) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) return { ok: false, network: true };
    return {
      ok: false,
      network: false,
      status: error.status,
      error: error.serverMessage?.slice(0, SERVER_WORDS_SHOWN),
      fields: error.fields,
    };
  }
}

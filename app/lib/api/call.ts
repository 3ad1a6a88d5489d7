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
    signal?: AbortSignal;
  };

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
    const fallback =
      res.status === TOO_MANY_REQUESTS
        ? waitMessage(res.headers.get("Retry-After"))
        : `${action} (the server answered ${res.status}). Try again.`;
    throw new ApiError(res.status, message ?? fallback, fields, message);
  }
  const parsed = endpoint.answer.safeParse(data);
  if (parsed.success) return parsed.data as AnswerOf<E>;
  console.error(`Unexpected answer from ${endpoint.method.toUpperCase()} ${endpoint.path}`, parsed.error.issues);
  throw new ApiError(
    res.status,
    `${action}: the server's answer was not what this page expects. Reload the page and try again.`,
  );
}

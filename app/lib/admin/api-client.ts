import type { z } from "zod";
import { clearToken, readToken, SIGNED_OUT_EVENT } from "./session";

/**
 * The admin's typed calls to /api/*: JSON in and out, the bearer token on
 * every call. Each call names the response schema the route declares (the
 * same Zod schema the server's contract uses), and the answer is checked
 * against it, so the data is typed without a cast. A 401 means the session is
 * over: the token is dropped and the shell sends the user to /login. Other
 * errors carry the server's message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** The message to show when the server gives none (back-office spec 8 texts). */
  fallbackError?: string;
  signal?: AbortSignal;
}

export interface TypedRequestOptions<S extends z.ZodType> extends RequestOptions {
  /** The route's 2xx response schema. */
  schema: S;
}

export async function adminApi<S extends z.ZodType>(
  path: string,
  options: TypedRequestOptions<S>,
): Promise<z.output<S>> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(
      0,
      `${options.fallbackError ?? "Request failed"}: the server could not be reached. Check your connection and try again.`,
    );
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (res.status === 401 && !path.startsWith("/api/auth/login")) {
    clearToken();
    window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  }
  if (!res.ok) {
    const body = (data ?? {}) as { error?: string; fields?: Record<string, string> };
    throw new ApiError(
      res.status,
      body.error ?? options.fallbackError ?? `Request failed (${res.status})`,
      body.fields,
    );
  }
  const parsed = options.schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`Unexpected answer from ${path}`, parsed.error.issues);
  throw new ApiError(
    res.status,
    `${options.fallbackError ?? "Request failed"}: the server's answer was not what this page expects. Reload the page and try again.`,
  );
}

export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

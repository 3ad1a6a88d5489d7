import type { z } from "zod";
import { failedAnswer } from "~/lib/forms/failed-answer";
import type { PortalLookupInput } from "./client-portal";

type Schemas = typeof import("./client-portal");
/** The answers' schemas arrive with the first call: the schema library is not part of the page's first load. */
const schemas = (): Promise<Schemas> => import("./client-portal");

/**
 * The portal's calls from the browser (public-site spec 7; decision 017). Each answer is parsed
 * with the route's shared schema; a failure carries the server's `error` text when it sent one.
 * The portal session lives in sessionStorage: it ends with the tab.
 */
const TOKEN_KEY = "client-portal-session";

export function storedPortalToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storePortalToken(token: string) {
  try {
    window.sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage off (private mode): the projects still show; a reload asks again.
  }
}

export function forgetPortalToken() {
  try {
    window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored.
  }
}

export type PortalResult<T> = { ok: true; data: T } | { ok: false; network: boolean; status?: number; error?: string };

async function call<S extends z.ZodType>(
  url: string,
  init: RequestInit,
  pick: (schemas: Schemas) => S,
): Promise<PortalResult<z.output<S>>> {
  let schema: S;
  try {
    schema = pick(await schemas());
  } catch {
    return { ok: false, network: true };
  }
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers } });
  } catch {
    return { ok: false, network: true };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = schema.safeParse(body);
  if (response.ok && parsed.success) return { ok: true, data: parsed.data };
  const { error } = failedAnswer(body);
  return { ok: false, network: false, status: response.status, error: error?.slice(0, 300) };
}

const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

const bearer = (token: string): RequestInit => ({ headers: { Authorization: `Bearer ${token}` } });

/** POST /api/client-portal/lookup */
export const lookupProjects = (input: PortalLookupInput) =>
  call("/api/client-portal/lookup", postJson(input), (m) => m.PortalLookupAnswerSchema);

/** POST /api/client-portal/sign-in: spends the e-mailed link. */
export const signInWithLink = (token: string) =>
  call("/api/client-portal/sign-in", postJson({ token }), (m) => m.PortalSignInAnswerSchema);

/** GET /api/client-portal/projects */
export const loadPortalProjects = (token: string) =>
  call("/api/client-portal/projects", bearer(token), (m) => m.PortalProjectsAnswerSchema);

/** POST /api/client-portal/logout: best effort; the token is forgotten here either way. */
export async function endPortalSession(token: string) {
  forgetPortalToken();
  try {
    await fetch("/api/client-portal/logout", { method: "POST", ...bearer(token) });
  } catch {
    // Offline: the session ends by itself in 14 days.
  }
}

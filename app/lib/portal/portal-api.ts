import type { AnswerOf } from "~/contracts/endpoint";
import type { CallOptions } from "~/lib/api/call";
import type { PortalLookupInput } from "~/contracts/client-portal";
import { PORTAL_SESSION_KEY } from "~/contracts/portal-terms";

type Endpoints = typeof import("~/contracts/client-portal").clientPortalEndpoints;
/** The descriptors and the caller arrive with the first call: neither is part of the page's first load. */
const api = () =>
  Promise.all([import("~/contracts/client-portal"), import("~/lib/api/call")]).then(([contracts, caller]) => ({
    endpoints: contracts.clientPortalEndpoints as Endpoints,
    callResult: caller.callResult,
  }));

/**
 * The portal's calls from the browser (docs/product/client-portal.md "The calls"; decision 017),
 * through call() with the portal session as the token. Each answer is checked against the
 * endpoint's schema; a failure carries the server's `error` text when it sent one. The portal
 * session lives in sessionStorage: it ends with the tab ("Sessions").
 */
const TOKEN_KEY = PORTAL_SESSION_KEY;

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

/**
 * One call as a result for the portal's screens: a refusal carries the server's own text when it
 * sent one (the screen words it otherwise); no answer at all, or a page that could not load the
 * descriptors, is `network`.
 */
async function settle<K extends keyof Endpoints>(
  name: K,
  options: CallOptions<Endpoints[K]>,
): Promise<PortalResult<AnswerOf<Endpoints[K]>>> {
  let loaded: Awaited<ReturnType<typeof api>>;
  try {
    loaded = await api();
  } catch {
    return { ok: false, network: true };
  }
  return loaded.callResult(loaded.endpoints[name], options);
}

/** POST /api/client-portal/lookup */
export const lookupProjects = (input: PortalLookupInput) => settle("lookup", { body: input });

/** POST /api/client-portal/sign-in: spends the e-mailed link. */
export const signInWithLink = (token: string) => settle("signIn", { body: { token } });

/** GET /api/client-portal/projects */
export const loadPortalProjects = (token: string) => settle("listProjects", { token });

/** POST /api/client-portal/logout: best effort; the token is forgotten here either way (offline, it ends by itself in 14 days). */
export async function endPortalSession(token: string) {
  forgetPortalToken();
  await settle("logout", { token });
}

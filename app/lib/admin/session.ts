/**
 * The admin's sign-in token (docs/product/admin-sign-in.md "Sessions"): kept in local storage under
 * an auth-token key and sent as a bearer header on every admin call.
 */
export const AUTH_TOKEN_KEY = "auth-token";
/** Fired on window when the token is found invalid, so every screen can send the user to /login. */
export const SIGNED_OUT_EVENT = "admin-signed-out";

/** The signed-in admin: its schema is in ./auth (AdminUserSchema). */
export type { AdminUser } from "~/contracts/auth";

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, token);
}

export function clearToken() {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}

/** Only paths inside the admin may be returned to after sign-in (no open redirect). */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith("/admin") || from.startsWith("//")) return "/admin";
  return from;
}

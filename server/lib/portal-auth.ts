import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { bearerToken } from "./bearer-token";
import { portalAccessOf, type PortalAccess } from "../services/portal-access";

/**
 * The portal session behind a request (decision 017): `Authorization: Bearer <portal token>`,
 * as the lookup by Project ID or the e-mailed sign-in link gave it. Null without a valid one.
 * A portal route has it already, from its access step (server/lib/access-step.ts).
 */
export async function portalAccessOfRequest(c: Context<AppEnv>): Promise<PortalAccess | null> {
  if (c.var.portalAccess) return c.var.portalAccess;
  const token = bearerToken(c.req.header("authorization"));
  // No portal token is this long: it is refused without a lookup.
  return token && token.length <= 200 ? portalAccessOf(c.var.deps.db, token) : null;
}

export const PORTAL_SIGN_IN_REQUIRED =
  "Your portal session has ended or is missing: look up your project again by its Project ID or your e-mail address.";
export const PORTAL_NOT_YOURS =
  "This project is not among the projects you opened: look it up by its Project ID, or sign in with the e-mail address on it.";

import type { MiddlewareHandler } from "hono";
import type { Access } from "~/contracts/endpoint";
import type { AppEnv } from "./app-env";
import { bearerToken } from "./bearer-token";
import { jsonError } from "./http-errors";
import { PORTAL_SIGN_IN_REQUIRED, portalAccessOfRequest } from "./portal-auth";
import { verifyAdminToken } from "../services/admin-sessions";

/**
 * Who may call, enforced from the endpoint's descriptor (app/contracts/endpoint.ts `access`):
 * routeOf installs this step on every route, so a handler that forgets its gate is still closed.
 * The handler keeps only the record's check (is this project the client's?).
 *
 * - `admin`: a valid admin token (the /api/admin/* guard has usually checked it already).
 * - `portal`: a valid portal session, put on the context as `portalAccess`.
 * - `project`: either of them (the project's comments); which project is the handler's check.
 *
 * 401 otherwise, with the realm the caller should sign in to.
 */
export const ADMIN_SIGN_IN_REQUIRED = "Sign in required: send a valid admin token as 'Authorization: Bearer <token>'";

export function accessStep(access: Access): MiddlewareHandler<AppEnv> | undefined {
  if (access === "public") return undefined;
  return async (c, next) => {
    if (access === "admin" || access === "project") {
      const admin = c.var.admin ?? (await verifyAdminToken(c.var.deps.db, bearerToken(c.req.header("authorization"))));
      if (admin) {
        c.set("admin", admin);
        return next();
      }
      if (access === "admin") {
        c.header("WWW-Authenticate", 'Bearer realm="admin"');
        return jsonError(c, 401, ADMIN_SIGN_IN_REQUIRED);
      }
    }
    const portal = await portalAccessOfRequest(c);
    if (!portal) {
      c.header("WWW-Authenticate", 'Bearer realm="client-portal"');
      // The portal's answers carry `success` (its pages read it); every other caller reads `error`.
      return c.json({ success: false as const, error: PORTAL_SIGN_IN_REQUIRED }, 401);
    }
    c.set("portalAccess", portal);
    return next();
  };
}

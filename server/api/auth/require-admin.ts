import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/app-env";
import { ADMIN_SIGN_IN_REQUIRED } from "../../lib/access-step";
import { jsonError } from "../../lib/http-errors";
import { verifyAdminToken, type AdminIdentity } from "../../services/admin-sessions";
import { bearerToken } from "../../lib/bearer-token";

/** The admin routes' 401 (one text with the access step of server/lib/access-step.ts). */
export const UNAUTHORIZED_MESSAGE = ADMIN_SIGN_IN_REQUIRED;

/** The admin behind the request's bearer token, if any (for routes open to visitors and the owner alike). */
export function adminOf(c: Context<AppEnv>): Promise<AdminIdentity | undefined> {
  return verifyAdminToken(c.var.deps.db, bearerToken(c.req.header("authorization")));
}

/** Guards every /api/admin/* route: 401 without a valid, unexpired, unrevoked token. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const admin = await adminOf(c);
  if (!admin) {
    c.header("WWW-Authenticate", 'Bearer realm="admin"');
    return jsonError(c, 401, UNAUTHORIZED_MESSAGE);
  }
  c.set("admin", admin);
  await next();
};

import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { bearerToken, verifyAdminToken, type AdminIdentity } from "../../services/admin-sessions";

export const UNAUTHORIZED_MESSAGE = "Sign in required: send a valid admin token as 'Authorization: Bearer <token>'";

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

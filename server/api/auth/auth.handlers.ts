import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../app";
import { adminUsers } from "../../db/schema";
import { clientIp } from "../../lib/client-ip";
import { jsonError } from "../../lib/http-errors";
import { bearerToken, createAdminSession, revokeAdminSession, verifyAdminToken } from "../../services/admin-sessions";
import { decoyHash, verifyPassword } from "../../services/passwords";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "../../services/rate-limit";

/**
 * Sign-in (back-office spec 7 "POST /api/auth/login": `{ token, user }`, 401
 * for bad credentials). Failures are counted per address and per account;
 * past the limit both answer 429 with the wait, and the pause ends by itself.
 * An unknown e-mail and a wrong password get the same answer in the same time.
 */
export const INVALID_LOGIN = "Invalid email or password";

const UserSchema = z.object({ id: z.number(), email: z.string(), name: z.string() });
const ErrorSchema = z.object({ error: z.string() });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

export const LoginSchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(254).optional(),
    password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).max(1024),
  })
  .refine((v) => !!(v.email || v.username), { error: "Email is required", path: ["email"] });

const loginRoute = createRoute({
  method: "post",
  path: "/api/auth/login",
  tags: ["Auth"],
  summary: "Sign in with e-mail (or username) and password",
  request: { body: { content: { "application/json": { schema: LoginSchema } }, required: true } },
  responses: {
    200: json(z.object({ token: z.string(), user: UserSchema }), "Signed in: send the token as 'Authorization: Bearer <token>'"),
    400: json(ErrorSchema, "E-mail or password missing"),
    401: json(ErrorSchema, "Invalid email or password"),
    429: json(ErrorSchema, "Too many failed sign-ins; see Retry-After"),
  },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/api/auth/logout",
  tags: ["Auth"],
  summary: "Sign out: the token stops working at once",
  security: [{ bearerAuth: [] }],
  responses: { 200: json(z.object({ success: z.literal(true) }), "Signed out (also when the token was already invalid)") },
});

const meRoute = createRoute({
  method: "get",
  path: "/api/auth/me",
  tags: ["Auth"],
  summary: "The signed-in admin",
  security: [{ bearerAuth: [] }],
  responses: { 200: json(z.object({ user: UserSchema }), "Signed in"), 401: json(ErrorSchema, "No valid token") },
});

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-ins. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
};

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(loginRoute, async (c) => {
    const { db, env } = c.var.deps;
    const input = c.req.valid("json");
    const login = (input.email || input.username || "").toLowerCase();
    const ipKey = `login-ip:${clientIp(c, env.TRUST_PROXY)}`;
    const accountKey = `login-account:${login}`;
    const windowMs = env.LOGIN_WINDOW_MINUTES * 60_000;

    const [byIp, byAccount] = await Promise.all([peekRateLimit(db, ipKey), peekRateLimit(db, accountKey)]);
    const blocked = [byIp, byAccount].filter((r) => r.count >= env.LOGIN_FAILURE_LIMIT);
    if (blocked.length) {
      const wait = Math.max(...blocked.map((r) => r.retryAfterSeconds));
      c.header("Retry-After", String(wait));
      return jsonError(c, 429, waitText(wait));
    }

    const [user] = await db
      .select()
      .from(adminUsers)
      .where(sql`lower(${adminUsers.email}) = ${login}`)
      .limit(1);
    // Unknown accounts are checked against a decoy hash, so both failures take the same time.
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) {
      await Promise.all([
        hitRateLimit(db, ipKey, env.LOGIN_FAILURE_LIMIT, windowMs),
        hitRateLimit(db, accountKey, env.LOGIN_FAILURE_LIMIT, windowMs),
      ]);
      return jsonError(c, 401, INVALID_LOGIN);
    }

    await Promise.all([clearRateLimit(db, ipKey), clearRateLimit(db, accountKey)]);
    const { token } = await createAdminSession(db, user.id, c.req.header("user-agent"));
    await db.update(adminUsers).set({ lastLoginAt: sql`now()` }).where(sql`${adminUsers.id} = ${user.id}`);
    return c.json({ token, user: { id: user.id, email: user.email, name: user.name } }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const admin = await verifyAdminToken(c.var.deps.db, bearerToken(c.req.header("authorization")));
    if (admin) await revokeAdminSession(c.var.deps.db, admin.sessionId);
    return c.json({ success: true as const }, 200);
  });

  app.openapi(meRoute, async (c) => {
    const admin = await verifyAdminToken(c.var.deps.db, bearerToken(c.req.header("authorization")));
    if (!admin) return jsonError(c, 401, "Not signed in");
    return c.json({ user: { id: admin.userId, email: admin.email, name: admin.name } }, 200);
  });
}

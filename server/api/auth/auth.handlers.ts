import type { OpenAPIHono } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../../lib/app-env";
import { findAdminForSignIn, recordAdminSignIn } from "../../services/admin-accounts";
import { clientIp } from "../../lib/client-ip";
import { jsonError } from "../../lib/http-errors";
import { createAdminSession, revokeAdminSession, verifyAdminToken } from "../../services/admin-sessions";
import { bearerToken } from "../../lib/bearer-token";
import { GateFullError, knownDeviceHashGate, passwordHashGate } from "../../services/hash-gate";
import {
  cancelDeviceAttempt,
  DEVICE_COOKIE,
  deviceCookieOptions,
  forgiveDevice,
  issueDeviceCookie,
  recogniseDevice,
} from "../../services/known-devices";
import { writeSignInAlert } from "../../emails/sign-in-alert";
import {
  admitLoginAttempt,
  cancelLoginAttempt,
  countLoginAddresses,
  forgiveLoginAttempts,
} from "../../services/login-throttle";
import { decoyHash, verifyPassword } from "../../services/passwords";
import * as routes from "./auth.routes";

/**
 * Sign-in (docs/product/admin-sign-in.md "The calls": POST /api/auth/login
 * answers `{ token, user }`, 401 for bad credentials; the limits are its
 * "Sign-in limits"). Each attempt is counted before its password is hashed
 * (services/login-throttle.ts): an address past its limit, or an account under
 * a guess from many addresses, answers 429 with the wait, and the pause ends by
 * itself. Hashes run a few at a time; when too many wait, 503 with Retry-After.
 * An unknown e-mail and a wrong password get the same answer in the same time.
 * A browser that signed in to the account before (its known-device cookie,
 * services/known-devices.ts) has its password checked in a lane of its own, so
 * the owner does not wait behind a burst of strangers' attempts.
 */
export const INVALID_LOGIN = "Invalid email or password";

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-ins. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
};
export const BUSY_LOGIN = "Too many sign-ins are being checked right now. Please try again in a moment.";
const BUSY_RETRY_SECONDS = 2;

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.login, async (c) => {
    const { db, env, mailer } = c.var.deps;
    const input = c.req.valid("json");
    const login = (input.email || input.username || "").toLowerCase();
    const limits = {
      perAddress: env.LOGIN_FAILURE_LIMIT,
      perAccount: env.LOGIN_ACCOUNT_FAILURE_LIMIT,
      windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
    };
    const attempt = await admitLoginAttempt(db, login, clientIp(c, env.TRUST_PROXY), limits);

    const findUser = () => findAdminForSignIn(db, login);
    // A refused attempt costs no lookup, unless it raised the alert, which goes to the account's owner.
    const user = attempt.allowed || attempt.tripped ? await findUser() : undefined;
    if (attempt.tripped && user) {
      try {
        const addresses = await countLoginAddresses(db, login);
        await mailer.send(
          writeSignInAlert({
            email: user.email,
            addresses,
            limit: env.LOGIN_ACCOUNT_FAILURE_LIMIT,
            windowMinutes: env.LOGIN_WINDOW_MINUTES,
            siteUrl: env.SITE_URL,
          }),
        );
        c.var.log.warn({ userId: user.id, addresses }, "sign-ins to an account are being slowed");
      } catch (error) {
        c.var.log.error({ err: error }, "the sign-in alert could not be queued");
      }
    }
    if (!attempt.allowed) {
      c.header("Retry-After", String(attempt.retryAfterSeconds));
      return jsonError(c, 429, waitText(attempt.retryAfterSeconds));
    }

    const cookie = c.req.valid("cookie")[DEVICE_COOKIE];
    const device = user && cookie ? await recogniseDevice(db, cookie, user, limits.windowMs) : undefined;
    let ok: boolean;
    try {
      // Unknown accounts are checked against a decoy hash, so both failures take the same time.
      ok = await verifyPassword(
        input.password,
        user?.passwordHash ?? decoyHash(),
        device?.ownLane ? knownDeviceHashGate : passwordHashGate,
      );
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error;
      await cancelLoginAttempt(db, attempt.keys);
      if (device) await cancelDeviceAttempt(db, device.deviceId);
      c.header("Retry-After", String(BUSY_RETRY_SECONDS));
      return jsonError(c, 503, BUSY_LOGIN);
    }
    if (!user || !ok) return jsonError(c, 401, INVALID_LOGIN);

    await forgiveLoginAttempts(db, attempt.keys);
    if (device) await forgiveDevice(db, device.deviceId);
    const { token } = await createAdminSession(db, user.id, c.req.header("user-agent"));
    await recordAdminSignIn(db, user.id);
    // Renewed on every sign-in, keeping the device (and its count) when the browser was known.
    setCookie(c, DEVICE_COOKIE, await issueDeviceCookie(db, user, device?.deviceId), deviceCookieOptions(env.SITE_URL));
    return c.json({ token, user: { id: user.id, email: user.email, name: user.name } }, 200);
  });

  app.openapi(routes.logout, async (c) => {
    const admin = await verifyAdminToken(c.var.deps.db, bearerToken(c.req.header("authorization")));
    if (admin) await revokeAdminSession(c.var.deps.db, admin.sessionId);
    return c.json({ success: true as const }, 200);
  });

  // Signed in: the route's access step (server/lib/access-step.ts) found the admin, or answered 401.
  app.openapi(routes.me, (c) => {
    const admin = c.var.admin;
    return c.json({ user: { id: admin.userId, email: admin.email, name: admin.name } }, 200);
  });
}

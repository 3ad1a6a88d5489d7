import { z } from "@hono/zod-openapi";
import { authEndpoints as endpoints } from "~/contracts/auth";
import { ErrorSchema, errorResponses, json } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_PATH,
  DEVICE_FAILURE_LIMIT,
  DEVICE_LIFETIME_S,
} from "../../services/known-devices";

/**
 * Sign-in and the session (docs/product/admin-sign-in.md "The calls", "Sessions"). The token goes
 * in `Authorization: Bearer <token>`; /api/auth/me and /api/auth/logout read it there (an absent or
 * invalid one is not a validation failure: me answers 401, logout answers success all the same).
 */

const retryAfter = (description: string, example: number) =>
  z.object({ "Retry-After": z.int().meta({ description, example }) });

/** The known-device cookie (docs/decisions/034): read by the sign-in, set again by each successful one. */
const DeviceCookie = z.object({
  [DEVICE_COOKIE]: z.string().optional().meta({
    description:
      "Set by an earlier successful sign-in on this browser. With a valid one for the account, the password is checked without waiting behind other sign-ins; it never replaces the password. Anything else is ignored.",
  }),
});

const deviceCookieHeader = z.object({
  "Set-Cookie": z.string().meta({
    description: `The known-device cookie \`${DEVICE_COOKIE}\`, renewed on each successful sign-in: names the account, signed by the server, HttpOnly, SameSite=Strict, Path=${DEVICE_COOKIE_PATH}, Secure on an https site, kept ${DEVICE_LIFETIME_S / 86_400} days. A changed password or a new server key makes it count for nothing.`,
    example: `${DEVICE_COOKIE}=1.Vb2kq0yW1u3fZyA7mR4pXw.1798761600.kP3xQe9vR2mT7wYz1aB4cD6fG8hJ0kL5nM9pQ2rS4tU; Max-Age=${DEVICE_LIFETIME_S}; Path=${DEVICE_COOKIE_PATH}; HttpOnly; SameSite=Strict`,
  }),
});

export const login = routeOf(endpoints.login, {
  tags: ["Auth"],
  summary: "Sign in with e-mail (or username) and password",
  description:
    "Each attempt is counted before its password is checked: an address past its limit of failures, or an account under a guess from many addresses, answers 429 until its window ends. An unknown e-mail and a wrong password get the same 401 in the same time. " +
    `A successful sign-in sets the known-device cookie \`${DEVICE_COOKIE}\` (Set-Cookie): a later sign-in to the same account from that browser has its password checked in a lane of its own, not behind a burst of other attempts, until the device fails ${DEVICE_FAILURE_LIMIT} times in the window.`,
  answer: "Signed in: send the token as 'Authorization: Bearer <token>'",
  cookies: DeviceCookie,
  answerHeaders: deviceCookieHeader,
  responses: {
    ...errorResponses([400, 401], {
      400: "E-mail or password missing: `error` names each, `fields` maps each to its message",
      401: "Invalid email or password",
    }),
    429: {
      ...json(ErrorSchema, "Too many failed sign-ins: see Retry-After"),
      headers: retryAfter("Seconds until this address may try again", 540),
    },
    503: {
      ...json(ErrorSchema, "Too many sign-ins being checked at once: try again after Retry-After"),
      headers: retryAfter("Seconds to wait before trying again", 2),
    },
  },
});

export const logout = routeOf(endpoints.logout, {
  tags: ["Auth"],
  summary: "Sign out: the token stops working at once",
  answer: "Signed out (also when the token was already invalid)",
});

export const me = routeOf(endpoints.me, {
  tags: ["Auth"],
  summary: "The signed-in admin",
  answer: "Signed in: the admin the token belongs to",
  responses: errorResponses([401], { 401: "No valid token: sign in again" }),
});

import { createRoute, z } from "@hono/zod-openapi";
import { LoginAnswerSchema, LoginSchema, LogoutAnswerSchema, SessionSchema } from "~/lib/admin/auth";
import { ErrorSchema, errorResponses, json, jsonBody } from "../../lib/openapi";

/**
 * Sign-in and the session (back-office spec 7). The token goes in `Authorization: Bearer
 * <token>`; /api/auth/me and /api/auth/logout read it there (an absent or invalid one is not a
 * validation failure: me answers 401, logout answers success all the same).
 */

const retryAfter = (description: string, example: number) =>
  z.object({ "Retry-After": z.int().meta({ description, example }) });

const security = [{ bearerAuth: [] }];

export const login = createRoute({
  method: "post",
  path: "/api/auth/login",
  tags: ["Auth"],
  summary: "Sign in with e-mail (or username) and password",
  description:
    "Each attempt is counted before its password is checked: an address past its limit of failures, or an account under a guess from many addresses, answers 429 until its window ends. An unknown e-mail and a wrong password get the same 401 in the same time.",
  request: jsonBody(LoginSchema),
  responses: {
    200: json(LoginAnswerSchema, "Signed in: send the token as 'Authorization: Bearer <token>'"),
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

export const logout = createRoute({
  method: "post",
  path: "/api/auth/logout",
  tags: ["Auth"],
  summary: "Sign out: the token stops working at once",
  security,
  responses: {
    200: json(LogoutAnswerSchema, "Signed out (also when the token was already invalid)"),
  },
});

export const me = createRoute({
  method: "get",
  path: "/api/auth/me",
  tags: ["Auth"],
  summary: "The signed-in admin",
  security,
  responses: {
    200: json(SessionSchema, "Signed in: the admin the token belongs to"),
    ...errorResponses([401], { 401: "No valid token: sign in again" }),
  },
});

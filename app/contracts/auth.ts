import { LoginAnswerSchema, LoginSchema, LogoutAnswerSchema, SessionSchema } from "~/lib/admin/auth";
import { endpoint } from "./endpoint";

/**
 * Sign-in and the session (back-office spec 7). The token the sign-in answers goes in
 * `Authorization: Bearer <token>` on every admin call.
 */
export const authEndpoints = {
  /** E-mail (or username) and password; 401, 429 and 503 say why not. */
  login: endpoint({
    method: "post",
    path: "/api/auth/login",
    access: "public",
    body: LoginSchema,
    answer: LoginAnswerSchema,
  }),
  /** The token stops working at once (also answers success for one already invalid). */
  logout: endpoint({
    method: "post",
    path: "/api/auth/logout",
    access: "admin",
    answer: LogoutAnswerSchema,
  }),
  /** The admin the token belongs to; 401 when it is no longer valid. */
  me: endpoint({
    method: "get",
    path: "/api/auth/me",
    access: "admin",
    answer: SessionSchema,
  }),
};

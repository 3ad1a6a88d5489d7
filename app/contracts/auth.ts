import { z } from "~/contracts/zod";
import { endpoint } from "./endpoint";

/**
 * Sign-in and the session (docs/product/admin-sign-in.md "Sessions", "The calls"), shared by the
 * server's contract (app/contracts/auth.ts) and the admin's login and layout screens.
 */

/** The signed-in admin. */
export const AdminUserSchema = z
  .object({
    id: z.int().meta({ example: 1 }),
    email: z.string().meta({ example: "tyler@example.com" }),
    name: z.string().meta({ example: "Tyler Brennan" }),
  })
  .meta({ id: "AdminUser", example: { id: 1, email: "tyler@example.com", name: "Tyler Brennan" } });

export type AdminUser = z.infer<typeof AdminUserSchema>;

/** POST /api/auth/login: the e-mail (or, as the old admin sent it, the username) and the password. */
export const LoginSchema = z
  .object({
    email: z.string().trim().max(254).optional().meta({ example: "tyler@example.com" }),
    username: z
      .string()
      .trim()
      .max(254)
      .optional()
      .meta({ description: "The e-mail under its old name; used when `email` is empty" }),
    password: z
      .string({ error: "Password is required" })
      .min(1, { error: "Password is required" })
      .max(1024, { error: "Password must be at most 1024 characters" })
      .meta({ example: "harbor-lights-2026" }),
  })
  .refine((v) => !!(v.email || v.username), { error: "Email is required", path: ["email"] })
  .meta({ id: "Login", example: { email: "tyler@example.com", password: "harbor-lights-2026" } });

export type LoginInput = z.input<typeof LoginSchema>;

/** The answer of a sign-in: the bearer token and who it belongs to. */
export const LoginAnswerSchema = z
  .object({
    token: z.string().meta({
      description: "Send as 'Authorization: Bearer <token>' on every admin call",
      example: "kP3xQe9vR2mT7wYz1aB4cD6fG8hJ0kL5nM9pQ2rS4tU",
    }),
    user: AdminUserSchema,
  })
  .meta({
    id: "LoginAnswer",
    example: {
      token: "kP3xQe9vR2mT7wYz1aB4cD6fG8hJ0kL5nM9pQ2rS4tU",
      user: { id: 1, email: "tyler@example.com", name: "Tyler Brennan" },
    },
  });

export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** GET /api/auth/me: the admin the token belongs to. */
export const SessionSchema = z
  .object({ user: AdminUserSchema })
  .meta({ id: "AdminSession", example: { user: { id: 1, email: "tyler@example.com", name: "Tyler Brennan" } } });

export type Session = z.infer<typeof SessionSchema>;

/** POST /api/auth/logout: always `{ success: true }`, also for a token that was already invalid. */
export const LogoutAnswerSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "SignedOut", example: { success: true } });

/**
 * Sign-in and the session (docs/product/admin-sign-in.md "The calls", "Sessions"). The token the
 * sign-in answers goes in `Authorization: Bearer <token>` on every admin call.
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
  /**
   * The token it carries stops working at once. Open to anyone: it answers success for a token
   * already invalid, or none, so a sign-out never fails.
   */
  logout: endpoint({
    method: "post",
    path: "/api/auth/logout",
    access: "public",
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

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginAnswerSchema, LogoutAnswerSchema, SessionSchema } from "~/contracts/auth";
import { createTestApp } from "../../../tests/support/app";
import { createAdmin, ensureFirstAdmin, resetAdminPassword } from "../../services/admin-accounts";
import { INVALID_LOGIN } from "./auth.handlers";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let ipCounter = 0;
const freshIp = () => `10.3.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const PASSWORD = "harbor-lights-2026";

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: "true" } });
});
afterAll(() => ctx.close());

async function newAdmin() {
  const email = `owner.${Math.random().toString(36).slice(2)}@example.com`;
  await createAdmin(ctx.db, { email, password: PASSWORD, name: "Tyler Brennan" });
  return email;
}

const login = (body: unknown, ip = freshIp()) =>
  ctx.app.request("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify(body),
  });

describe("POST /api/auth/login", () => {
  it("answers { token, user } for the right e-mail (any case) or username and password", async () => {
    const email = await newAdmin();
    const res = await login({ email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user).toEqual({ id: expect.any(Number), email, name: "Tyler Brennan" });
    const byUsername = await login({ username: email, password: PASSWORD });
    expect(byUsername.status).toBe(200);
    // Only a hash of the token is stored.
    const { rows } = await ctx.db.execute(sql`select token_hash from admin_sessions where token_hash = ${body.token}`);
    expect(rows).toHaveLength(0);
  });

  it("gives the same 401 answer for an unknown e-mail and a wrong password", async () => {
    const email = await newAdmin();
    const unknown = await login({ email: "nobody@example.com", password: PASSWORD });
    const wrong = await login({ email, password: "not-the-password" });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: INVALID_LOGIN });
    expect(await wrong.json()).toEqual({ error: INVALID_LOGIN });
  });

  it("needs both fields (400 naming what is missing)", async () => {
    const noPassword = await login({ email: "a@example.com" });
    expect(noPassword.status).toBe(400);
    expect((await noPassword.json()).error).toContain("Password is required");
    const noEmail = await login({ password: "x" });
    expect(noEmail.status).toBe(400);
    expect((await noEmail.json()).error).toContain("Email is required");
  });

  it("pauses an address after 5 failures with 429 and the wait, even for the right password", async () => {
    const email = await newAdmin();
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await login({ email: `x${i}@example.com`, password: "nope" }, ip)).status).toBe(401);
    const blocked = await login({ email, password: PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await blocked.json()).error).toMatch(/Too many failed sign-ins\. Please wait \d+ minutes? and try again\./);
    // Another address is not affected.
    expect((await login({ email, password: PASSWORD })).status).toBe(200);
  });

  it("pauses an address after 5 failures against an account, not the account; the pause ends with its window", async () => {
    const email = await newAdmin();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login({ email, password: "wrong" }, ip)).status).toBe(401);
    expect((await login({ email, password: PASSWORD }, ip)).status).toBe(429);
    // The owner, from another address, is not locked out.
    expect((await login({ email, password: PASSWORD })).status).toBe(200);
    // Not for good: once the window is over that address signs in again.
    await ctx.db.execute(
      sql`update rate_limits set expires_at = now() - interval '1 second' where key like ${`%${ip}`}`,
    );
    expect((await login({ email, password: PASSWORD }, ip)).status).toBe(200);
  });

  it("a reset password signs the account out everywhere and lifts the pause", async () => {
    const email = await newAdmin();
    const { token } = await (await login({ email, password: PASSWORD })).json();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login({ email, password: "wrong" }, ip);
    expect((await login({ email, password: PASSWORD }, ip)).status).toBe(429);
    await resetAdminPassword(ctx.db, email, "a-brand-new-password");
    const me = await ctx.app.request("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    // The owner can sign in at once, even from the address where the password was mistyped.
    expect((await login({ email, password: "a-brand-new-password" }, ip)).status).toBe(200);
  });
});

describe("sessions", () => {
  it("me answers the user; logout revokes the token at once", async () => {
    const email = await newAdmin();
    const { token } = await (await login({ email, password: PASSWORD })).json();
    const auth = { Authorization: `Bearer ${token}` };
    const me = await ctx.app.request("/api/auth/me", { headers: auth });
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe(email);
    expect((await ctx.app.request("/api/admin/chat-settings", { headers: auth })).status).toBe(200);
    expect((await ctx.app.request("/api/auth/logout", { method: "POST", headers: auth })).status).toBe(200);
    expect((await ctx.app.request("/api/auth/me", { headers: auth })).status).toBe(401);
    expect((await ctx.app.request("/api/admin/chat-settings", { headers: auth })).status).toBe(401);
  });

  it("refuses expired and idle sessions", async () => {
    const email = await newAdmin();
    const a = (await (await login({ email, password: PASSWORD })).json()).token;
    const b = (await (await login({ email, password: PASSWORD })).json()).token;
    const { hashToken } = await import("../../services/admin-sessions");
    await ctx.db.execute(
      sql`update admin_sessions set expires_at = now() - interval '1 minute' where token_hash = ${hashToken(a)}`,
    );
    await ctx.db.execute(
      sql`update admin_sessions set last_used_at = now() - interval '8 days' where token_hash = ${hashToken(b)}`,
    );
    for (const token of [a, b])
      expect((await ctx.app.request("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(
        401,
      );
  });
});

describe("the declared answers", () => {
  it("login, me and logout answer exactly their schemas", async () => {
    const email = await newAdmin();
    const signedIn = LoginAnswerSchema.strict().parse(await (await login({ email, password: PASSWORD })).json());
    expect(signedIn.user.email).toBe(email);
    const auth = { Authorization: `Bearer ${signedIn.token}` };
    const me = SessionSchema.strict().parse(await (await ctx.app.request("/api/auth/me", { headers: auth })).json());
    expect(me.user).toEqual(signedIn.user);
    const out = await ctx.app.request("/api/auth/logout", { method: "POST", headers: auth });
    expect(LogoutAnswerSchema.strict().parse(await out.json())).toEqual({ success: true });
  });
});

describe("the first admin", () => {
  it("is created only when there is none", async () => {
    const fresh = await createTestApp();
    try {
      const env = { ...fresh.env, ADMIN_EMAIL: "first@example.com", ADMIN_PASSWORD: "first-password-1" };
      await ensureFirstAdmin(fresh.db, env);
      await ensureFirstAdmin(fresh.db, { ...env, ADMIN_EMAIL: "second@example.com" });
      const { rows } = await fresh.db.execute(sql`select email from admin_users`);
      expect(rows.map((r) => r.email)).toEqual(["first@example.com"]);
    } finally {
      await fresh.close();
    }
  });
});

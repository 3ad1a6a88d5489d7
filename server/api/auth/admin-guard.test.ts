import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { hashToken, revokeAdminSession } from "../../services/admin-sessions";

/**
 * Every admin route, read from the app's own route table (the OpenAPI
 * document every route is registered in), refuses a missing, unknown,
 * expired or revoked token. A new admin route is covered without editing this.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let routes: { method: string; path: string }[];
const tokens: Record<string, string | undefined> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const doc = await (await ctx.app.request("/api/openapi.json")).json();
  routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith("/api/admin") || path.startsWith("/api/migrate"))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "1") })),
    );
  // The guard also covers paths that no route answers.
  routes.push({ method: "GET", path: "/api/admin/not-a-route" });

  const expired = await createAdminToken(ctx.db);
  await ctx.db.execute(
    sql`update admin_sessions set expires_at = now() - interval '1 second' where token_hash = ${hashToken(expired.token)}`,
  );
  const idle = await createAdminToken(ctx.db);
  await ctx.db.execute(
    sql`update admin_sessions set last_used_at = now() - interval '30 days' where token_hash = ${hashToken(idle.token)}`,
  );
  const revoked = await createAdminToken(ctx.db);
  const [session] = (
    await ctx.db.execute(sql`select id from admin_sessions where token_hash = ${hashToken(revoked.token)}`)
  ).rows;
  await revokeAdminSession(ctx.db, Number(session!.id));
  Object.assign(tokens, {
    missing: undefined,
    unknown: "x".repeat(43),
    expired: expired.token,
    idle: idle.token,
    revoked: revoked.token,
  });
});
afterAll(() => ctx.close());

describe("the admin API", () => {
  it("has the routes this check walks", () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: "GET", path: "/api/admin/contacts" },
        { method: "PUT", path: "/api/admin/chat-settings" },
      ]),
    );
  });

  it.each(["missing", "unknown", "expired", "idle", "revoked"])(
    "refuses a %s token on every route with 401",
    async (kind) => {
      const failures: string[] = [];
      for (const { method, path } of routes) {
        const token = tokens[kind];
        const res = await ctx.app.request(path, {
          method,
          headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: method === "GET" || method === "HEAD" ? undefined : "{}",
        });
        if (res.status !== 401) failures.push(`${method} ${path} -> ${res.status}`);
        else expect((await res.json()).error).toContain("Sign in required");
      }
      expect(failures).toEqual([]);
    },
  );

  it("lets a valid token through", async () => {
    const { auth } = await createAdminToken(ctx.db);
    expect((await ctx.app.request("/api/admin/contacts", { headers: auth })).status).toBe(200);
  });
});

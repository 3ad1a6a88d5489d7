import { afterAll, describe, expect, it } from "vitest";
import { createAdminToken } from "../support/admin";
import { createTestApp } from "../support/app";
import { createAdmin } from "../../server/services/admin-accounts";
import { createProjectForContact, upsertLeadContact } from "../../server/services/intake/leads";
import { retryOnUniqueViolation } from "../../server/db/tx";

/**
 * No browser or proxy keeps an /api/ answer (docs/product/architecture.md "Security defaults"):
 * every answer kind is `no-store` (a handler's `private, no-store` counts), except the public
 * reads answered from memory with an ETag. This walks the app's own /api/openapi.json, so a route
 * added later is checked without editing this file: each operation is called without a token
 * (401, 400 or a public answer) and each read again as the owner (mostly 200 or 404).
 */
const ctx = await createTestApp({ env: { TRUST_PROXY: "true" } });
afterAll(() => ctx.close());

type Operation = { parameters?: { name: string; in: string; example?: unknown; schema?: { example?: unknown } }[] };
const doc = (await (await ctx.app.request("/api/openapi.json")).json()) as {
  paths: Record<string, Record<string, Operation>>;
};
const METHODS = ["get", "post", "put", "patch", "delete"];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ method: method.toUpperCase(), path, op, name: `${method.toUpperCase()} ${path}` })),
);

/** The public cached reads: served from memory with an ETag, revalidated on every use. */
const PUBLIC_CACHED = new Set([
  "GET /api/posts",
  "GET /api/posts/{slug}",
  "GET /api/chat-settings",
  "GET /api/media/{mediaId}",
  "GET /api/reviews",
]);

let ip = 0;
const freshIp = () => `10.38.${Math.floor(++ip / 250)}.${ip % 250}`;

/** The operation's path with each parameter set to its documented example. */
function urlOf(path: string, op: Operation) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const p = op.parameters?.find((x) => x.in === "path" && x.name === name);
    return encodeURIComponent(String(p?.example ?? p?.schema?.example ?? "1"));
  });
}

function call(method: string, url: string, init: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { "X-Forwarded-For": freshIp() };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const write = method !== "GET" && method !== "DELETE";
  if (write) headers["Content-Type"] = "application/json";
  return ctx.app.request(url, {
    method,
    headers,
    body: write ? JSON.stringify(init.body ?? {}) : undefined,
  });
}

/** What is wrong with this answer's Cache-Control, or nothing. */
function wrongCaching(name: string, res: Response): string[] {
  const value = res.headers.get("cache-control");
  const publicRead = PUBLIC_CACHED.has(name) && (res.status === 200 || res.status === 304);
  if (publicRead) return value && !/no-store/.test(value) ? [] : [`${name} ${res.status}: ${value} (public read)`];
  return value && /(^|,\s*)no-store(\s*,|$)/.test(value) ? [] : [`${name} ${res.status}: ${value}`];
}

describe("Cache-Control on every /api/ answer", () => {
  it("walks more than the routes the app had when this was written", () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it("is no-store on every answer to a caller without a token", async () => {
    const wrong: string[] = [];
    const statuses = new Set<number>();
    for (const { method, path, op, name } of operations) {
      const res = await call(method, urlOf(path, op));
      await res.arrayBuffer();
      statuses.add(res.status);
      wrong.push(...wrongCaching(name, res));
    }
    expect(wrong).toEqual([]);
    // Errors of every kind were among them.
    expect([...statuses].filter((s) => s >= 400)).toEqual(expect.arrayContaining([400, 401, 404]));
  });

  it("is no-store on every signed-in read (lists, CSVs, the dashboard, PDFs)", async () => {
    const { token } = await createAdminToken(ctx.db);
    const wrong: string[] = [];
    const statuses = new Set<number>();
    for (const { method, path, op, name } of operations.filter((o) => o.method === "GET")) {
      const res = await call(method, urlOf(path, op), { token });
      await res.arrayBuffer();
      statuses.add(res.status);
      wrong.push(...wrongCaching(name, res));
    }
    expect(wrong).toEqual([]);
    expect(statuses.has(200)).toBe(true);
  });

  it("is no-store on the answers that carry tokens: sign-in and the portal lookup", async () => {
    const email = `owner.${Math.random().toString(36).slice(2)}@example.com`;
    await createAdmin(ctx.db, { email, password: "harbor-lights-2026", name: "Tyler Brennan" });
    const login = await call("POST", "/api/auth/login", { body: { email, password: "harbor-lights-2026" } });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("no-store");

    const projectId = await retryOnUniqueViolation(ctx.db, async (tx) => {
      const { contact } = await upsertLeadContact(tx, {
        name: "Ana Lopez",
        email: `ana.${Math.random().toString(36).slice(2)}@example.com`,
        source: "website",
        status: "submitted",
      });
      return createProjectForContact(tx, contact.id, {
        name: "Ana's Bakery Website",
        description: "A site for the shop",
        projectType: "small_business",
        budgetRange: "500-plus",
        legacyData: {},
        status: "submitted",
      });
    });
    const lookup = await call("POST", "/api/client-portal/lookup", {
      body: { type: "project-id", identifier: projectId },
    });
    expect(lookup.status).toBe(200);
    const { portal_token: token } = (await lookup.json()) as { portal_token: string };
    expect(token).toBeTruthy();
    expect(lookup.headers.get("cache-control")).toBe("no-store");
    const projects = await call("GET", "/api/client-portal/projects", { token });
    expect(projects.status).toBe(200);
    expect(projects.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps the public cached reads revalidated, not unstored", async () => {
    for (const url of ["/api/posts", "/api/chat-settings"]) {
      const res = await call("GET", url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control"), url).toBe("no-cache");
      expect(res.headers.get("etag"), url).toBeTruthy();
      const again = await ctx.app.request(url, { headers: { "If-None-Match": res.headers.get("etag")! } });
      expect([again.status, again.headers.get("cache-control")], url).toEqual([304, "no-cache"]);
    }
  });
});

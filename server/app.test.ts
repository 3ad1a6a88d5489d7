import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../tests/support/app";

describe("the HTTP app", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("sends the security headers on every response", async () => {
    for (const path of ["/api/health", "/api/nope", "/robots.txt"]) {
      const res = await ctx.app.request(path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("adds HSTS when the site URL is https", async () => {
    const secure = await createTestApp({ env: { SITE_URL: "https://example.com" } });
    const res = await secure.app.request("/api/health");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    await secure.close();
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await ctx.app.request("/api/does-not-exist", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "No API route POST /api/does-not-exist" });
  });

  it("refuses bodies over the JSON cap with a JSON 413", async () => {
    const body = JSON.stringify({ text: "x".repeat(ctx.env.MAX_JSON_BODY_BYTES + 10) });
    const res = await ctx.app.request("/api/health", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "Content-Length": String(body.length) },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/too large/);
  });

  it("publishes its OpenAPI document", async () => {
    const res = await ctx.app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.info.version).toBe("1.0.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/submissions", "/api/contact", "/api/claims"]),
    );
  });

  it("serves robots.txt that keeps /admin out and points to the sitemap", async () => {
    const res = await ctx.app.request("/robots.txt");
    const text = await res.text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });

  it("serves a sitemap of the indexable static pages", async () => {
    const res = await ctx.app.request("/sitemap.xml");
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain("<loc>http://localhost:3000/</loc>");
    expect(xml).not.toContain("/admin");
  });
});

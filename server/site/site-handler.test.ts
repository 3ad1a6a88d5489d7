import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { createAdminToken } from "../../tests/support/admin";

/** Pages and files as the production build serves them (npm test builds first). */
describe("serving the site", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ site: true });
  });
  afterAll(() => ctx.close());

  const get = (path: string, headers: Record<string, string> = {}) => ctx.app.request(path, { headers });

  it("serves the prerendered home page from memory, brotli or gzip by Accept-Encoding", async () => {
    const plain = await get("/");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const html = await plain.text();
    expect(html).toContain("<title>Websites by Tyler - Custom websites that work</title>");

    const br = await get("/", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);

    const gz = await get("/", { "Accept-Encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);

    const refused = await get("/", { "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers.get("content-encoding")).toBeNull();
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get("/");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await get("/", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("allows exactly the inline scripts of a prerendered page by hash", async () => {
    const res = await get("/");
    const csp = res.headers.get("content-security-policy")!;
    const html = await res.text();
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) {
      const hash = createHash("sha256").update(body).digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it("serves hashed assets as immutable, compressed", async () => {
    const html = await (await get("/")).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)![0];
    const res = await get(asset, { "Accept-Encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect((await get("/assets/missing-123.js")).status).toBe(404);
  });

  it("renders unknown paths on the server as the not-found page, 404, noindex, with a nonce CSP", async () => {
    const res = await get("/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/);
    const csp = res.headers.get("content-security-policy")!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1]!)
      .filter((attrs) => !attrs.includes("ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // a fresh nonce each time
    const other = (await get("/no/such/page")).headers.get("content-security-policy")!;
    expect(other).not.toContain(nonce);
  });

  it("puts the search metadata in the server HTML", async () => {
    const html = await (await get("/")).text();
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/"/>');
    expect(html).toContain('property="og:image" content="http://localhost:3000/images/social-card.png"');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const types = blocks.map((b) => b["@type"]);
    expect(types).toEqual(expect.arrayContaining(["ProfessionalService", "WebSite"]));
    const website = blocks.find((b) => b["@type"] === "WebSite");
    expect(website.potentialAction.target.urlTemplate).toBe("http://localhost:3000/search?q={search_term_string}");
  });

  it("redirects a page asked for by its index.html to the folder", async () => {
    const res = await get("/demo-sites/restaurant/index.html");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/demo-sites/restaurant/");
    expect((await get("/demo-sites/restaurant/")).status).toBe(200);
  });

  it("answers a HEAD request without a body", async () => {
    const res = await ctx.app.request("/", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("answers bad requests with a 4xx, never a 500", async () => {
    const cases: [string, string, number][] = [
      ["GET", "/%E0%A4%A", 404],
      ["GET", "/a/%ZZ/b", 404],
      ["POST", "/", 405],
      ["DELETE", "/sitemap.xml", 405],
      ["PUT", "/api/health", 404],
      ["GET", "/assets/../package.json", 404],
      ["GET", `/${"a".repeat(5000)}`, 404],
    ];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const [method, path, status] of cases) {
      const res = await ctx.app.request(path, { method, body: method === "GET" ? undefined : "x" });
      expect(res.status, `${method} ${path.slice(0, 30)}`).toBe(status);
    }
    warn.mockRestore();
  });

  it("serves a content page like a prerendered one once rendered: precompressed, by hash, with 304s, until content changes", async () => {
    // The first answer is the fresh render with its nonce; the stored copy follows.
    const first = await get("/projects");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-security-policy")).toMatch(/'nonce-/);
    let cached = await get("/projects", { "Accept-Encoding": "gzip, deflate, br" });
    await vi.waitUntil(
      async () =>
        (cached = await get("/projects", { "Accept-Encoding": "gzip, deflate, br" })).headers.get(
          "content-encoding",
        ) === "br",
      { timeout: 5000 },
    );
    expect(cached.headers.get("content-encoding")).toBe("br");
    const html = brotliDecompressSync(Buffer.from(await cached.arrayBuffer())).toString();
    expect(html).toContain("<h1");
    expect(html).not.toMatch(/ nonce="/);
    const csp = cached.headers.get("content-security-policy")!;
    expect(csp).not.toContain("'nonce-");
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) expect(csp).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    const etag = cached.headers.get("etag")!;
    expect((await get("/projects", { "If-None-Match": etag })).status).toBe(304);

    // A new project clears the cache: the next answer is a fresh render that shows it.
    const { auth } = await createAdminToken(ctx.db);
    const title = `Cache Check Bakery ${Date.now()}`;
    const created = await ctx.app.request("/api/admin/posts", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ title, content: "A Warren bakery.", post_type: "portfolio", status: "published" }),
    });
    expect(created.status).toBe(201);
    const fresh = await get("/projects", { "If-None-Match": etag });
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain(title);
  });
});

import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { createAdminToken } from "../../tests/support/admin";
import { loadServerBuild } from "../../tests/support/server-build";
import { clientBuildDir } from "../lib/paths";
import { contentReader, isContentPage } from "../services/posts";
import { loadFirstPaint } from "./first-paint";
import { createSiteHandler } from "./site-handler";

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

  /**
   * Critical CSS in a page as served: a <style> in the head, every stylesheet <link> in the
   * head deferred (media="print" until the script at the end of the body restores it, or in
   * <noscript>), and a CSP that allows exactly the page's inline styles and scripts.
   */
  function expectCriticalCss(html: string, csp: string, nonce?: string) {
    const head = html.slice(0, html.indexOf("</head>"));
    const styles = [...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(styles[0]!.length).toBeGreaterThan(5000);
    const blocking = [...head.replace(/<noscript>[\s\S]*?<\/noscript>/g, "").matchAll(/<link\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((link) => /rel="stylesheet"/.test(link) && !/media="print" data-beasties-media="all"/.test(link));
    expect(blocking, "render-blocking stylesheets").toEqual([]);
    expect(head).toMatch(/<noscript><link [^>]*rel="stylesheet" href="\/assets\/[\w-]+\.css"\/><\/noscript>/);
    expect(html).toMatch(/document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script><\/body>/);
    // The page's scripts are fetched and run after its first paint: no preload in the head.
    expect(head).not.toContain('rel="modulepreload"');
    expect(html).toMatch(
      /<script\b[^>]*type="module"[^>]*>await new Promise\(\(resolve\) => requestAnimationFrame\(\(\) => setTimeout\(resolve, 0\)\)\);\s*for \(const href of \["\/assets\/[^"]+\.js"/,
    );

    const directive = (name: string) => csp.match(new RegExp(`${name} ([^;]*)`))![1]!.split(" ");
    const styleSrc = directive("style-src");
    const scriptSrc = directive("script-src");
    for (const list of [styleSrc, scriptSrc]) {
      expect(list).not.toContain("'unsafe-inline'");
      expect(list).not.toContain("'unsafe-eval'");
    }
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    for (const body of styles) expect(styleSrc).toContain(hash(body));
    const scripts = [
      ...html.matchAll(/<script\b((?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*)>([\s\S]*?)<\/script>/g),
    ];
    expect(scripts.length).toBeGreaterThan(1);
    for (const [, attributes, body] of scripts) {
      if (nonce) expect(attributes).toContain(`nonce="${nonce}"`);
      else expect(scriptSrc).toContain(hash(body!));
    }
    if (nonce) expect(scriptSrc).toContain(`'nonce-${nonce}'`);
  }

  it("inlines the critical CSS of prerendered, stored and freshly rendered pages, allowed by hash or nonce", async () => {
    // Prerendered at build.
    const home = await get("/");
    expectCriticalCss(await home.text(), home.headers.get("content-security-policy")!);
    // Rendered on the server with this request's nonce, then stored without it (hashes instead).
    const fresh = await get("/blog");
    const freshCsp = fresh.headers.get("content-security-policy")!;
    expectCriticalCss(await fresh.text(), freshCsp, freshCsp.match(/'nonce-([^']+)'/)![1]);
    let stored = await get("/blog", { "Accept-Encoding": "br" });
    await vi.waitUntil(
      async () => (stored = await get("/blog", { "Accept-Encoding": "br" })).headers.get("content-encoding") === "br",
      { timeout: 5000 },
    );
    const storedHtml = brotliDecompressSync(Buffer.from(await stored.arrayBuffer())).toString();
    expect(storedHtml).not.toMatch(/ nonce="/);
    expectCriticalCss(storedHtml, stored.headers.get("content-security-policy")!);
    // Never stored: the not-found page.
    const missing = await get("/no/such/page");
    expect(missing.status).toBe(404);
    const missingCsp = missing.headers.get("content-security-policy")!;
    expectCriticalCss(await missing.text(), missingCsp, missingCsp.match(/'nonce-([^']+)'/)![1]);
  });

  it("lists the hash of each style attribute of a page with 'unsafe-hashes'", async () => {
    const res = await get("/how-it-works");
    const html = await res.text();
    const values = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1]!);
    expect(values.length).toBeGreaterThan(0);
    const styleSrc = res.headers.get("content-security-policy")!.match(/style-src ([^;]*)/)![1]!;
    expect(styleSrc).toContain("'unsafe-hashes'");
    for (const value of values)
      expect(styleSrc).toContain(`'sha256-${createHash("sha256").update(value).digest("base64")}'`);
  });

  it("leaves the back office's pages alone: no critical CSS, inline styles allowed, never inline scripts", async () => {
    const res = await get("/login");
    const html = await res.text();
    expect(html).not.toContain("data-beasties-media");
    expect(html).toMatch(/<link [^>]*rel="stylesheet" href="\/assets\/[\w-]+\.css"\/>/);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
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

  it("renders a content page once for a burst of first requests, and once again after a content change", async () => {
    // The production site handler, counting its renders (each one is prepared for its first paint once).
    const build = await loadServerBuild();
    const standard = loadFirstPaint(clientBuildDir)!;
    let renders = 0;
    const site = createSiteHandler({
      clientDir: clientBuildDir,
      getBuild: async () => build,
      mode: "production",
      content: contentReader(ctx.db),
      cacheable: isContentPage,
      firstPaint: (html, nonce) => {
        renders++;
        return standard(html, nonce);
      },
    });
    const burst = (n: number) =>
      Promise.all(Array.from({ length: n }, () => site.handle(new Request("http://localhost/blog"))));
    const first = await burst(40);
    expect(first.map((res) => res.status)).toEqual(Array(40).fill(200));
    for (const html of await Promise.all(first.map((res) => res.text()))) expect(html).toContain("<h1");
    expect(renders).toBe(1);
    await burst(10);
    expect(renders).toBe(1);

    site.invalidate();
    const after = await burst(20);
    expect(after.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(renders).toBe(2);
  });
});

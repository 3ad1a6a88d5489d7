import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { createAdminToken } from "../../tests/support/admin";
import { createInquiry } from "../services/inquiry-chat";

/**
 * The protective headers on every kind of answer the production build gives:
 * prerendered, cached and server-rendered pages, the not-found page, API JSON,
 * hashed assets, media, the sitemap and robots.txt. HSTS only when the site is
 * served over https (SITE_URL), since a browser would pin it otherwise.
 */
type Kind = "html" | "other";
interface Target {
  name: string;
  path: string;
  kind: Kind;
  status: number;
  headers?: Record<string, string>;
}

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function expectProtected(res: Response, target: Target, https: boolean) {
  const label = `${target.name} (${target.path})`;
  expect(res.status, label).toBe(target.status);
  const h = res.headers;
  expect(h.get("x-content-type-options"), label).toBe("nosniff");
  expect(h.get("referrer-policy"), label).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  const csp = h.get("content-security-policy");
  const frameAncestors = csp ? directives(csp).get("frame-ancestors") : undefined;
  const xfo = h.get("x-frame-options");
  expect(
    Boolean(frameAncestors?.length) || /^(DENY|SAMEORIGIN)$/i.test(xfo ?? ""),
    `${label}: framing protection`,
  ).toBe(true);
  if (frameAncestors) expect(frameAncestors, label).not.toContain("*");
  if (target.kind === "html") {
    expect(h.get("content-type"), label).toContain("text/html");
    expect(csp, `${label}: an HTML page has a CSP`).toBeTruthy();
    const parsed = directives(csp!);
    expect(frameAncestors, `${label}: frame-ancestors`).toBeTruthy();
    const scripts = parsed.get("script-src") ?? parsed.get("default-src");
    expect(scripts, `${label}: script-src`).toBeTruthy();
    expect(scripts, label).not.toContain("'unsafe-inline'");
    expect(scripts, label).not.toContain("'unsafe-eval'");
    expect(scripts, label).not.toContain("*");
    // Public pages list their inline styles by hash (the back office alone keeps inline styles).
    const styles = parsed.get("style-src") ?? parsed.get("default-src");
    expect(styles, `${label}: style-src`).toBeTruthy();
    expect(styles, label).not.toContain("'unsafe-inline'");
    expect(styles, label).not.toContain("*");
    expect(parsed.get("object-src"), label).toEqual(["'none'"]);
    expect(parsed.get("base-uri"), label).toBeTruthy();
  }
  const hsts = h.get("strict-transport-security");
  if (https) {
    expect(hsts, `${label}: HSTS over https`).toMatch(/max-age=(\d+)/);
    expect(Number(hsts!.match(/max-age=(\d+)/)![1])).toBeGreaterThanOrEqual(31_536_000);
  } else {
    expect(hsts, `${label}: no HSTS over http`).toBeNull();
  }
}

describe.each([
  { scheme: "http", siteUrl: "http://localhost:3000" },
  { scheme: "https", siteUrl: "https://www.websitesbytyler.test" },
])("security headers with an $scheme SITE_URL", ({ scheme, siteUrl }) => {
  const https = scheme === "https";
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let targets: Target[];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-headers-"));
    ctx = await createTestApp({ site: true, env: { SITE_URL: siteUrl, DATA_DIR: dataDir } });
    const { auth } = await createAdminToken(ctx.db);
    const slug = `header-check-${Math.random().toString(36).slice(2, 10)}`;
    const created = await ctx.app.request("/api/admin/posts", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        title: "Header check",
        slug,
        content: "A published post.",
        post_type: "blog",
        status: "published",
      }),
    });
    expect(created.status).toBe(201);
    const slugOut = ((await created.json()) as { post?: { slug?: string } }).post?.slug ?? slug;

    const form = new FormData();
    form.set("file", new File([Buffer.from("plain text file")], "notes.txt", { type: "text/plain" }));
    const uploaded = await ctx.app.request("/api/admin/media/upload", { method: "POST", headers: auth, body: form });
    expect(uploaded.status).toBe(201);
    const mediaUrl = ((await uploaded.json()) as { media: { url: string } }).media.url;

    const { session } = await createInquiry(ctx.db);
    const home = await (await ctx.app.request("/")).text();
    const asset = home.match(/\/assets\/[\w.-]+\.js/)![0];

    targets = [
      { name: "prerendered page", path: "/", kind: "html", status: 200 },
      { name: "cached content page", path: "/blog", kind: "html", status: 200 },
      { name: "cached post page", path: `/blog/${slugOut}`, kind: "html", status: 200 },
      { name: "server-rendered search", path: "/search?q=website", kind: "html", status: 200 },
      { name: "guided chat page", path: `/chat/${session.id}`, kind: "html", status: 200 },
      { name: "not-found page", path: "/no/such/page", kind: "html", status: 404 },
      { name: "API JSON", path: "/api/chat-settings", kind: "other", status: 200 },
      { name: "API error JSON", path: "/api/no-such-route", kind: "other", status: 404 },
      { name: "static asset", path: asset, kind: "other", status: 200 },
      { name: "media file", path: mediaUrl, kind: "other", status: 200, headers: auth },
      { name: "sitemap", path: "/sitemap.xml", kind: "other", status: 200 },
      { name: "robots.txt", path: "/robots.txt", kind: "other", status: 200 },
    ];
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("every page type and file carries nosniff, a Referrer-Policy, framing protection and the right HSTS", async () => {
    for (const target of targets) {
      const res = await ctx.app.request(target.path, { headers: target.headers ?? {} });
      expectProtected(res, target, https);
    }
  });

  it("a cached content page keeps the same protection once served from memory (hash CSP, compressed)", async () => {
    for (const page of ["/blog", targets.find((t) => t.name === "cached post page")!.path]) {
      const target: Target = { name: "cached copy", path: page, kind: "html", status: 200 };
      const get = () => ctx.app.request(page, { headers: { "Accept-Encoding": "br" } });
      // The stored copy replaces the fresh render once compressed (off the event loop).
      let res = await get();
      await vi.waitUntil(async () => (res = await get()).headers.get("content-encoding") === "br", { timeout: 5000 });
      expect(res.headers.get("content-encoding"), page).toBe("br");
      expect(res.headers.get("content-security-policy"), page).not.toContain("'nonce-");
      expectProtected(res, target, https);
      const etag = res.headers.get("etag");
      if (etag) {
        const notModified = await ctx.app.request(page, {
          headers: { "If-None-Match": etag, "Accept-Encoding": "br" },
        });
        expect(notModified.status).toBe(304);
        expect(notModified.headers.get("x-content-type-options")).toBe("nosniff");
      }
    }
  });

  it("HEAD answers and redirects carry the same headers", async () => {
    const head = await ctx.app.request("/", { method: "HEAD" });
    expectProtected(head, { name: "HEAD /", path: "/", kind: "html", status: 200 }, https);
    const redirect = await ctx.app.request("/demo-sites/restaurant/index.html");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("x-content-type-options")).toBe("nosniff");
    expect(redirect.headers.get("referrer-policy")).toBeTruthy();
    expect(Boolean(redirect.headers.get("strict-transport-security"))).toBe(https);
  });
});

import type { Hono } from "hono";
import { staticPages } from "~/content/registry";
import type { AppEnv } from "../lib/app-env";
import type { SitemapEntry, SitemapSource } from "./sitemap-source";

/**
 * /sitemap.xml and /robots.txt. The sitemap lists the static page registry
 * (app/content/pages.ts) plus every dynamic source registered by later
 * features (published posts, portfolio items) through `SitemapSource`.
 */
export type { SitemapEntry, SitemapSource } from "./sitemap-source";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);

export function renderSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const parts = [`<loc>${escapeXml(siteUrl + entry.path)}</loc>`];
    if (entry.lastmod) parts.push(`<lastmod>${new Date(entry.lastmod).toISOString().slice(0, 10)}</lastmod>`);
    if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
    if (entry.priority !== undefined) parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
    return `  <url>${parts.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function renderRobots(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /api/",
    "Disallow: /chat/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export function registerSeoRoutes(app: Hono<AppEnv>, sources: SitemapSource[] = []) {
  app.get("/sitemap.xml", async (c) => {
    const staticEntries: SitemapEntry[] = staticPages
      .filter((page) => !page.noindex)
      .map((page) => ({ path: page.path, changefreq: page.changefreq, priority: page.priority }));
    const dynamic = (await Promise.all(sources.map((source) => source()))).flat();
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=300");
    return c.body(renderSitemap(c.var.deps.env.SITE_URL, [...staticEntries, ...dynamic]));
  });
  app.get("/robots.txt", (c) => {
    c.header("Content-Type", "text/plain; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(renderRobots(c.var.deps.env.SITE_URL));
  });
}

import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { ANALYTICS_HOSTS_META } from "~/contracts/analytics-terms";
import type { StaticFile } from "./static-files";

/**
 * ANALYTICS_HOSTS (server/env.ts) reaches the pages as a <meta> in their head, which the visit
 * counting reads (app/lib/visit-analytics/counts-visits.ts). Prerendered pages are files of the
 * build: when the setting is given, their copies in memory get the tag (and are compressed
 * again) at start; pages the server renders get it as they are rendered. Without the setting,
 * as in production, every page is served exactly as built.
 */
const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export const analyticsHostsTag = (hosts: readonly string[]) =>
  hosts.length ? `<meta name="${ANALYTICS_HOSTS_META}" content="${escapeAttribute(hosts.join(","))}">` : "";

/** The page with the tag at the end of its head (React leaves unknown tags in the head alone). */
export function withHeadTag(html: string, tag: string): string {
  if (!tag) return html;
  const at = html.indexOf("</head>");
  return at === -1 ? html : `${html.slice(0, at)}${tag}${html.slice(at)}`;
}

/** A React Router page of the build (not a demo site's plain HTML under public/). */
const isAppPage = (file: StaticFile, html: string) =>
  file.contentType.startsWith("text/html") && html.includes("__reactRouterContext");

/** Adds the tag to every app page held in memory, each once however many addresses share it. */
export function addTagToPages(files: Map<string, StaticFile>, tag: string): void {
  if (!tag) return;
  const done = new Map<StaticFile, StaticFile>();
  for (const [key, file] of files) {
    let changed = done.get(file);
    if (!changed) {
      const html = file.body.toString("utf8");
      if (!isAppPage(file, html)) continue;
      const body = Buffer.from(withHeadTag(html, tag), "utf8");
      changed = {
        ...file,
        body,
        br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
        gzip: gzipSync(body, { level: 6 }),
        etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
      };
      done.set(file, changed);
    }
    files.set(key, changed);
  }
}

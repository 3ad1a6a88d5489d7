import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { htmlCsp, inlineScriptHashes, inlineStyleHashes } from "./csp";

/**
 * The client build held in memory: every file with its precompressed brotli
 * and gzip siblings (written by scripts/build.ts), its ETag and its caching
 * rule. Prerendered pages (build/client/**\/index.html) are served by URL path
 * with a CSP built from the hashes of their inline scripts and styles.
 */
export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
  csp?: string;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
  ".pdf": "application/pdf",
  // React Router's prerendered loader data for client-side navigations
  ".data": "text/x-script",
};

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "public, max-age=0, must-revalidate";
const SHORT = "public, max-age=3600";

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

function sibling(file: string, suffix: string): Buffer | undefined {
  return existsSync(file + suffix) ? readFileSync(file + suffix) : undefined;
}

/** URL path -> file. "/" and "/about" map to their prerendered index.html. */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(clientDir) || !statSync(clientDir).isDirectory()) return files;
  for (const file of walk(clientDir)) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const relative = "/" + path.relative(clientDir, file).split(path.sep).join("/");
    const ext = path.extname(file).toLowerCase();
    const body = readFileSync(file);
    const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
    const entry: StaticFile = {
      body,
      br: sibling(file, ".br"),
      gzip: sibling(file, ".gz"),
      etag,
      contentType: CONTENT_TYPES[ext] ?? "application/octet-stream",
      cacheControl: relative.startsWith("/assets/") ? IMMUTABLE : ext === ".html" ? REVALIDATE : SHORT,
    };
    if (ext === ".html") {
      const html = body.toString("utf8");
      entry.csp = htmlCsp({ scriptSources: inlineScriptHashes(html), styleSources: inlineStyleHashes(html) });
      if (relative.endsWith("/index.html")) {
        const pagePath = relative.slice(0, -"/index.html".length) || "/";
        files.set(pagePath, entry);
        continue;
      }
      // Other HTML (e.g. the SPA fallback) is an internal build artefact, not a page.
      if (relative.startsWith("/__")) continue;
    }
    files.set(relative, entry);
  }
  return files;
}

export function pickEncoding(acceptEncoding: string | undefined, file: StaticFile): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (file.br && accepts("br")) return "br";
  if (file.gzip && accepts("gzip")) return "gzip";
  return undefined;
}

/** Status, headers and bytes of a file's answer to this request (304, the chosen encoding, no body for HEAD). */
export function staticFileAnswer(
  file: StaticFile,
  request: Request,
): { status: 200 | 304; headers: Record<string, string>; body: Buffer | null } {
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Cache-Control": file.cacheControl,
    ETag: file.etag,
    Vary: "Accept-Encoding",
  };
  if (file.csp) headers["Content-Security-Policy"] = file.csp;
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag)) {
    return { status: 304, headers, body: null };
  }
  const encoding = pickEncoding(request.headers.get("accept-encoding") ?? undefined, file);
  const body = encoding === "br" ? file.br! : encoding === "gzip" ? file.gzip! : file.body;
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.byteLength);
  return { status: 200, headers, body: request.method === "HEAD" ? null : body };
}

export function serveStaticFile(file: StaticFile, request: Request): Response {
  const { status, headers, body } = staticFileAnswer(file, request);
  return new Response(body as unknown as BodyInit, { status, headers });
}

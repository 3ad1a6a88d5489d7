import { createHash, randomBytes } from "node:crypto";

/**
 * Content-Security-Policy for HTML. Server-rendered pages allow their inline
 * scripts by a per-request nonce; prerendered pages, which can't carry a
 * nonce, by the SHA-256 hashes of their inline scripts, computed once when the
 * page is loaded into memory.
 */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/.test(attributes) || /type\s*=\s*["']application\/(ld\+)?json["']/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export interface CspOptions {
  scriptSources: string[];
  development?: boolean;
}

export function htmlCsp({ scriptSources, development }: CspOptions): string {
  const script = development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...scriptSources];
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "media-src 'self' blob: https:",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ].join("; ");
}

/** Responses that are not HTML documents never need to run or embed anything. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

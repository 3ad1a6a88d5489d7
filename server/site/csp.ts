import { createHash, randomBytes } from "node:crypto";

/**
 * Content-Security-Policy for HTML. Server-rendered pages allow their inline
 * scripts by a per-request nonce; prerendered pages, which can't carry a
 * nonce, by the SHA-256 hashes of their inline scripts, computed once when the
 * page is loaded into memory. Inline styles of public pages (the critical CSS
 * and the few style attributes in their markup) are allowed by hash too, so
 * neither directive needs 'unsafe-inline'.
 */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/.test(attributes) || /type\s*=\s*["']application\/(ld\+)?json["']/i.test(attributes)) continue;
    hashes.add(sha256(body));
  }
  return [...hashes];
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" };

/** An attribute value as the browser reads it (the entities React and hand-written pages use). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * The style-src sources that allow exactly the inline styles of a page: the hash
 * of each <style> element, and, when the markup has style="" attributes, the hash
 * of each value with 'unsafe-hashes' (which lets a hash match an attribute; any
 * other inline style is still refused). Scripts and styles never set from markup
 * (React updates styles through the CSSOM) need nothing here.
 */
export function inlineStyleHashes(html: string): string[] {
  const elements = new Set<string>();
  const attributes = new Set<string>();
  // Script bodies are skipped: a style="" inside a script string is not markup.
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (script) => {
    return script.slice(0, script.indexOf(">") + 1);
  });
  for (const match of markup.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) elements.add(sha256(match[1] ?? ""));
  // Text never holds a quote unescaped, so style="..." outside scripts and styles is an attribute
  // (one inside another attribute's value only adds a hash that matches nothing).
  const withoutStyles = markup.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "");
  for (const attribute of withoutStyles.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    attributes.add(sha256(decodeAttribute(attribute[1] ?? attribute[2] ?? "")));
  }
  return [...elements, ...(attributes.size ? ["'unsafe-hashes'", ...attributes] : [])];
}

export interface CspOptions {
  scriptSources: string[];
  /**
   * Hashes of the page's inline styles (inlineStyleHashes). Absent only for the
   * back office, whose UI libraries (dialogs, toasts, the editor) insert <style>
   * elements as they run: it keeps 'unsafe-inline' styles, never scripts.
   */
  styleSources?: string[];
  development?: boolean;
}

export function htmlCsp({ scriptSources, styleSources, development }: CspOptions): string {
  const script = development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...scriptSources];
  const style = development || !styleSources ? ["'self'", "'unsafe-inline'"] : ["'self'", ...styleSources];
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    `style-src ${style.join(" ")}`,
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

import type { Context, MiddlewareHandler } from "hono";
import type { ApiError } from "./http-errors";

/**
 * One check of every API request's text before any handler runs: the path,
 * the query string and JSON, form-encoded and multipart bodies (field names,
 * text values and file names; file contents are left alone).
 *
 * Refused with 400:
 * - C0 control characters other than tab, line feed and carriage return, and
 *   DEL. PostgreSQL cannot store NUL in text or jsonb, so without this a NUL
 *   reached the database and came back as a 500; the others have no business
 *   in a name, an e-mail or a message either.
 * - UTF-16 surrogates that are not part of a pair (a JSON "\ud800"): they are
 *   not text, and encodeURIComponent and friends throw on them.
 * - A malformed percent-encoding in the path or the query (`%ZZ`).
 * - JSON nested deeper than MAX_JSON_DEPTH: no route takes anything close,
 *   and deep nesting only costs stack (ours, zod's, PostgreSQL's).
 */
export const MAX_JSON_DEPTH = 32;

// Without the u flag the pattern sees UTF-16 code units, so it can find a surrogate without its pair.
const FORBIDDEN =
  // oxlint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER = "contains a control character that is not allowed";

/** True when `text` holds a character this API never accepts. */
export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

export type Refusal = { status: 400 | 413; body: ApiError };

const refuse = (error: string, field?: string): Refusal => ({
  status: 400,
  body: field ? { error, fields: { [field]: CONTROL_CHARACTER } } : { error },
});

const fieldRefusal = (where: string, field: string) =>
  refuse(`The ${where} "${printable(field)}" ${CONTROL_CHARACTER}`, printable(field));

/** A field name as it can be shown back: forbidden characters as \uXXXX. */
function printable(name: string): string {
  let out = "";
  for (const ch of name) {
    const code = ch.codePointAt(0)!;
    out += hasForbiddenCharacter(ch) ? `\\u${code.toString(16).padStart(4, "0")}` : ch;
  }
  return out.slice(0, 100);
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

function checkPath(rawPath: string): Refusal | undefined {
  for (const segment of rawPath.split("/")) {
    const decoded = decode(segment);
    if (decoded === undefined) return refuse("The address contains a malformed percent-encoding");
    if (hasForbiddenCharacter(decoded)) return refuse(`The address ${CONTROL_CHARACTER}`);
  }
  return undefined;
}

function checkQuery(rawQuery: string): Refusal | undefined {
  for (const pair of rawQuery.split("&")) {
    if (!pair) continue;
    const at = pair.indexOf("=");
    const rawKey = at === -1 ? pair : pair.slice(0, at);
    const rawValue = at === -1 ? "" : pair.slice(at + 1);
    const key = decode(rawKey.replaceAll("+", " "));
    const value = decode(rawValue.replaceAll("+", " "));
    if (key === undefined || value === undefined)
      return refuse("The query string contains a malformed percent-encoding");
    if (hasForbiddenCharacter(key)) return refuse(`A query parameter name ${CONTROL_CHARACTER}`);
    if (hasForbiddenCharacter(value)) return fieldRefusal("query parameter", key);
  }
  return undefined;
}

/** Walks a parsed JSON value without recursion (so depth costs no stack here). */
export function checkJson(root: unknown): Refusal | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: "", depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (hasForbiddenCharacter(value)) return fieldRefusal("field", path || "body");
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_JSON_DEPTH)
      return refuse(`The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays`);
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
    for (const [key, item] of entries) {
      if (!Array.isArray(value) && hasForbiddenCharacter(key))
        return refuse(`A field name in the request body ${CONTROL_CHARACTER}`);
      stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

/** The names and text values of a form, and its files' names (their bytes are left alone). */
export function checkForm(form: FormData): Refusal | undefined {
  for (const [key, value] of form.entries()) {
    if (hasForbiddenCharacter(key)) return refuse(`A field name in the form ${CONTROL_CHARACTER}`);
    if (typeof value === "string") {
      if (hasForbiddenCharacter(value)) return fieldRefusal("field", key);
    } else if (hasForbiddenCharacter(value.name)) {
      return refuse(`The name of the file in "${printable(key)}" ${CONTROL_CHARACTER}`, printable(key));
    }
  }
  return undefined;
}

/** Reads a body of at most `max` bytes; undefined when it is larger. */
async function readAtMost(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

const mediaTypeOf = (c: Context) => (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** Whether a request of this method may carry a body (GET and HEAD do not; asking a Request for one costs a full copy of it). */
export const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

/**
 * A request without a body. Over the wire (HTTP/1.1 framing): neither Content-Length nor
 * Transfer-Encoding, or a length of 0; the Node adapter still hands such a request a body
 * stream, so its headers are what tell. A Request made in-process (app.request) says it by its
 * body being null.
 */
export const isEmptyBody = (
  request: Request,
  incoming?: { headers: Record<string, string | string[] | undefined> },
) => {
  if (!incoming) return request.body === null;
  const length = incoming.headers["content-length"];
  return length === undefined ? incoming.headers["transfer-encoding"] === undefined : String(length).trim() === "0";
};

async function checkBody(c: Context, maxBodyBytes: number): Promise<Refusal | undefined> {
  if (!hasBody(c.req.method) || !c.req.raw.body) return undefined;
  const type = mediaTypeOf(c);
  const json = type === "application/json" || type.endsWith("+json");
  if (!json && type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") return undefined;
  // A declared size over the limit is left unread, to the route's own body limit (413).
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > maxBodyBytes) return undefined;
  const bytes = await readAtMost(c.req.raw.body, maxBodyBytes);
  if (!bytes) return { status: 413, body: { error: `Request body too large: the limit is ${maxBodyBytes} bytes` } };
  // The route reads the body again, from the start (and a body limit of its own may count it): hand it the bytes read here.
  c.req.raw = new Request(c.req.raw, { body: bytes });

  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return undefined; // Not JSON: the route's own validation answers that with its 400.
    }
    return checkJson(parsed);
  }
  if (type === "application/x-www-form-urlencoded") {
    return checkForm(toFormData(new URLSearchParams(new TextDecoder().decode(bytes))));
  }
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": c.req.header("content-type")! } }).formData();
  } catch {
    return undefined; // Not a readable form: the route answers that with its 400.
  }
  return checkForm(form);
}

function toFormData(params: URLSearchParams): FormData {
  const form = new FormData();
  for (const [key, value] of params) form.append(key, value);
  return form;
}

/** The checks of a request's address: its path and its query string. */
export function checkUrl(url: string): Refusal | undefined {
  const queryAt = url.indexOf("?");
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  const rawPath = url.slice(pathStart, queryAt === -1 ? undefined : queryAt);
  return checkPath(rawPath) ?? (queryAt === -1 ? undefined : checkQuery(url.slice(queryAt + 1).split("#")[0]!));
}

/**
 * The middleware for /api/*. `maxBodyBytes` bounds what it reads of a body. The uploads'
 * bodies (`streamed`) are not read here: their routes read them as they arrive and check their
 * fields with checkForm (server/lib/upload-form.ts).
 */
export function inputHygiene(options: {
  maxBodyBytes: number;
  streamed?: (path: string) => boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    const refusal =
      checkUrl(c.req.url) ?? (options.streamed?.(c.req.path) ? undefined : await checkBody(c, options.maxBodyBytes));
    if (refusal) return c.json(refusal.body, refusal.status);
    await next();
  };
}

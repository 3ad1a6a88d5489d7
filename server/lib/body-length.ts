/**
 * The byte length of an answer made from a string or bytes in memory (c.json, c.text, c.body),
 * read without touching its body; undefined for a stream or a file.
 *
 * @hono/node-server's Response keeps such a body as it was given (under a symbol it names
 * "cache") and writes it in one piece with its Content-Length. Knowing the length lets the
 * compression step leave the many small answers (a health check, a 401, a 429, a short JSON read)
 * as they are: a CompressionStream for each cost more than the answer itself
 * (docs/decisions/046-limits-per-token-and-process.md). body-length.test.ts holds the library to it.
 */
const CACHE = "cache";
let cacheSymbol: symbol | undefined;

function bodyOf(res: Response): unknown {
  // Found once on the first such Response (a native one, as in app.request, has none).
  cacheSymbol ??= Object.getOwnPropertySymbols(res).find((s) => s.description === CACHE);
  if (!cacheSymbol) return undefined;
  const cached = (res as unknown as Record<symbol, unknown[] | undefined>)[cacheSymbol];
  return Array.isArray(cached) ? cached[1] : undefined;
}

export function inMemoryBodyLength(res: Response): number | undefined {
  const body = bodyOf(res);
  if (typeof body === "string") return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  return undefined;
}

import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { Context } from "hono";
import { staticFileAnswer, type StaticFile } from "../site/static-files";

/**
 * Public JSON reads answered from memory (docs/product/architecture.md
 * "Performance"): the body serialized once, brotli and gzip computed once off
 * the event loop, a strong ETag for 304s, served like a prerendered file.
 * Entries live until clear() (content changed, on this process or another: the
 * NOTIFY in server/index.ts), or until their own `expiresAt`. The size is
 * bounded in entries and in bytes (a page of 100 posts with its two compressed
 * copies is most of a megabyte): the least recently used entry goes first, so a
 * stream of distinct valid queries cannot grow memory.
 */
export interface CachedJson extends StaticFile {
  /** Epoch ms after which the entry is built again (answers that depend on the clock). */
  expiresAt?: number;
}

export interface JsonAnswer {
  body: unknown;
  expiresAt?: number;
}

export interface ResponseCache {
  /**
   * The answer of `key` from memory, or `produce()` once: concurrent misses of
   * one key share one production. `produce` answering undefined (not found)
   * is not stored, so junk keys take no room.
   */
  get(key: string, produce: () => Promise<JsonAnswer | undefined>): Promise<CachedJson | undefined>;
  /** Forgets every entry whose key starts with `prefix` (all without one). */
  clear(prefix?: string): void;
  readonly size: number;
  /** Bytes held: each entry's plain, brotli and gzip bodies. */
  readonly bytes: number;
}

export const DEFAULT_CACHE_ENTRIES = 500;
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;
const NO_CACHE = "no-cache";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One JSON body made into a file: identity, brotli and gzip bytes and its ETag. */
export async function toCachedJson(answer: JsonAnswer): Promise<CachedJson> {
  const body = Buffer.from(JSON.stringify(answer.body), "utf8");
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return {
    body,
    br,
    gzip: gz,
    etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
    contentType: "application/json",
    cacheControl: NO_CACHE,
    expiresAt: answer.expiresAt,
  };
}

const sizeOf = (entry: CachedJson) =>
  entry.body.byteLength + (entry.br?.byteLength ?? 0) + (entry.gzip?.byteLength ?? 0);

export function createResponseCache(limit = DEFAULT_CACHE_ENTRIES, maxBytes = DEFAULT_CACHE_BYTES): ResponseCache {
  const entries = new Map<string, CachedJson>();
  let bytes = 0;
  const pending = new Map<string, Promise<CachedJson | undefined>>();
  // Bumped by clear(): an answer built from data read before a change is never stored after it.
  let generation = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry);
  };
  const store = (key: string, entry: CachedJson) => {
    forget(key);
    const size = sizeOf(entry);
    if (size > maxBytes) return; // served, never kept
    // Oldest first (Map order); deleting while iterating a Map is safe.
    for (const oldest of entries.keys()) {
      if (entries.size < limit && bytes + size <= maxBytes) break;
      forget(oldest);
    }
    entries.set(key, entry);
    bytes += size;
  };

  return {
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    get(key, produce) {
      const hit = entries.get(key);
      if (hit && (hit.expiresAt === undefined || hit.expiresAt > Date.now())) {
        // Map order is insertion order: moving a hit to the end makes eviction least-recently-used.
        entries.delete(key);
        entries.set(key, hit);
        return Promise.resolve(hit);
      }
      const running = pending.get(key);
      if (running) return running;
      const started = generation;
      const job = produce()
        .then((answer) => (answer === undefined ? undefined : toCachedJson(answer)))
        .then((entry) => {
          if (entry && started === generation) store(key, entry);
          return entry;
        })
        .finally(() => {
          if (pending.get(key) === job) pending.delete(key);
        });
      pending.set(key, job);
      return job;
    },
    clear(prefix) {
      generation += 1;
      const matches = (key: string) => prefix === undefined || key.startsWith(prefix);
      for (const key of [...entries.keys()]) if (matches(key)) forget(key);
      for (const key of [...pending.keys()]) if (matches(key)) pending.delete(key);
    },
  };
}

/**
 * The cached answer for this request: 304 on a matching If-None-Match, else the
 * encoding the client takes best. Made with `c.body()` so the Node adapter writes
 * the bytes at once; a Response built apart is copied by Hono into a stream that
 * the adapter reads back chunk by chunk, several times slower for a 15 KB body.
 */
export function serveCachedJson(c: Context, entry: CachedJson): Response {
  const { status, headers, body } = staticFileAnswer(entry, c.req.raw);
  if (!body) return c.body(null, status, headers);
  return c.body(body as unknown as ArrayBuffer, 200, headers);
}

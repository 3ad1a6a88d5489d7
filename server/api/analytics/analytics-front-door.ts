import type { IncomingMessage } from "node:http";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { analyticsPaths } from "~/contracts/analytics-paths";
import type { AppEnv } from "../../lib/app-env";
import { clientIp } from "../../lib/client-ip";
import { jsonError } from "../../lib/http-errors";
import { checkJson, checkUrl, type Refusal } from "../../lib/input-hygiene";
import { createAddressLimiter, type AnalyticsIngest } from "../../services/analytics/ingest";
import { createDailyCaps, type AddressId, type DailyCapCounter } from "../../services/analytics/guards";

const RATE_WINDOW_MS = 60_000;
const PAGEVIEW_PATH = analyticsPaths.pageview;

/** The calls this front door reads the bodies of (server/app.ts leaves them to it). */
export const ANALYTICS_CALLS = "/api/analytics/";

/**
 * A page's analytics call is a path, a referrer, a browser's name and a time, or an event with a
 * few short fields: a few kilobytes at most, whatever MAX_JSON_BODY_BYTES allows other writes.
 */
export const ANALYTICS_MAX_BODY_BYTES = 16 * 1024;

/** Each call's address as the caps know it, hashed once here and read again by its route. */
const addressIds = new WeakMap<object, AddressId>();
export const addressIdOf = (c: object) => addressIds.get(c);

const tooLarge = (limit: number): Refusal => ({
  status: 413,
  body: { error: `Request body too large: the limit is ${limit} bytes` },
});

/**
 * The body as text, read from the socket: at most `limit` bytes, else undefined (413). The
 * generic reading of the API (a web Request, its stream, then a second Request with the bytes for
 * the route) cost a pageview more than everything else it does together; the route's validator
 * reads this text from Hono's body cache instead.
 */
function readText(c: Context<AppEnv>, limit: number): Promise<string | undefined> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // No socket (app.request() in tests): the request's own body.
  if (!incoming) return c.req.text().then((text) => (Buffer.byteLength(text) > limit ? undefined : text));
  if (Number(incoming.headers["content-length"]) > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (text: string | undefined) => {
      // Past the limit the rest is not kept: Node discards it once the answer is sent.
      incoming.off("data", onData).off("end", onEnd).off("error", reject);
      resolve(text);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) done(undefined);
      else chunks.push(chunk);
    };
    const onEnd = () => done(Buffer.concat(chunks, size).toString("utf8"));
    incoming.on("data", onData).on("end", onEnd).on("error", reject);
  });
}

/**
 * The body of an analytics call, read once and checked as server/lib/input-hygiene.ts checks
 * every other write (control characters, unpaired surrogates, nesting), or the refusal. An empty
 * body is no body, as for the other writes (server/app.ts): its route then names what is missing.
 */
async function readBody(c: Context<AppEnv>): Promise<Refusal | undefined> {
  const limit = Math.min(ANALYTICS_MAX_BODY_BYTES, c.var.deps.env.MAX_JSON_BODY_BYTES);
  const text = await readText(c, limit);
  if (text === undefined) return tooLarge(limit);
  if (text === "") {
    c.req.raw.headers.delete("content-type");
    return undefined;
  }
  // Hono keeps a promise of each body it read (its type names the value): its json() reads this.
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) return undefined;
  try {
    return checkJson(JSON.parse(text));
  } catch {
    return undefined; // Not JSON: the route's validation answers that with its 400.
  }
}

/**
 * The analytics calls' first check, registered before the API reads any body (server/app.ts):
 * the per-minute limit, and an address already over its daily cap
 * (docs/decisions/033-analytics-flood.md). A call from such an address is answered 202 as any
 * other, without its body being read: under a flood that lasts, most calls end here, at the cost
 * of a hash and two lookups. The others have their body read and checked here, once, and go on to
 * their routes (analytics.handlers.ts), which count them against the same caps.
 */
export function guardAnalytics(
  app: OpenAPIHono<AppEnv>,
  ingest: AnalyticsIngest,
  caps: DailyCapCounter = createDailyCaps(),
): DailyCapCounter {
  let limiter: ReturnType<typeof createAddressLimiter> | undefined;

  app.use(`${ANALYTICS_CALLS}*`, async (c, next) => {
    const refusedUrl = checkUrl(c.req.url);
    if (refusedUrl) return c.json(refusedUrl.body, refusedUrl.status);
    // Every call counts against its address, a refused one too, before its body is read.
    const { env } = c.var.deps;
    limiter ??= createAddressLimiter(env.ANALYTICS_RATE_LIMIT, RATE_WINDOW_MS);
    const address = clientIp(c, env.TRUST_PROXY);
    const result = limiter.hit(address);
    if (!result.allowed) {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return jsonError(c, 429, "Too many analytics calls from this address. Please wait a minute.");
    }
    if (c.req.method !== "POST") return next();
    const id = caps.addressId(address);
    addressIds.set(c, id);
    const today = caps.addressById(id, false);
    if (!today.allowed) {
      if (c.req.path === PAGEVIEW_PATH) ingest.keepOut(today.day, "overCap");
      return c.json({ accepted: true as const }, 202);
    }
    const refused = await readBody(c);
    if (refused) return c.json(refused.body, refused.status);
    await next();
  });
  return caps;
}

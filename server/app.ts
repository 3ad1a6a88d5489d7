import type { IncomingMessage } from "node:http";
import { bodyLimit } from "hono/body-limit";
import { compress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { registerIntakeRoutes } from "./api/intake/intake.handlers";
import type { ApiError } from "./lib/http-errors";
import { createRouter, documentOutages } from "./lib/openapi";
import { hasBody, inputHygiene, isEmptyBody } from "./lib/input-hygiene";
import { registerHealth } from "./api/health/health.handlers";
import { registerChatSettingsRoutes } from "./api/chat-settings/chat-settings.handlers";
import { registerInquiryRoutes } from "./api/inquiries/inquiries.handlers";
import { registerAuthRoutes } from "./api/auth/auth.handlers";
import { registerContactRoutes } from "./api/contacts/contacts.handlers";
import { registerProjectRoutes } from "./api/projects/projects.handlers";
import { registerEmailRoutes } from "./api/email/email.handlers";
import { registerJobRoutes } from "./api/jobs/jobs.handlers";
import { registerBackupRoutes } from "./api/backups/backups.handlers";
import { registerPostRoutes } from "./api/posts/posts.handlers";
import { registerMigrationRoutes } from "./api/migration/migration.handlers";
import { registerMediaRoutes } from "./api/media/media.handlers";
import { registerClientPortalRoutes } from "./api/client-portal/client-portal.handlers";
import { registerQuoteRoutes } from "./api/quotes/quotes.handlers";
import { registerInvoiceRoutes } from "./api/invoices/invoices.handlers";
import { registerPaymentRoutes } from "./api/payments/payments.handlers";
import { registerBillingRoutes } from "./api/billing/billing.handlers";
import { registerCarePlanRoutes } from "./api/care-plans/care-plans.handlers";
import { registerBookingRoutes } from "./api/bookings/bookings.handlers";
import { registerQuoteFollowUpRoutes } from "./api/quote-follow-ups/quote-follow-ups.handlers";
import { registerReviewRoutes } from "./api/reviews/reviews.handlers";
import { MEDIA_UPLOAD_PATH } from "./api/media/media.routes";
import { registerAnalyticsRoutes } from "./api/analytics/analytics.handlers";
import { ANALYTICS_CALLS, guardAnalytics } from "./api/analytics/analytics-front-door";
import { createAnalyticsIngest } from "./services/analytics/ingest";
import { registerProjectCommentRoutes } from "./api/project-comments/project-comments.handlers";
import { CLIENT_UPLOAD_PATH } from "./api/project-comments/project-comments.routes";
import { requireAdmin } from "./api/auth/require-admin";
import { NON_HTML_CSP } from "./site/csp";
import { registerSeoRoutes } from "./site/seo-routes";
import { createResponseCache } from "./lib/cached-response";
import { POSTS_CACHE_PREFIX } from "./api/posts/posts.handlers";
import type { AppDeps } from "./lib/app-env";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./db/unavailable";
import { databaseUnavailableBody } from "./lib/http-errors";
import { replayableWrites } from "./lib/write-replay";
import { inMemoryBodyLength } from "./lib/body-length";

/** Smaller answers are sent uncompressed (hono/compress's own default). */
const COMPRESS_THRESHOLD_BYTES = 1024;

export const API_VERSION = "1.0.0";

/** Builds the whole HTTP app from its dependencies; server/compose.ts serves it with its sockets and jobs. */
export function createApp(deps: AppDeps) {
  // Every validation failure answers 400 with a JSON error naming the field.
  const app = createRouter();
  const https = deps.env.SITE_URL.startsWith("https://");

  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(async (c, next) => {
    const started = performance.now();
    c.set("deps", deps);
    c.set("log", deps.log.child({ reqId: c.var.requestId }));
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const level = c.res.status >= 500 ? "error" : "info";
    c.var.log[level]({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
  });
  app.use(async (c, next) => {
    await next();
    const api = c.req.path.startsWith("/api/");
    const status = c.res.status;
    const apply = (headers: Headers) => {
      if (api) storeNothing(headers, status);
      headers.set("X-Content-Type-Options", "nosniff");
      headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
      headers.set("X-Frame-Options", "SAMEORIGIN");
      headers.set("Cross-Origin-Opener-Policy", "same-origin");
      headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
      if (https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
      if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NON_HTML_CSP);
    };
    try {
      apply(c.res.headers);
    } catch {
      // Responses made by Response.redirect() have immutable headers: copy first.
      const copy = new Response(c.res.body, c.res);
      apply(copy.headers);
      c.res = undefined;
      c.res = copy;
    }
  });
  // Dynamic answers to reads are compressed per request; one that already chose its encoding by
  // Accept-Encoding (pages and files from memory, cached API reads) goes out as it is. The answers
  // to writes are confirmations of a few bytes, sent as they are: with no length known, the
  // middleware compressed each one through a stream, which halved the rate of pageviews taken in
  // (518 against 952 a second).
  // An answer of a few hundred bytes held in memory (health, refusals, short reads) goes out as it
  // is too: a compression stream each cost more than the bytes it saved (body-length.ts).
  const dynamicCompress = compress({ threshold: COMPRESS_THRESHOLD_BYTES });
  app.use(async (c, next) => {
    await next();
    if (c.req.method !== "GET") return;
    const length = inMemoryBodyLength(c.res);
    if (length !== undefined && length < COMPRESS_THRESHOLD_BYTES) return;
    if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(c.res.headers.get("Vary") ?? "")) return;
    if (!/\b(gzip|deflate)\b/i.test(c.req.header("Accept-Encoding") ?? "")) return varyByEncoding(c.res);
    await dynamicCompress(c, async () => {});
  });
  const jsonBodyLimit = bodyLimit({
    maxSize: deps.env.MAX_JSON_BODY_BYTES,
    onError: (c) =>
      c.json(
        { error: `Request body too large: the limit is ${deps.env.MAX_JSON_BODY_BYTES} bytes` } satisfies ApiError,
        413,
      ),
  });
  // The analytics calls' per-minute limit and daily caps come before any body is read, and their
  // small bodies are read and checked by their front door itself, once: the three middlewares
  // below leave them to it (docs/decisions/033-analytics-flood.md).
  const analytics = deps.analytics ?? createAnalyticsIngest({ db: deps.db, log: deps.log });
  const analyticsCaps = guardAnalytics(app, analytics, deps.analyticsCaps);
  const analyticsCall = (path: string) => path.startsWith(ANALYTICS_CALLS);
  // The uploads' bodies are read by their routes as they arrive (server/lib/upload-form.ts).
  const uploadCall = (path: string) => path === MEDIA_UPLOAD_PATH || path === CLIENT_UPLOAD_PATH;
  // A write sent with a JSON Content-Type and no body (curl -X POST -H 'Content-Type:
  // application/json', as docs/product/chat.md and migration.md "The calls" give calls without a
  // body) has no body: its declared type is dropped, so a route whose body is optional takes it as
  // none, and one that needs a body says which fields are missing rather than "Malformed JSON".
  app.use("/api/*", async (c, next) => {
    if (
      hasBody(c.req.method) &&
      !analyticsCall(c.req.path) &&
      isEmptyBody(c.req.raw, (c.env as { incoming?: IncomingMessage } | undefined)?.incoming)
    )
      c.req.raw.headers.delete("content-type");
    await next();
  });
  // The media uploads have their own, larger limit (server/api/media/media.handlers.ts,
  // server/api/project-comments/project-comments.handlers.ts).
  // GET and HEAD carry no body: asking for one would build a full Request (and an AbortController)
  // for every API read, which halves the rate of the cached answers.
  app.use("/api/*", (c, next) =>
    !hasBody(c.req.method) || uploadCall(c.req.path) || analyticsCall(c.req.path) ? next() : jsonBodyLimit(c, next),
  );

  // Every admin route, present and future, needs a valid token (docs/product/admin-sign-in.md
  // "Sessions", docs/product/architecture.md "Security defaults").
  app.use("/api/admin/*", requireAdmin);
  app.use("/api/migrate/*", requireAdmin);
  // Control characters, malformed percent-encodings and absurd nesting are refused here with 400,
  // for every route present and future, before any of it can reach a handler or the database.
  const hygiene = inputHygiene({ maxBodyBytes: deps.env.MAX_JSON_BODY_BYTES, streamed: uploadCall });
  app.use("/api/*", (c, next) => (analyticsCall(c.req.path) ? next() : hygiene(c, next)));
  // Behind the proxy, a write it sends to a second process is answered from the first copy
  // (docs/decisions/039-writes-sent-twice.md).
  app.use("/api/*", replayableWrites({ skip: analyticsCall }));
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });

  // A post saved here clears this process's cached reads at once; the caller's hook tells the rest.
  const publicCache = deps.publicCache ?? createResponseCache();
  const onContentChange = () => {
    publicCache.clear(POSTS_CACHE_PREFIX);
    deps.onContentChange?.();
  };

  registerHealth(app);
  registerAuthRoutes(app);
  registerChatSettingsRoutes(app, publicCache);
  registerInquiryRoutes(app);
  registerContactRoutes(app);
  registerProjectRoutes(app);
  registerEmailRoutes(app);
  registerJobRoutes(app);
  registerBackupRoutes(app);
  registerPostRoutes(app, onContentChange, publicCache);
  registerMigrationRoutes(app, onContentChange);
  registerMediaRoutes(app);
  registerProjectCommentRoutes(app);
  registerIntakeRoutes(app);
  registerClientPortalRoutes(app);
  registerQuoteRoutes(app);
  registerQuoteFollowUpRoutes(app);
  registerInvoiceRoutes(app);
  registerPaymentRoutes(app);
  registerBillingRoutes(app);
  registerCarePlanRoutes(app);
  registerBookingRoutes(app);
  registerReviewRoutes(app, onContentChange, publicCache);
  registerAnalyticsRoutes(app, analytics, analyticsCaps);
  registerSeoRoutes(app, deps.sitemapSources);

  documentOutages(app);
  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Websites by Tyler API", version: API_VERSION },
  });

  app.all("/api/*", (c) => c.json({ error: `No API route ${c.req.method} ${c.req.path}` } satisfies ApiError, 404));

  app.all("*", async (c) => {
    if (!deps.site) return c.json({ error: "Not found" } satisfies ApiError, 404);
    return deps.site.handle(c.req.raw);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const message = error.message || "Bad request";
      return c.json({ error: message } satisfies ApiError, error.status);
    }
    // The request id, method and route pattern only: never the request, its body or its query, and the
    // error goes through the logger's serializer, which drops SQL parameters and rows (server/lib/logger.ts).
    const log = c.var.log ?? deps.log.child({ reqId: c.var.requestId });
    // The database is down, restarting or out of reach: the visitor is told to try again (and how
    // else to reach the owner), a monitor sees 503, and nothing claims a success it did not store.
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error, method: c.req.method, route: c.req.routePath }, "the database is unavailable");
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(databaseUnavailableBody(c.req.method), 503);
    }
    log.error({ err: error, method: c.req.method, route: c.req.routePath }, "unhandled error");
    return c.json({ error: "Something went wrong on our side. Please try again in a moment." } satisfies ApiError, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * The answer to a client that takes neither gzip nor deflate (a script, a monitor, a load test):
 * sent as it is, with the `Vary: Accept-Encoding` the compression middleware would have given it
 * (a cache must not hand it to a browser that asked for gzip). Set on the answer's own headers: the
 * middleware's `c.header()` after the answer was made turned the adapter's light answer into a full
 * Response with a body stream, a fifth of a small list call's time in the server
 * (docs/decisions/057-page-ids-then-rows.md).
 */
function varyByEncoding(res: Response) {
  const headers = res.headers;
  const type = headers.get("Content-Type") ?? "";
  if (res.status === 206 || headers.has("Content-Encoding") || headers.has("Transfer-Encoding")) return;
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  if (/\bno-transform\b/i.test(headers.get("Cache-Control") ?? "")) return;
  headers.append("Vary", "Accept-Encoding");
}

/**
 * What a browser or a proxy may keep of an /api/ answer (docs/product/architecture.md "Security
 * defaults"): nothing, unless the handler chose its own caching for a public read (the posts and the
 * assistant's settings answered from memory with an ETag, a published media file). Every error, the
 * sign-in and lookup answers that carry tokens, the Checkout address and every signed-in read are
 * `no-store`; a handler's stricter `private, no-store` is kept as it is.
 */
export function storeNothing(headers: Headers, status: number) {
  const chosen = headers.get("Cache-Control");
  if (chosen && (status < 400 || /\bno-store\b/.test(chosen))) return;
  headers.set("Cache-Control", "no-store");
}

import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { bearerToken } from "./bearer-token";
import { createGate, GateFullError, type Gate } from "../services/hash-gate";
import { hitRateLimits } from "../services/rate-limit";
import type { AppDeps, AppEnv } from "./app-env";
import { clientIp } from "./client-ip";
import { jsonError } from "./http-errors";
import { retryLater } from "./openapi";
import { dropUploadBody } from "./upload-form";

/**
 * The calls one token could use to stall the site (docs/decisions/046-limits-per-token-and-process.md):
 * a PDF (rendered per request), an upload (up to 25 MB), a Stripe Checkout session (a call to
 * Stripe) and a CSV export (every row of a list). Each kind has a count per minute for each token
 * and for each client address, kept in PostgreSQL so every process shares it, and a number that
 * may run at once in this process. Past either, the call is answered 429 with Retry-After and
 * words that say to wait, before any of its work (or its body) is begun.
 */
export const CALL_LIMITS = {
  // A client opens a handful of PDFs; 30 a minute is more than any reader, and one token asking
  // for 200 at once is refused past its 30 (decision 046's measurements). The renders themselves
  // run PDF_WORKERS at a time with PDF_QUEUE waiting (decision 045), and a kept render is a read:
  // the cap here only bounds the downloads being streamed at once.
  pdf: { perMinute: 30, atOnce: 24, busySeconds: 2, what: "PDF downloads" },
  // Uploads go one file per call, one after another, from the chat and the media library.
  upload: { perMinute: 30, atOnce: 2, busySeconds: 5, what: "uploads" },
  // Pay Now opens one Checkout page; a few retries are more than enough.
  checkout: { perMinute: 10, atOnce: 4, busySeconds: 2, what: "payment pages" },
  // An export reads every row of a list on the reports' own pool (decision 030).
  csv: { perMinute: 30, atOnce: 2, busySeconds: 5, what: "CSV exports" },
} as const;

export type CallKind = keyof typeof CALL_LIMITS;

const WINDOW_MS = 60_000;

/** The words of a refusal: what to do first, then why and for how long. */
export const pleaseWait = (reason: string, seconds: number) =>
  `Please wait a moment: ${reason}. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;

/** The 429 of a limited route, for its contract (its Retry-After header included). */
export const tooManyCalls = (kind: CallKind) => {
  const { perMinute, atOnce, what } = CALL_LIMITS[kind];
  return {
    429: retryLater(
      `Too many ${what}: more than ${perMinute} a minute from this token or address, or ${atOnce} already under way on the server. Wait Retry-After seconds`,
    ),
  };
};

/** The gates of one app (one per process in production; each test's app has its own). */
const gatesOf = new WeakMap<AppDeps, Record<CallKind, Gate>>();
function gate(deps: AppDeps, kind: CallKind): Gate {
  let gates = gatesOf.get(deps);
  if (!gates) {
    const make = (k: CallKind) => createGate({ concurrency: CALL_LIMITS[k].atOnce, queue: 0 });
    gates = { pdf: make("pdf"), upload: make("upload"), checkout: make("checkout"), csv: make("csv") };
    gatesOf.set(deps, gates);
  }
  return gates[kind];
}

function refuse(c: Context<AppEnv>, seconds: number, reason: string) {
  c.header("Retry-After", String(seconds));
  return jsonError(c, 429, pleaseWait(reason, seconds));
}

/**
 * One statement counts the call for its token (hashed: no token is stored) and its address. A
 * call without a token counts for its address alone; its route then answers 401 as before.
 */
async function overRate(c: Context<AppEnv>, kind: CallKind) {
  const { db, env } = c.var.deps;
  const perToken = CALL_LIMITS[kind].perMinute;
  const token = bearerToken(c.req.header("authorization"));
  const hits = [
    { key: `calls:${kind}:address:${clientIp(c, env.TRUST_PROXY)}`, limit: env.CALL_LIMIT_PER_ADDRESS ?? perToken },
  ];
  if (token)
    hits.push({
      key: `calls:${kind}:token:${createHash("sha256").update(token).digest("base64url")}`,
      limit: perToken,
    });
  const results = await hitRateLimits(db, hits, WINDOW_MS);
  const over = results.filter((r) => !r.allowed);
  return over.length ? Math.max(...over.map((r) => r.retryAfterSeconds)) : undefined;
}

/**
 * The route's first step (routeOf's `middleware`): a place among the kind's calls running in this
 * process, taken at once or refused at once (never queued), then the count per minute. The place
 * is held until the route has answered: the PDF rendered, the upload stored.
 */
export function limitCalls(kind: CallKind): MiddlewareHandler<AppEnv> {
  const { what, busySeconds } = CALL_LIMITS[kind];
  return async (c, next) => {
    let refusal: { seconds: number; reason: string } | undefined;
    try {
      await gate(c.var.deps, kind).run(async () => {
        const retryAfter = await overRate(c, kind);
        if (retryAfter === undefined) await next();
        else refusal = { seconds: retryAfter, reason: `too many ${what} in the last minute` };
      });
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error;
      refusal = { seconds: busySeconds, reason: `the server is busy with other ${what} right now` };
    }
    if (!refusal) return;
    // Outside the place: a refused upload's body is dropped as it comes, then it is told to wait.
    if (kind === "upload") await dropUploadBody(c);
    return refuse(c, refusal.seconds, refusal.reason);
  };
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import type { AppEnv } from "./app-env";
import { clientIp } from "./client-ip";
import type { ApiError } from "./http-errors";
import { hasBody } from "./input-hygiene";

/**
 * A write the proxy sends twice is written once (docs/decisions/039-writes-sent-twice.md).
 *
 * nginx sends a request to the next process when the first one's connection fails
 * (`proxy_next_upstream error timeout non_idempotent`): a process that stops closes its listening
 * socket, and the connections waiting in its accept queue, requests already written to them, are
 * reset by the kernel. Neither nginx nor anyone else can tell whether such a request was handled,
 * so the app tells: behind the proxy, a write is claimed by nginx's request id (the same id on
 * every process it is sent to) before it runs, and its answer is kept with the claim. The same
 * id arriving again gets that answer; one arriving while the first copy still runs waits for it.
 *
 * The answer is encrypted under a key derived from the request id, and the row is keyed by the
 * id's hash: a row read from the database or a backup (a login's token, a portal session) is
 * useless without the id, which only the proxy and this request ever had. Rows are deleted
 * after REPLAY_KEEP_MINUTES.
 */

/** nginx's $request_id: 32 hexadecimal digits, made by the proxy for each request it takes (never the client's). */
const PROXY_REQUEST_ID = /^[0-9a-f]{32}$/;
/** How long a second copy waits for the first one's answer: nginx's proxy_next_upstream_timeout. */
export const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 50;
/** How long answers are kept: far longer than nginx tries (10 s), far shorter than anything worth keeping. */
export const REPLAY_KEEP_MINUTES = 10;
/** Answers larger than this are not kept (no write answers that much); their copies run again. */
const MAX_KEPT_BODY_BYTES = 256 * 1024;

interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: string | null;
}

const digest = (label: string, value: string) => createHash("sha256").update(`${label}\0${value}`).digest();

function seal(requestId: string, answer: KeptAnswer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", digest("replay-key", requestId), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(answer), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

function open(requestId: string, stored: Buffer): KeptAnswer {
  const decipher = createDecipheriv("aes-256-gcm", digest("replay-key", requestId), stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]).toString("utf8"));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer a write with this id got, once it has one; undefined if none came within `waitMs`. */
async function keptAnswer(db: Database, idHash: string, waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await db.execute<{ fingerprint: string; answer: Buffer | null }>(
      sql`select fingerprint, answer from request_replays where id_hash = ${idHash}`,
    );
    const row = rows[0];
    // Deleted: the first copy failed (5xx) and let go of its claim; this one may run.
    if (!row || row.answer || Date.now() >= deadline) return row;
    await sleep(REPLAY_POLL_MS);
  }
}

/**
 * The middleware, for every API write (the analytics beacons excepted: they are counted, not
 * stored as answers). Without TRUST_PROXY a client could choose its own request id, so it does
 * nothing then; the app serves alone and nothing sends a write twice.
 */
export function replayableWrites(options: { skip?: (path: string) => boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { env, db } = c.var.deps;
    const requestId = c.req.header("x-request-id");
    if (!env.TRUST_PROXY || !hasBody(c.req.method) || !requestId || !PROXY_REQUEST_ID.test(requestId)) return next();
    if (options.skip?.(c.req.path)) return next();

    const idHash = digest("replay-id", requestId).toString("hex");
    const fingerprint = digest(
      "replay-request",
      [c.req.method, c.req.url, c.req.header("authorization") ?? "", clientIp(c, env.TRUST_PROXY)].join("\n"),
    ).toString("hex");

    for (;;) {
      const claimed = await db.execute(
        sql`insert into request_replays (id_hash, fingerprint) values (${idHash}, ${fingerprint})
            on conflict (id_hash) do nothing returning id_hash`,
      );
      if (claimed.rows.length) break;
      const kept = await keptAnswer(db, idHash, REPLAY_WAIT_MS);
      if (!kept) continue; // the first copy let go of it meanwhile: claim it again
      if (kept.fingerprint !== fingerprint)
        return c.json({ error: "This request id belongs to another request." } satisfies ApiError, 409);
      if (!kept.answer) {
        // The first copy is still running after the proxy's whole retry time, or its process died
        // in the middle: whether it was stored cannot be told, so nothing claims either way.
        c.header("Retry-After", "30");
        return c.json(
          {
            error:
              "We could not confirm that this went through. Please check before sending it again, or try again in a minute.",
          } satisfies ApiError,
          503,
        );
      }
      c.var.log.info({ method: c.req.method, path: c.req.path }, "a write sent twice: answered from the first copy");
      const answer = open(requestId, kept.answer);
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    }

    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const readable = !res.body || type.includes("json") || type.startsWith("text/");
    const body = res.body && readable ? await res.clone().text() : null;
    const keep = res.status < 500 && readable && (body?.length ?? 0) <= MAX_KEPT_BODY_BYTES;
    // Kept while the answer goes out, not before: a second copy comes only if this answer never
    // reached the proxy, and one that comes meanwhile waits for it (keptAnswer).
    const log = c.var.log;
    void db
      .execute(
        keep
          ? sql`update request_replays set answer = ${seal(requestId, { status: res.status, headers: [...res.headers], body })}
                where id_hash = ${idHash}`
          : // Not stored (a failed write rolls back), or not an answer to keep: a second copy runs again.
            sql`delete from request_replays where id_hash = ${idHash}`,
      )
      .catch((error: unknown) =>
        // The write itself is done and answered as it was; only a second copy of it, should one
        // come, finds no answer and says it cannot tell.
        log.warn({ err: error }, "the answer to a write could not be kept for a second copy"),
      );
  };
}

/** Deletes the answers past their use; run with the other maintenance. */
export async function purgeRequestReplays(db: Database): Promise<void> {
  await db.execute(
    sql`delete from request_replays where created_at < now() - make_interval(mins => ${REPLAY_KEEP_MINUTES})`,
  );
}

import { hash, randomBytes } from "node:crypto";
import { and, like, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { site } from "~/config/site";
import { dayIn } from "~/contracts/analytics-days";
import type { Database } from "../../db/client";
import { analyticsEvents, analyticsKeptOut, serverSecrets } from "../../db/schema/index";
import type { Logger } from "../../lib/logger";
import type { KeptOutReason } from "./guards";
import { sharedSecret } from "../server-secrets";

/**
 * Visit counting on the server (docs/decisions/024-analytics.md): who a visitor is, without
 * keeping who they are; writes gathered in memory and inserted in batches; bots left out; and
 * the purge of what is past its retention.
 */

export type NewAnalyticsRow = typeof analyticsEvents.$inferInsert;

/* ---------------- The visitor: a hash under a salt of the day ---------------- */

const SALT_PREFIX = "analytics-salt:";

/**
 * A visitor is the hash of their address and browser under a random salt of the day (in the
 * business's time zone). The salt is shared by every app process through the database and
 * deleted when its day is over (purgeOldAnalytics), after which no one, the owner included,
 * can tell whose visits they were or link them to the next day's.
 */
export function createVisitorHasher(db: Database) {
  const salts = new Map<string, Promise<string>>();
  const saltOf = (day: string) => {
    let salt = salts.get(day);
    if (!salt) {
      salt = sharedSecret(db, `${SALT_PREFIX}${day}`, () => randomBytes(32).toString("base64url"));
      // A failure is tried again on the next request, not remembered.
      salt.catch(() => salts.delete(day));
      salts.set(day, salt);
      // Today's and yesterday's at most (requests in flight across midnight).
      for (const known of salts.keys()) if (salts.size > 2 && known !== day) salts.delete(known);
    }
    return salt;
  };
  // The day is formatted once a second at most: under a flood it was the dearest step here.
  let second = NaN;
  let secondsDay = "";
  const dayOf = (now: Date) => {
    const at = Math.floor(now.getTime() / 1000);
    if (at !== second) {
      second = at;
      secondsDay = dayIn(site.timeZone, now);
    }
    return secondsDay;
  };
  return async function visitorHash(address: string, userAgent: string, now = new Date()): Promise<string> {
    const day = dayOf(now);
    const salt = await saltOf(day);
    return hash("sha256", `${salt}\n${day}\n${address}\n${userAgent}`, "base64url").slice(0, 22);
  };
}

/* ---------------- Bots ---------------- */

/** isbot's answers for the browsers seen lately: a flood repeats a few of them thousands of times. */
const botAnswers = new Map<string, boolean>();
const BOT_ANSWERS_KEPT = 1000;

/** A crawler, a link previewer, a headless script, or no browser named at all: not counted. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent?.trim()) return true;
  let bot = botAnswers.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (userAgent.length <= 512) {
      if (botAnswers.size >= BOT_ANSWERS_KEPT) botAnswers.clear();
      botAnswers.set(userAgent, bot);
    }
  }
  return bot;
}

/* ---------------- Paths and referrers ---------------- */

/**
 * The path without its query, and the UTM tags the query carried (docs/product/consent-and-analytics.md
 * "On the server"; the visit's attribution).
 */
export function splitPath(pathWithQuery: string) {
  const url = new URL(pathWithQuery, "http://site.invalid");
  const tag = (name: string) => url.searchParams.get(name)?.trim().slice(0, 200) || null;
  return {
    path: url.pathname.slice(0, 500),
    utmSource: tag("utm_source"),
    utmMedium: tag("utm_medium"),
    utmCampaign: tag("utm_campaign"),
  };
}

/**
 * Where a pageview came from: the host of another site (without "www."), or none. `entry` says
 * whether it starts a visit: it came from another site or from nowhere (typed, a bookmark, the
 * first page of a tab), not from one of the site's own pages (ownHosts). A referrer that is not
 * an address counts as none.
 */
export function pageviewOrigin(
  referrer: string | undefined,
  ownHosts: readonly string[],
): { referrerHost: string | null; entry: boolean } {
  if (!referrer?.trim()) return { referrerHost: null, entry: true };
  try {
    const url = new URL(referrer);
    if (ownHosts.includes(url.host.toLowerCase())) return { referrerHost: null, entry: false };
    const host = (url.hostname || url.protocol.replace(/:$/, "")).toLowerCase().replace(/^www\./, "");
    return { referrerHost: host ? host.slice(0, 255) : null, entry: true };
  } catch {
    return { referrerHost: null, entry: true };
  }
}

/* ---------------- Batched writes ---------------- */

export interface AnalyticsIngest {
  /** Queues a row; it is written within `flushMs`, or at once when the batch is full. */
  add(row: NewAnalyticsRow): void;
  /**
   * Counts a pageview that was not counted, for the day it came (docs/decisions/033-analytics-flood.md);
   * the counts are added to analytics_kept_out with the next write.
   */
  keepOut(day: string, reason: KeptOutReason): void;
  /** Writes what is queued now; resolves with the number of rows written. */
  flush(): Promise<number>;
  /** Writes what is queued and stops: later rows are dropped (the process is stopping). */
  close(): Promise<void>;
  readonly pending: number;
}

export interface IngestOptions {
  db: Database;
  log: Pick<Logger, "error" | "warn">;
  /** At most this long between a row's arrival and its write. */
  flushMs?: number;
  /** A batch this size is written at once. */
  batchRows?: number;
  /** While the database cannot be reached, at most this many rows wait; the oldest go first. */
  maxPending?: number;
}

/**
 * A batch of rows as one INSERT with a single JSON parameter. Drizzle's multi-row insert builds
 * its SQL value by value on the event loop: 500 rows took 25-35 ms, during which no page was
 * served (docs/decisions/033-analytics-flood.md). JSON.stringify does the same in well under a
 * millisecond, and PostgreSQL unpacks it into the table's own row type.
 */
function insertRows(db: Database, batch: readonly NewAnalyticsRow[]) {
  const rows = batch.map((r) => ({
    kind: r.kind,
    name: r.name ?? null,
    path: r.path,
    visitor: r.visitor,
    referrer_host: r.referrerHost ?? null,
    entry: r.entry ?? false,
    utm_source: r.utmSource ?? null,
    utm_medium: r.utmMedium ?? null,
    utm_campaign: r.utmCampaign ?? null,
    scroll_depth: r.scrollDepth ?? null,
    seconds: r.seconds ?? null,
    props: r.props ?? null,
    created_at: r.createdAt ?? null,
  }));
  return db.execute(sql`
    insert into analytics_events (kind, name, path, visitor, referrer_host, entry, utm_source, utm_medium,
      utm_campaign, scroll_depth, seconds, props, created_at)
    select kind, name, path, visitor, referrer_host, entry, utm_source, utm_medium, utm_campaign, scroll_depth,
      seconds, props, coalesce(created_at, now())
    from json_populate_recordset(null::analytics_events, ${JSON.stringify(rows)}::json)`);
}

/**
 * Pageviews arrive with every page a visitor opens: one INSERT each would cost the database a
 * round trip and a commit per page. Rows wait here and go in one multi-row INSERT per second
 * (or per full batch), and the shutdown writes the rest (server/compose.ts). One write runs at
 * a time; a failed write keeps its rows for the next one.
 */
export function createAnalyticsIngest({
  db,
  log,
  flushMs = 1000,
  batchRows = 500,
  maxPending = 50_000,
}: IngestOptions): AnalyticsIngest {
  let queue: NewAnalyticsRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<number> = Promise.resolve(0);
  let closed = false;
  let dropped = 0;
  /** Pageviews kept out per day, not yet added to analytics_kept_out. */
  let keptOut = new Map<string, Record<KeptOutReason, number>>();

  /** Adds the kept-out counts to their days (one statement); a failed write keeps them for the next. */
  const writeKeptOut = async () => {
    if (keptOut.size === 0) return;
    const counts = keptOut;
    keptOut = new Map();
    try {
      await db
        .insert(analyticsKeptOut)
        .values([...counts].map(([day, c]) => ({ day, overCap: c.overCap, spamReferrer: c.spamReferrer })))
        .onConflictDoUpdate({
          target: analyticsKeptOut.day,
          set: {
            overCap: sql`${analyticsKeptOut.overCap} + excluded.over_cap`,
            spamReferrer: sql`${analyticsKeptOut.spamReferrer} + excluded.spam_referrer`,
          },
        });
    } catch (error) {
      for (const [day, c] of counts)
        for (const reason of ["overCap", "spamReferrer"] as const) tally(day, reason, c[reason]);
      log.error({ err: error }, "could not write the analytics kept out; kept for the next try");
      schedule();
    }
  };
  const tally = (day: string, reason: KeptOutReason, n: number) => {
    let counts = keptOut.get(day);
    if (!counts) keptOut.set(day, (counts = { overCap: 0, spamReferrer: 0 }));
    counts[reason] += n;
  };

  const write = async (): Promise<number> => {
    let written = 0;
    while (queue.length > 0) {
      const batch = queue.slice(0, batchRows);
      try {
        await insertRows(db, batch);
      } catch (error) {
        log.error({ err: error, rows: queue.length }, "could not write analytics; kept for the next try");
        schedule();
        return written;
      }
      queue = queue.slice(batch.length);
      written += batch.length;
    }
    await writeKeptOut();
    return written;
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(write, write);
    return writing;
  };
  function schedule() {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), flushMs);
    timer.unref();
  }

  return {
    add(row) {
      if (closed) return;
      queue.push(row);
      if (queue.length > maxPending) {
        queue.splice(0, queue.length - maxPending);
        if (dropped++ % 1000 === 0) log.warn({ maxPending }, "analytics backlog full: the oldest rows are dropped");
      }
      if (queue.length >= batchRows) void flush();
      else schedule();
    },
    keepOut(day, reason) {
      if (closed) return;
      tally(day, reason, 1);
      schedule();
    },
    flush,
    async close() {
      closed = true;
      await flush();
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
    get pending() {
      return queue.length;
    },
  };
}

/* ---------------- Per-address limit ---------------- */

/**
 * A fixed-window count per address, kept in this process's memory only: the shared counters of
 * rate-limit.ts cost a database write per request (the very cost batching saves) and would store
 * the address. Behind a load balancer each process counts on its own.
 */
export function createAddressLimiter(limit: number, windowMs: number, now = () => Date.now()) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    hit(address: string): { allowed: boolean; retryAfterSeconds: number } {
      const at = now();
      if (at - windowStart >= windowMs || counts.size > 100_000) {
        windowStart = at;
        counts = new Map();
      }
      const count = (counts.get(address) ?? 0) + 1;
      counts.set(address, count);
      return {
        allowed: count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)),
      };
    },
  };
}

/* ---------------- Retention ---------------- */

/**
 * docs/product/consent-and-analytics.md "Retention": analytics are kept up to 2 years. Also deletes
 * the visitor salts of days before yesterday, so a day's visitors can no longer be told apart by
 * anyone once it is over. The daily rollups, which hold no visitor hash, are kept
 * (docs/decisions/031-analytics-rollups.md).
 */
export async function purgeOldAnalytics(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setFullYear(cutoff.getFullYear() - site.retention.analyticsYears);
  const old = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.createdAt, cutoff))
    .returning({ id: analyticsEvents.id });
  const yesterday = dayIn(site.timeZone, new Date(now.getTime() - 24 * 60 * 60 * 1000));
  await db
    .delete(serverSecrets)
    .where(and(like(serverSecrets.name, `${SALT_PREFIX}%`), lt(serverSecrets.name, `${SALT_PREFIX}${yesterday}`)));
  return old.length;
}

import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * Fixed-window counters in PostgreSQL, shared by every app process. One
 * statement per hit: it opens a new window when the old one is over.
 */
export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  const result = await db.execute<{ count: number; expires_at: Date }>(sql`
    insert into rate_limits (key, count, window_started_at, expires_at)
    values (${key}, 1, now(), now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.expires_at <= now() then now() else rate_limits.window_started_at end,
      expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
    returning count, expires_at`);
  const row = result.rows[0]!;
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.expires_at).getTime() - Date.now()) / 1000));
  return { allowed: row.count <= limit, count: row.count, retryAfterSeconds };
}

/**
 * One hit on several keys in one statement. The rows are locked in the order
 * given until the statement ends, so concurrent callers with the same keys
 * take their turns on all of them together: the n-th caller sees n on every
 * key, and a limit on two keys admits exactly as many as a limit on one.
 */
export async function hitRateLimits(
  db: Database,
  hits: { key: string; limit: number }[],
  windowMs: number,
): Promise<RateLimitResult[]> {
  const rows = sql.join(
    hits.map(({ key }) => sql`(${key}, 1, now(), now() + make_interval(secs => ${windowMs / 1000}))`),
    sql`, `,
  );
  const result = await db.execute<{ key: string; count: number; expires_at: Date }>(sql`
    insert into rate_limits (key, count, window_started_at, expires_at)
    values ${rows}
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.expires_at <= now() then now() else rate_limits.window_started_at end,
      expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
    returning key, count, expires_at`);
  const byKey = new Map(result.rows.map((row) => [row.key, row]));
  return hits.map(({ key, limit }) => {
    const row = byKey.get(key)!;
    const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.expires_at).getTime() - Date.now()) / 1000));
    return { allowed: row.count <= limit, count: row.count, retryAfterSeconds };
  });
}

/** Deletes windows that are over; run now and then. */
export async function purgeExpiredRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where expires_at < now()`);
}

/** How many hits the key has in its current window, without adding one. */
export async function peekRateLimit(db: Database, key: string): Promise<{ count: number; retryAfterSeconds: number }> {
  const result = await db.execute<{ count: number; expires_at: Date }>(
    sql`select count, expires_at from rate_limits where key = ${key} and expires_at > now()`,
  );
  const row = result.rows[0];
  if (!row) return { count: 0, retryAfterSeconds: 0 };
  return {
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((new Date(row.expires_at).getTime() - Date.now()) / 1000)),
  };
}

export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Takes `by` hits back from the key's current window (an attempt that was not carried out, or forgiven). */
export async function lowerRateLimit(db: Database, key: string, by = 1): Promise<void> {
  if (by <= 0) return;
  await db.execute(
    sql`update rate_limits set count = greatest(0, count - ${by}) where key = ${key} and expires_at > now()`,
  );
}

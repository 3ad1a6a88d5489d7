import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Tx } from "../db/tx";

/**
 * The first key of every job lock, "jobs" in ASCII. Two-key advisory locks live apart from the
 * one-key locks of the migrations (server/db/migrate.ts, services/migration.ts), so a job's name
 * can never hash onto them.
 */
const JOB_LOCK_SPACE = 0x6a6f6273;

export type ExclusiveRun<T> = { ran: false } | { ran: true; result: T };

/**
 * The lock the daily jobs share (project retention, and the backup): one of them runs at
 * a time, on one process. A backup copies the database and then the media files; a retention run
 * between the two would leave it rows whose files it never copied.
 */
export const DAILY_JOBS_LOCK = "daily-jobs";

/**
 * Runs `fn` unless another session (another app process on the same database, or another call
 * in this one) is running the job `name`: several processes then sweep, purge or send once, not
 * once each. The lock is a session-level advisory lock on one pooled connection held for the
 * run, rather than a transaction-level one, so a long job keeps no transaction open.
 * A job that finished elsewhere a moment ago runs again here: jobs must be safe to repeat.
 */
export async function runExclusive<T>(db: Database, name: string, fn: () => Promise<T> | T): Promise<ExclusiveRun<T>> {
  const client = await db.$client.connect();
  // A connection whose unlock failed may still hold the lock: it is closed, not pooled, which
  // ends its session and so frees the lock.
  let broken: Error | undefined;
  const query = (text: string) =>
    client.query<{ ok: boolean }>(text, [JOB_LOCK_SPACE, name]).catch((error: Error) => {
      broken = error;
      throw error;
    });
  try {
    const { rows } = await query("select pg_try_advisory_lock($1, hashtext($2)) as ok");
    if (!rows[0]?.ok) return { ran: false };
    try {
      return { ran: true, result: await fn() };
    } finally {
      await query("select pg_advisory_unlock($1, hashtext($2)) as ok").catch(() => {});
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Waits for the lock `name` in the jobs' space, held until `tx` ends: for writes that a job and a
 * request may both make (the analytics rollups of a day), which must take turns, not collide.
 */
export async function lockForTransaction(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${JOB_LOCK_SPACE}, hashtext(${name}))`);
}

/**
 * Takes the lock `name` for `tx` if no one holds it; answers whether it did. For a request that
 * may leave the work to whoever holds it (a report leaves the rollups to the job) rather than wait.
 */
export async function tryLockForTransaction(tx: Tx, name: string): Promise<boolean> {
  const { rows } = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}, hashtext(${name})) as locked`,
  );
  return rows[0]?.locked === true;
}

import { Client } from "pg";
import type { Logger } from "../lib/logger";

/**
 * The lock that tells a restore whether an app process is using the database
 * (README.md "Backups and restore"): every app process holds it shared, on the LISTEN connection
 * it keeps while it runs (server/realtime/pg-listener.ts), and `npm run restore` takes it
 * exclusively before it writes (scripts/restore.ts). Session-level: a process that stops, or
 * dies, lets it go with its connection.
 *
 * Two keys, "apps" in ASCII and 0: apart from the one-key locks of the migrations
 * (server/db/migrate.ts) and from the job locks, whose first key is "jobs" (server/lib/job-lock.ts).
 */
export const APP_LOCK_KEYS = [0x61707073, 0] as const;

/**
 * Takes the app processes' lock, shared, on a connection the process keeps. While a restore
 * holds it this waits, so a process started during a restore begins on the restored database.
 */
export async function holdAppLockShared(client: Client, log: Logger): Promise<void> {
  const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock_shared($1, $2) as ok", [
    ...APP_LOCK_KEYS,
  ]);
  if (rows[0]?.ok) return;
  log.warn("a restore is running on this database: waiting for it to finish");
  await client.query("select pg_advisory_lock_shared($1, $2)", [...APP_LOCK_KEYS]);
}

/**
 * Takes the lock exclusively, on a connection of its own, when no app process holds it; the
 * answer's `release` lets it go. `undefined`: an app process is using the database.
 */
export async function tryAppLockExclusive(databaseUrl: string): Promise<{ release(): Promise<void> } | undefined> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [
      ...APP_LOCK_KEYS,
    ]);
    if (!rows[0]?.ok) {
      await client.end();
      return undefined;
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  // Ending the session lets the lock go.
  return { release: () => client.end().catch(() => {}) };
}

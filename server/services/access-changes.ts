import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * The channel on which a change of who may read what is announced (a session ended, a contact
 * taken off a project): every app process checks its open project sockets again at once
 * (server/realtime/project-sockets.ts), so a revoked session stops hearing a project on every
 * process, not at the next heartbeat.
 */
export const ACCESS_CHANGED_CHANNEL = "access_changed";

/** Tells every process (this one too) that access changed; inside a transaction, on its commit. */
export async function announceAccessChange(db: Pick<Database, "execute">): Promise<void> {
  await db.execute(sql`select pg_notify(${ACCESS_CHANGED_CHANNEL}, '')`);
}

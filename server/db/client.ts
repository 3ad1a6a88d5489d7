import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: Pool };

export interface DatabaseHandle {
  db: Database;
  pool: Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema }) as Database;
  let closed: Promise<void> | undefined;
  return { db, pool, close: () => (closed ??= pool.end()) };
}

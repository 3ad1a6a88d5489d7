import { writeFile } from "node:fs/promises";
import { setPriority } from "node:os";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool, type ClientBase } from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: Pool };

export interface DatabaseHandle {
  db: Database;
  pool: Pool;
  close(): Promise<void>;
}

export interface ConnectOptions {
  max?: number;
  /** PostgreSQL's statement_timeout for every statement on this pool (ms; unset: none). */
  statementTimeoutMs?: number;
  /** How long a caller may wait for a connection (ms). */
  connectionTimeoutMs?: number;
  /**
   * The niceness (1-19) of this pool's server processes, when they run on this machine (the
   * embedded server): the operating system then gives the CPU to the other pools' queries first.
   */
  backendNice?: number;
}

/**
 * Lowers a connection's server process's CPU priority. It is the first statement of the
 * connection (the client runs them in order); a priority that cannot be set (another user's
 * process) is left as it was: the pool works either way, only the visitors' head start is lost.
 * PostgreSQL starts each server process in a session of its own, and Linux (with
 * sched_autogroup) shares the CPU between sessions before it looks at a process's own priority:
 * the session's niceness is set too, or the process's alone would change nothing.
 */
async function niceBackend(client: ClientBase, nice: number): Promise<void> {
  await client.query<{ pid: number }>("select pg_backend_pid() as pid").then(
    ({ rows }) => {
      const pid = rows[0]!.pid;
      try {
        setPriority(pid, nice);
      } catch {
        // Not permitted here: the default priority stays.
      }
      writeFile(`/proc/${pid}/autogroup`, String(nice)).catch(() => {
        // No autogroups here (another system, or the feature off): the process's own priority is what counts.
      });
    },
    () => {},
  );
}

export function connectDatabase(url: string, options: ConnectOptions = {}): DatabaseHandle {
  const pool = new Pool({
    connectionString: url,
    max: options.max ?? 10,
    statement_timeout: options.statementTimeoutMs,
    idleTimeoutMillis: 30_000,
    // No request waits longer than this for a connection, from the pool or a new one: a server
    // that is away answers 503 after it (server/db/unavailable.ts), never a request that hangs.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    // A connection whose server vanished without closing it (a fail-over) is found dead by TCP.
    keepAlive: true,
    // The planner's cost of a random page read as on an SSD, with the tables in memory (1.1, the
    // usual setting there; PostgreSQL's default of 4 is a spinning disk's). With 4 it read every
    // contact for a search (14 ms at 5,000) rather than the trigram indexes (0.4 ms):
    // docs/decisions/032-server-paged-lists.md. A session setting: no privilege needed.
    options: "-c random_page_cost=1.1",
    // Awaited by the pool before it hands the new connection out: a query run from the 'connect'
    // event instead would be sent while the first borrower's is (pg deprecates that, pg@9 refuses it).
    onConnect: options.backendNice ? (client) => niceBackend(client, options.backendNice!) : undefined,
  });
  // An idle client losing its server must not crash the process; the next query connects anew,
  // so the pool comes back by itself when the server does.
  pool.on("error", () => {});
  // A checked-out client (inside a transaction, between its statements) whose server goes away
  // emits 'error' with no listener of the pool's: unhandled, that would stop the process. Its
  // next statement fails instead, and the request answers 503 (server/db/unavailable.ts).
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzle(pool, { schema }) as Database;
  let closed: Promise<void> | undefined;
  return { db, pool, close: () => (closed ??= pool.end()) };
}

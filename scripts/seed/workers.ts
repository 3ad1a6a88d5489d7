import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import type { Exec } from "./sql";

/**
 * Transactions beside the seed's main one, so that the biggest table is written by every core
 * at once (one PostgreSQL backend uses one core). Each runs its work and then waits: it
 * commits only after the main transaction has (commit()), and rolls back when that failed
 * (rollBack()), so the seed stays all or nothing but for a failure between the commits.
 * Takes `count` connections of the pool beside the main transaction's.
 */
export function startWorkers<T>(
  db: Database,
  count: number,
  work: (exec: Exec, worker: number, wanted: () => boolean) => Promise<T>,
) {
  // Set when the main transaction failed: a worker stops at its next statement rather than finish.
  let abandoned = false;
  let release: () => void = () => {};
  let abandon: (error: unknown) => void = () => {};
  const gate = new Promise<void>((resolve, reject) => {
    release = resolve;
    abandon = reject;
  });
  // Every promise here is awaited later; until then a rejection must not count as unhandled.
  gate.catch(() => {});
  const results: Promise<T>[] = [];
  const transactions = Array.from({ length: count }, (_, worker) => {
    let written: (result: T) => void = () => {};
    let failed: (error: unknown) => void = () => {};
    results.push(
      new Promise<T>((resolve, reject) => {
        written = resolve;
        failed = reject;
      }),
    );
    return db.transaction(async (tx) => {
      try {
        written(
          await work(
            (query) => tx.execute(sql.raw(query)),
            worker,
            () => !abandoned,
          ),
        );
      } catch (error) {
        failed(error);
        throw error;
      }
      await gate;
    });
  });
  // Awaited only once the main transaction has written its part: when that failed first, the
  // workers' own failure (stopped by `wanted`) must not end the process before the real error is told.
  const written = Promise.all(results);
  for (const promise of [...results, ...transactions, written]) promise.catch(() => {});

  return {
    /** Every worker's result once all have written (not committed yet); rejects on the first failure. */
    written,
    async commit(): Promise<void> {
      release();
      await Promise.all(transactions);
    },
    async rollBack(error: unknown): Promise<void> {
      abandoned = true;
      abandon(error);
      await Promise.allSettled(transactions);
    },
  };
}

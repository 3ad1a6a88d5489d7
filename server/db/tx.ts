import type { Database } from "./client";

/**
 * One way to name a transaction and to read what PostgreSQL refused, for every service.
 */

/** A transaction: what `db.transaction(work)` hands `work`. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The database or a transaction: a read or a write that runs alone or as part of a larger one. */
export type DbOrTx = Database | Tx;

/** The PostgreSQL error code (SQLSTATE) of a failed statement; the query builder wraps the driver's error as `cause`. */
export function pgCodeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}

/** The constraint a failed statement broke, when PostgreSQL names it. */
export function pgConstraintOf(error: unknown): string | undefined {
  const e = error as { constraint?: unknown; cause?: { constraint?: unknown } } | null | undefined;
  const name = e?.cause?.constraint ?? e?.constraint;
  return typeof name === "string" ? name : undefined;
}

/** A unique index refused the row (23505), that index when named. */
export const isUniqueViolation = (error: unknown, constraint?: string) =>
  pgCodeOf(error) === "23505" && (constraint === undefined || pgConstraintOf(error) === constraint);

/**
 * Runs `work` in a transaction, and once more if a unique index refused it: a parallel request
 * wrote the same key first (the same e-mail's contact), and the second run finds its row.
 */
export async function retryOnUniqueViolation<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) return db.transaction(work);
    throw error;
  }
}

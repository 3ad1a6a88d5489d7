import { customType, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * Writes the proxy may send twice (server/lib/write-replay.ts, docs/decisions/039-writes-sent-twice.md):
 * one row per write that arrived through the proxy with its request id, claimed before the write
 * runs and given its answer after. The same request id arriving again (nginx sending it to
 * another process after the first one's connection failed) gets that answer instead of a second
 * write. Rows live minutes: the hourly maintenance deletes those older than REPLAY_KEEP_MINUTES.
 */
export const requestReplays = pgTable("request_replays", {
  /** SHA-256 of the proxy's request id (never the id itself: it is the answer's key). */
  idHash: text("id_hash").primaryKey(),
  /** SHA-256 of the method, path, query, credentials and visitor address: the same request, not one that reuses its id. */
  fingerprint: text("fingerprint").notNull(),
  /** The answer (status, headers, body), AES-256-GCM under a key derived from the request id; null while the write runs. */
  answer: bytea("answer"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

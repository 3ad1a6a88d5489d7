import { or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { media } from "../../db/schema/index";
import type { Logger } from "../../lib/logger";
import type { MediaStore, StoredObject } from "./store";

/** An upload still between its put and its insert is younger than this: its files are left alone. */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;
/** Keys checked per query: one pass over `media` each (storage_key and thumbnail_key have no index). */
const BATCH_SIZE = 1000;
/** The only names uploadMedia gives: anything else in the folder or bucket is not ours to judge. */
const UPLOAD_KEY = /^(files|thumbs)\/[^/]+$/;

export interface SweepOrphanFilesOptions {
  db: Database;
  store: MediaStore;
  log: Pick<Logger, "info" | "warn">;
  olderThanMs?: number;
  now?: Date;
}

/**
 * Removes stored files that no media row names. An upload writes its bytes before its row
 * (uploadMedia), and its own clean-up cannot run when the process dies in between or the row's
 * transaction rolls back: such a file, possibly a client's private one, is never served yet kept
 * for ever. Safe to repeat and to run beside uploads; run it in one process at a time
 * (runExclusive) only to spare the work.
 */
export async function sweepOrphanFiles({
  db,
  store,
  log,
  olderThanMs = ORPHAN_MIN_AGE_MS,
  now = new Date(),
}: SweepOrphanFilesOptions): Promise<{ scanned: number; removed: number }> {
  // An empty library beside a full store is far likelier a wrong DATABASE_URL (a new staging
  // database on the production bucket) than files that are all orphans: touch nothing.
  const [anyRow] = await db.select({ id: media.id }).from(media).limit(1);
  if (!anyRow) {
    log.warn("the media table is empty: stored media files were not swept");
    return { scanned: 0, removed: 0 };
  }
  const cutoff = now.getTime() - olderThanMs;
  let scanned = 0;
  let removed = 0;
  let batch: string[] = [];
  const settle = async () => {
    const referenced = await referencedKeys(db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      try {
        await store.delete(key);
        removed += 1;
      } catch (error) {
        log.warn({ err: error, key }, "could not remove an unreferenced media file");
      }
    }
    batch = [];
  };
  for await (const object of store.list()) {
    scanned += 1;
    if (!isCandidate(object, cutoff)) continue;
    batch.push(object.key);
    if (batch.length >= BATCH_SIZE) await settle();
  }
  if (batch.length) await settle();
  log.info({ removed, scanned }, "removed unreferenced media files");
  return { scanned, removed };
}

const isCandidate = (object: StoredObject, cutoff: number) =>
  UPLOAD_KEY.test(object.key) && object.modifiedAt.getTime() < cutoff;

/** Which of `keys` a media row names, as its file or its thumbnail. */
async function referencedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  // One array parameter: drizzle would spread a plain array into a list of parameters.
  const list = sql.param(keys);
  const rows = await db
    .select({ file: media.storageKey, thumbnail: media.thumbnailKey })
    .from(media)
    .where(or(sql`${media.storageKey} = any(${list}::text[])`, sql`${media.thumbnailKey} = any(${list}::text[])`));
  return new Set(rows.flatMap((row) => (row.thumbnail ? [row.file, row.thumbnail] : [row.file])));
}

import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import type { MediaStore } from "../media/store";
import { ORPHAN_MIN_AGE_MS } from "../media/orphan-files";
import { BillingError } from "./common";
import { invoiceSourceOf, quoteSourceOf } from "./documents";
import { receiptSourceOf } from "./receipt";
import { renderKey, RENDERS_FOLDER, type PdfKind, type PdfSource } from "./pdf-renders";

/**
 * The kept PDFs' sweep (docs/decisions/045-pdfs-rendered-once.md): a render stays only while it is
 * its document's current one. A render whose document changed (a contact's new address, a
 * quote accepted since, a new layout), whose document is gone, or whose project was deleted (its
 * contact's details no longer print) is removed; so is a ".part" file a crash left mid-write.
 * Renders are copies of what the database holds, so a wrong database costs only renders again.
 */

const SOURCES: Record<PdfKind, (db: Database, id: number) => Promise<PdfSource>> = {
  quote: quoteSourceOf,
  invoice: invoiceSourceOf,
  receipt: receiptSourceOf,
};

const FOLDER = new RegExp(`^${RENDERS_FOLDER}/(quote|invoice|receipt)/(\\d+)$`);

/** The key the document's render has now, or null when none should be kept. */
async function currentKey(db: Database, folder: string): Promise<string | null> {
  const match = FOLDER.exec(folder);
  if (!match) return null;
  try {
    const source = await SOURCES[match[1] as PdfKind](db, Number(match[2]));
    return source.frozen ? renderKey(source) : null;
  } catch (error) {
    if (error instanceof BillingError && error.status === 404) return null;
    throw error;
  }
}

export interface SweepRendersOptions {
  db: Database;
  store: MediaStore;
  log: Pick<Logger, "info" | "warn">;
  /** A render younger than this is left to the next sweep (a ".part" file may still be written). */
  olderThanMs?: number;
  now?: Date;
}

/** One pass over renders/: each document's folder read once, its stale renders removed. */
export async function sweepRenders({
  db,
  store,
  log,
  olderThanMs = ORPHAN_MIN_AGE_MS,
  now = new Date(),
}: SweepRendersOptions): Promise<{ scanned: number; removed: number }> {
  const cutoff = now.getTime() - olderThanMs;
  const byFolder = new Map<string, string[]>();
  let scanned = 0;
  for await (const object of store.list(RENDERS_FOLDER)) {
    scanned += 1;
    if (object.modifiedAt.getTime() >= cutoff) continue;
    const folder = object.key.slice(0, object.key.lastIndexOf("/"));
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), object.key]);
  }
  let removed = 0;
  for (const [folder, keys] of byFolder) {
    const current = await currentKey(db, folder);
    for (const key of keys) {
      if (key === current) continue;
      try {
        await store.delete(key);
        removed += 1;
      } catch (error) {
        log.warn({ err: error, key }, "could not remove a stale kept PDF");
      }
    }
  }
  log.info({ removed, scanned }, "removed stale kept PDFs");
  return { scanned, removed };
}

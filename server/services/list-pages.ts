import { setImmediate } from "node:timers/promises";
import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { dayIn } from "~/contracts/analytics-days";
import { CSV_BOM, csvLine } from "~/lib/csv";

/**
 * What the admin lists share: an order that pages cleanly (the row's id breaks ties, so no row
 * shows on two pages or on none), keyset batches for the exports, and the CSV stream they feed.
 */
export interface ListOrder {
  key: SQL | AnyColumn;
  /** The key's SQL type, to read a cursor's text back into it. */
  type: "timestamptz" | "text" | "integer";
  dir: "asc" | "desc";
}

export const orderOf = (order: ListOrder, id: AnyColumn) =>
  order.dir === "asc" ? [asc(order.key), asc(id)] : [desc(order.key), desc(id)];

/**
 * The sort key as text: a timestamp read into a JavaScript Date would lose its microseconds, and
 * the next batch would then start at the wrong row. Aliased: unnamed, `created_at::text` is an
 * output column called created_at, which an unqualified ORDER BY "created_at" would sort as text.
 */
export const keyText = (order: ListOrder) => sql<string>`(${order.key})::text`.as("sort_key");

/** Where the last batch ended: its last row's sort key (as text) and id. */
export interface Cursor {
  key: string;
  id: number | string;
}

/** The rows after the cursor, in the order's direction: a keyset page, as fast at row 50,000 as at row 1. */
export function afterCursor(order: ListOrder, id: AnyColumn, idType: "bigint" | "text", cursor: Cursor): SQL {
  const op = order.dir === "asc" ? sql`>` : sql`<`;
  return sql`(${order.key}, ${id}) ${op} (cast(${cursor.key} as ${sql.raw(order.type)}), cast(${cursor.id} as ${sql.raw(idType)}))`;
}

/** Batches of `size` rows until the set is read; each asks only for the rows after the last one. */
export async function* keysetBatches<R extends { sortKey: string; id: number | string }>(
  fetchAfter: (cursor: Cursor | null, size: number) => Promise<R[]>,
  size: number,
): AsyncGenerator<R[], void, undefined> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await fetchAfter(cursor, size);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    cursor = { key: last.sortKey, id: last.id };
  }
}

/**
 * Rows per query of an export (keyset batches). The driver and the query builder make a batch's
 * rows into objects in one go when it arrives, and the batch stays alive while it is written: 250
 * rows keep that under a millisecond or two of the Node thread, and the garbage small (decision 050;
 * 1,000 before). An export of 50,000 rows is 200 indexed queries on the reports' pool.
 */
export const EXPORT_BATCH = 250;

/** Rows of an export on its way out. */
export type CsvCells = readonly (string | number | null)[];

/**
 * Rows made into CSV text at a time, between two turns of the event loop: some 10 KB. The Node
 * thread that writes an export also answers the visitors (decision 030); a chunk of a batch of
 * 1,000 rows at once held a lead's next step for tens of milliseconds (docs/performance.md).
 */
export const CSV_CHUNK_ROWS = 100;

/**
 * A CSV download that is written while it is read: the next batch is fetched only when the
 * client has taken the last one (the stream's pull), so memory stays one batch whatever the
 * size, and each batch goes out CSV_CHUNK_ROWS rows at a time, the event loop free between them
 * (setImmediate: whatever I/O waits runs first). The first batch is read before answering, so a
 * database that is away answers 503 like any request rather than a cut file; a later failure
 * ends the download with an error (the browser shows it failed) and is handed to `onError`.
 */
export async function csvStream(
  header: readonly string[],
  batches: AsyncGenerator<CsvCells[], void, undefined>,
  onError: (error: unknown) => void,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await batches.next();
  let rows: CsvCells[] = first.done ? [] : first.value;
  let next = 0;
  let finished = first.done === true;
  let opening = CSV_BOM + csvLine(header);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        await setImmediate();
        while (next >= rows.length && !finished) {
          const batch = await batches.next();
          if (batch.done) finished = true;
          else [rows, next] = [batch.value, 0];
        }
        const chunk = rows.slice(next, next + CSV_CHUNK_ROWS);
        next += chunk.length;
        const text = opening + chunk.map(csvLine).join("");
        opening = "";
        if (text) controller.enqueue(encoder.encode(text));
        if (finished && next >= rows.length) controller.close();
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      // The client went away: stop asking the database.
      await batches.return(undefined);
    },
  });
}

/** `attachment; filename="contacts-2026-05-01.csv"`, dated in the business's time zone. */
export const attachmentName = (prefix: string, timeZone: string, now = new Date()) =>
  `attachment; filename="${prefix}-${dayIn(timeZone, now)}.csv"`;

/** LIKE's wildcards in the searched text match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

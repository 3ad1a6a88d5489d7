import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
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
 * `id in (the ids of the page)`: the rows of one page chosen by their ids alone, in a subquery
 * that walks the order's index (or sorts keys and ids only) past `offset` rows and keeps `limit`
 * ids. The outer query, ordered the same way, then reads only those rows and builds their details
 * (JSON, subqueries, joins). Asked for whole rows with OFFSET, PostgreSQL builds the details of
 * every row it skips, since the select list is evaluated below the LIMIT: the contacts' last page
 * at 150,000 contacts took 3,079 ms that way, 212 ms with its ids chosen first
 * (docs/decisions/049-rollups-and-list-pages-at-scale.md).
 */
export function onPage(
  table: PgTable,
  id: AnyColumn,
  where: SQL | undefined,
  order: readonly SQL[],
  page: { limit: number; offset: number },
): SQL {
  return sql`${id} in (select ${id} from ${table} ${where ? sql`where ${where}` : sql``}
    order by ${sql.join([...order], sql`, `)} limit ${page.limit} offset ${page.offset})`;
}

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

/** Rows of an export on its way out: each batch becomes one chunk. */
export type CsvCells = readonly (string | number | null)[];

/**
 * A CSV download that is written while it is read: the next batch is fetched only when the
 * client has taken the last one (the stream's pull), so memory stays one batch whatever the
 * size. The first batch is read before answering, so a database that is away answers 503 like
 * any request rather than a cut file; a later failure ends the download with an error (the
 * browser shows it failed) and is handed to `onError`.
 */
export async function csvStream(
  header: readonly string[],
  batches: AsyncGenerator<CsvCells[], void, undefined>,
  onError: (error: unknown) => void,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const lines = (rows: CsvCells[]) => rows.map(csvLine).join("");
  const first = await batches.next();
  let opening: string | null = CSV_BOM + csvLine(header) + (first.done ? "" : lines(first.value));
  let finished = first.done === true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (opening !== null) {
        controller.enqueue(encoder.encode(opening));
        opening = null;
        if (finished) controller.close();
        return;
      }
      try {
        const next = await batches.next();
        if (next.done) {
          finished = true;
          controller.close();
        } else controller.enqueue(encoder.encode(lines(next.value)));
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
export function attachmentName(prefix: string, timeZone: string, now = new Date()) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    now,
  );
  return `attachment; filename="${prefix}-${day}.csv"`;
}

/** LIKE's wildcards in the searched text match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

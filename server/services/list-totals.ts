import { asc, count as countAll, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import type { ListOrder } from "./list-pages";
import { jsonText } from "./json-rows";
import { preparedOnce, runPrepared, statementName, type PlaceholderPreparable } from "../db/prepared";

/**
 * How every owner list reads a page and its total (docs/decisions/051-list-totals-and-far-pages.md).
 *
 * - A total is kept in memory per list and filter while the list's changes numbers stay where they
 *   were: each of its tables has a sequence that every statement changing the table advances (a
 *   trigger; migrations 0012 and 0021). Counting 600,000 e-mails takes 75 ms; reading a sequence,
 *   a fraction of one. A change that commits while its total is being counted may leave a stale
 *   total until the next change or KEPT_MS, whichever comes first.
 * - A page past the middle is read from the far end: in the reverse order, `total - offset - limit`
 *   rows in, and turned back. The last of 12,000 pages then costs what the first does, where an
 *   offset walks every row before it.
 */
const KEPT_MS = 10_000;
const KEPT_PER_LIST = 500;

/** One term of a list's order; the last is the row's id, so the order is total and reversible. */
export interface OrderTerm {
  key: SQL | AnyColumn;
  dir: "asc" | "desc";
}

/** A sort key's order, its ties broken by the row's id in the same direction. */
export const termsOf = (order: ListOrder, id: AnyColumn): OrderTerm[] => [
  { key: order.key, dir: order.dir },
  { key: id, dir: order.dir },
];

/** The order as ORDER BY terms, or its exact reverse (NULLs, first in one, last in the other). */
export const orderBy = (terms: readonly OrderTerm[], reversed = false): SQL[] =>
  terms.map((term) => ((term.dir === "asc") !== reversed ? asc(term.key) : desc(term.key)));

/** Which rows to read, and from which end: `limit` rows, `offset` in from that end. */
export interface PageWindow {
  reversed: boolean;
  limit: number;
  offset: number;
}

/**
 * Rows `offset` to `offset + limit` of `total`, read from the nearer end. Past the end: none
 * (limit 0).
 */
export function nearerEnd(page: { limit: number; offset: number }, total: number): PageWindow {
  if (page.offset >= total) return { reversed: false, limit: 0, offset: page.offset };
  const end = Math.min(total, page.offset + page.limit);
  if (page.offset <= total - end) return { reversed: false, limit: page.limit, offset: page.offset };
  return { reversed: true, limit: end - page.offset, offset: total - end };
}

const databases = new WeakMap<Database, number>();
let databasesSeen = 0;
function databaseNumber(db: Database): number {
  let n = databases.get(db);
  if (n === undefined) databases.set(db, (n = ++databasesSeen));
  return n;
}

/**
 * A list's kept totals. `changes` names the sequences whose numbers together say whether its
 * rows changed (a list that matches on another table's columns names that table's too).
 */
export function listTotals(...changes: string[]) {
  // A sequence's first nextval leaves last_value where it was (1) and sets is_called.
  const text = `select ${changes
    .map((name) => `(select case when is_called then last_value else 0 end from "${name}")::text`)
    .join(" || '.' || ")} as g`;
  const generationStatement = { name: statementName(text), text };
  const kept = new Map<string, { generation: string; total: number; at: number }>();
  return {
    /** The numbers, and which database they are of (the tests run several in one process). */
    async generation(db: Database): Promise<string> {
      const { rows } = await db.$client.query<{ g: string }>(generationStatement);
      return `${databaseNumber(db)}:${rows[0]!.g}`;
    },
    kept(key: string, generation: string): number | undefined {
      const total = kept.get(key);
      return total && total.generation === generation && Date.now() - total.at < KEPT_MS ? total.total : undefined;
    },
    keep(key: string, generation: string, total: number) {
      if (kept.size >= KEPT_PER_LIST) kept.clear();
      kept.set(key, { generation, total, at: Date.now() });
    },
    /** The kept total, or `count`'s, then kept. */
    async counted(key: string, generation: string, count: () => Promise<number>): Promise<number> {
      const known = this.kept(key, generation);
      if (known !== undefined) return known;
      const total = await count();
      this.keep(key, generation, total);
      return total;
    },
  };
}

export type ListTotals = ReturnType<typeof listTotals>;

/**
 * A search's page is found through the search's own (trigram) indexes first when the matches are
 * few. The planner guesses how many rows a text matches; for a rare name it walked the list's
 * order index through thousands of rows (11 ms at 50,000 contacts) where the trigram indexes find
 * its few hundred at once and sort them (2 ms), while for a common one (3,000 matches) the walk is
 * right (1.6 ms). The totals, known first, tell which: the walk reads about 50 x all / matches
 * rows, the indexes every match, so they win while matches^2 < 25 x all (measured at 5,000 and
 * 50,000 contacts).
 */
export const fewMatches = (total: number, all: number) => total * total < 25 * all;

/** What a list's read is told: the total when known, the changes numbers, and the search's plan. */
export interface Known {
  total: number | undefined;
  generation: string;
  /** A search whose matches are few: read them through the search's indexes (pageIds' `fenced`). */
  few: boolean;
}

/**
 * What a list's page is read from: its table, its id, its filter and its order, from which its ids
 * are chosen, and `rows`, the statement that builds the chosen rows (JSON, subqueries, joins).
 */
export interface PageRead<R> {
  table: PgTable;
  id: AnyColumn;
  where: SQL | undefined;
  terms: readonly OrderTerm[];
  /**
   * The rows statement: `build` makes the rows `onIds` holds (`id = any(the page's ids)`, a
   * placeholder), in `order` (the list's). It is built once per database and `key` (one key per
   * list and order, whatever the page), and run with `values` for its other placeholders.
   */
  rows: {
    key: string;
    build: (onIds: SQL, order: SQL[]) => PlaceholderPreparable<R[]>;
    values?: Record<string, unknown>;
  };
}

/**
 * The rows statement of a list whose rows PostgreSQL builds as JSON (`row`, json-rows.ts): each
 * read as its text (jsonText), for the answer to carry as it is (server/lib/json-answer.ts).
 */
export const jsonRowStatement =
  <T>(db: Database, table: PgTable, row: SQL<T>) =>
  (onIds: SQL, order: SQL[]) =>
    db
      .select({ row: jsonText(row) })
      .from(table)
      .where(onIds)
      .orderBy(...order);

/**
 * A page and the total of a list: the total kept or counted, and the page read in two statements.
 *
 * - The page's ids: a small statement on the list's indexes, planned for this call's values (its
 *   filter, search, limit and offset), read from the nearer end.
 * - Their rows: one statement per list and order whatever the page, prepared once per connection,
 *   which PostgreSQL plans once (a generic plan: its only values are the ids and constants). As one
 *   statement, the rows' subqueries were planned again on every call for the filter's sake: 1.9 ms
 *   of the projects page's 7 ms (docs/decisions/057-page-ids-then-rows.md).
 *
 * A first page whose total is not kept is read while it is counted; a search (`all` given: the
 * count of the whole list) is counted first, so its total can choose the plan (`fewMatches`).
 */
export async function pageAndTotal<R>(
  db: Database,
  list: { totals: ListTotals; key: string; count: () => Promise<number>; all?: () => Promise<number> },
  page: { limit: number; offset: number },
  read: PageRead<R>,
): Promise<{ rows: R[]; total: number }> {
  const readWindow = async (window: PageWindow, few: boolean): Promise<R[]> => {
    if (window.limit <= 0) return [];
    const { rows: chosen } = await db.execute<{ id: unknown }>(
      pageIds(read.table, read.id, read.where, read.terms, window, few),
    );
    if (chosen.length === 0) return [];
    const statement = preparedOnce(db, read.rows.key, () =>
      read.rows.build(sql`${read.id} = any(${sql.placeholder("ids")})`, orderBy(read.terms)),
    );
    return statement.execute({ ...read.rows.values, ids: chosen.map((row) => row.id) });
  };
  const generation = await list.totals.generation(db);
  const kept = list.totals.kept(list.key, generation);
  if (kept === undefined && page.offset === 0 && !list.all) {
    const [rows, counted] = await Promise.all([readWindow({ reversed: false, ...page }, false), list.count()]);
    list.totals.keep(list.key, generation, counted);
    return { rows, total: counted };
  }
  const total = kept ?? (await list.totals.counted(list.key, generation, list.count));
  const window = nearerEnd(page, total);
  const all = list.all && window.limit > 0 ? await list.totals.counted(ALL, generation, list.all) : 0;
  return { rows: await readWindow(window, list.all !== undefined && fewMatches(total, all)), total };
}

/**
 * What a list of one table counts: the rows matching `where`, and for a search (`searched`) the
 * whole table too, which chooses the search's plan (fewMatches).
 */
export function countsOf(db: Database, table: PgTable, where: SQL | undefined, searched: boolean) {
  const counted = async (condition: SQL | undefined) =>
    (await runPrepared(db.select({ n: countAll() }).from(table).where(condition)))[0]?.n ?? 0;
  return { count: () => counted(where), all: searched ? () => counted(undefined) : undefined };
}

/** The key of a list's unfiltered total. */
const ALL = "\u0000all";

/**
 * The ids of a window's rows, in the window's order: chosen by the ids alone, the statement walks
 * the order's index (or sorts keys and ids only) past `offset` rows and keeps `limit`. Asked for
 * whole rows with OFFSET, PostgreSQL builds the details of every row it skips, since the select
 * list is evaluated below the LIMIT: the contacts' last page at 150,000 contacts took 3,079 ms
 * that way, 212 ms with its ids chosen first (docs/decisions/049-rollups-and-list-pages-at-scale.md).
 *
 * `fenced`: the matches are chosen by `where` alone first (offset 0 keeps the planner from turning
 * it back into a walk of the order's index), then sorted, for a search whose matches are few.
 */
export function pageIds(
  table: PgTable,
  id: AnyColumn,
  where: SQL | undefined,
  terms: readonly OrderTerm[],
  window: PageWindow,
  fenced = false,
): SQL {
  if (!fenced || !where)
    return sql`select ${id} as id from ${table} ${where ? sql`where ${where}` : sql``}
      order by ${sql.join(orderBy(terms, window.reversed), sql`, `)} limit ${window.limit} offset ${window.offset}`;
  const keys = terms.map((term, i) => sql`${term.key} as ${sql.raw(`k${i}`)}`);
  const sorted = terms.map((term, i) =>
    (term.dir === "asc") !== window.reversed ? sql.raw(`matched.k${i} asc`) : sql.raw(`matched.k${i} desc`),
  );
  return sql`select matched.id from (select ${id} as id, ${sql.join(keys, sql`, `)} from ${table}
    where ${where} offset 0) as matched order by ${sql.join(sorted, sql`, `)} limit ${window.limit} offset ${window.offset}`;
}

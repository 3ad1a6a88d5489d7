import { createHash } from "node:crypto";

/** A query builder that drizzle can prepare under a name (a select, insert, update or delete). */
export interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

const names = new Map<string, string>();
const KEPT_NAMES = 2_000;

/**
 * Runs a statement the owner's lists send on every call as a named prepared statement: each
 * connection parses and plans it once, and later calls send only its parameters (node-postgres
 * keeps the names per connection). A list page is a few kilobytes of SQL with subqueries per row;
 * parsed, planned and written to the socket on every call it cost more than reading the rows
 * (docs/decisions/054-prepared-list-statements.md). The name is the text's hash, so one text has
 * one name whoever runs it. Only for statements whose texts are few: each text stays prepared on
 * every connection of the pool for the connection's life.
 */
export const runPrepared = <T>(query: Preparable<T>): Promise<T> =>
  query.prepare(statementName(query.toSQL().sql)).execute();

/** A statement's name: its text's hash, the same for one text whoever runs it. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `l_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    if (names.size >= KEPT_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

/** A query builder with placeholders (sql.placeholder), prepared under a name and run with their values. */
export interface PlaceholderPreparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> };
}

const preparedOf = new WeakMap<object, Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>>();

/**
 * A statement whose text never changes, built once per database and `key` and prepared under its
 * text's name; each run fills its placeholders with `values`. A list's rows statement has a few
 * kilobytes of SQL: built and compiled on every call, it cost the server a quarter of a
 * millisecond of the projects page's 1.8 (docs/decisions/057-page-ids-then-rows.md). `key` names
 * the statement `build` makes, whatever the call: one key, one text.
 */
export function preparedOnce<T>(
  db: object,
  key: string,
  build: () => PlaceholderPreparable<T>,
): { execute(values: Record<string, unknown>): Promise<T> } {
  let statements = preparedOf.get(db);
  if (!statements) preparedOf.set(db, (statements = new Map()));
  let statement = statements.get(key);
  if (!statement) {
    const query = build();
    statement = query.prepare(statementName(query.toSQL().sql));
    statements.set(key, statement);
  }
  return statement as { execute(values: Record<string, unknown>): Promise<T> };
}

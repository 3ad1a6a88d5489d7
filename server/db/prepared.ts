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

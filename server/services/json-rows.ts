import { is, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { PgTimestamp } from "drizzle-orm/pg-core";
import type { JsonText } from "../lib/json-answer";

/**
 * A list row built by PostgreSQL as the JSON its mapping function makes in JavaScript: a page of
 * 50 arrives as 50 JSON texts, parsed natively, instead of hundreds of columns that the query
 * builder maps one by one and timestamps parsed into Dates to be written out again (most of a list
 * request's time in the server, measured with `--cpu-prof`). Each list's test holds the two to the
 * same output.
 */

/** A timestamp as toISOString() writes it, in SQL. */
export const isoTime = (column: SQL | AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `json_build_object` of the fields, each named as the answer names it; timestamp columns are
 * written as toISOString() writes them. The query's FROM must hold only the columns' table (they are
 * written without it).
 */
export function jsonRow<T>(fields: Record<string, SQL | AnyColumn>): SQL<T> {
  const parts = Object.entries(fields).flatMap(([name, value]) => [
    sql.raw(`'${name.replace(/'/g, "''")}'`),
    is(value, PgTimestamp) ? isoTime(value) : value,
  ]);
  return sql<T>`json_build_object(${sql.join(parts, sql`, `)})`;
}

/**
 * A row built as JSON (jsonRow), read as its text: the server hands it on as it came
 * (server/lib/json-answer.ts JsonRows), never parsing it into objects to write it out again.
 */
export const jsonText = <T>(json: SQL<T>) => sql<JsonText<T>>`${json}::text`;

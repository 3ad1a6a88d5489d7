import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Pool } from "pg";

/** The indexes the plan of a query (a query builder or a statement) reads: EXPLAIN of the very SQL the service runs. */
export async function indexesRead(pool: Pool, query: { toSQL(): { sql: string; params: unknown[] } } | SQL) {
  const { sql: text, params } = "toSQL" in query ? query.toSQL() : new PgDialect().sqlToQuery(query);
  const { rows } = await pool.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${text}`, params);
  return [...JSON.stringify(rows[0]!["QUERY PLAN"]).matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
}

import type { Pool } from "pg";

/** The indexes the plan of a query reads: EXPLAIN of the very SQL the service runs. */
export async function indexesRead(pool: Pool, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const { rows } = await pool.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${text}`, params);
  return [...JSON.stringify(rows[0]!["QUERY PLAN"]).matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
}

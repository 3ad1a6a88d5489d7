import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";

/**
 * Rows that PostgreSQL wrote as JSON (server/services/json-rows.ts), kept as the texts it sent: an
 * answer carries them as they came (jsonAnswer), where parsing a page into objects to write it out
 * again cost the server a fifth of a list call (docs/decisions/057-page-ids-then-rows.md).
 */
export class JsonRows<T> {
  /** The rows' type, for the answer's (never set). */
  declare readonly row: T;
  constructor(readonly texts: readonly string[]) {}

  get length(): number {
    return this.texts.length;
  }

  /** The rows as values, for a caller that reads them. */
  parse(): T[] {
    return this.texts.map((text) => JSON.parse(text) as T);
  }
}

/** A row's JSON as PostgreSQL wrote it, typed with the row it holds. */
export type JsonText<T> = string & { readonly json?: T };

/** The texts of rows read as JsonText (server/services/json-rows.ts jsonText). */
export const jsonRowsOf = <T>(rows: readonly { row: JsonText<T> }[]): JsonRows<T> =>
  new JsonRows<T>(rows.map(({ row }) => row));

/** What an answer is once its JsonRows are rows. */
type Parsed<V> = { [K in keyof V]: V[K] extends JsonRows<infer T> ? T[] : V[K] };

/**
 * `c.json(value, status)` for an answer whose fields may be JsonRows: the same JSON text, the same
 * headers and the same type (`Parsed`), with each JsonRows field written as the array of its texts.
 */
export function jsonAnswer<V extends Record<string, unknown>, S extends ContentfulStatusCode>(
  c: Context,
  value: V,
  status: S,
): Response & TypedResponse<JSONParsed<Parsed<V>>, S, "json"> {
  const fields: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const text = field instanceof JsonRows ? `[${field.texts.join(",")}]` : JSON.stringify(field);
    if (text === undefined) continue;
    fields.push(`${JSON.stringify(key)}:${text}`);
  }
  const response = c.body(`{${fields.join(",")}}`, status, { "Content-Type": "application/json" });
  return response as unknown as Response & TypedResponse<JSONParsed<Parsed<V>>, S, "json">;
}

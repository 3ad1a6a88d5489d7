import { createHash } from "node:crypto";

/**
 * SQL text helpers of the seed. Every value in a seed statement is the seed's own (numbers,
 * word lists), so statements are composed as text and run set-based: INSERT ... SELECT over
 * generate_series, with every "random" choice a hash of the row's key, the same on every run.
 */

/** Runs one statement in the seed's transaction. */
export type Exec = (query: string) => Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;

/** A string as an SQL literal. */
export const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A timestamp as an SQL literal. */
export const tsLit = (date: Date) => `${lit(date.toISOString())}::timestamptz`;

/** 2^53: hash bits kept for a double in [0, 1). */
const MANTISSA = 9007199254740992;

/** A stable 48-bit number for a name, so each draw ("contact.first") has its own stream. */
const saltOf = (name: string) => parseInt(createHash("sha1").update(name).digest("hex").slice(0, 12), 16);

/**
 * A uniform number in [0, 1) for a row key and a draw name. hashint8extended is PostgreSQL's
 * portable hash (hash partitioning relies on it being the same on every platform), so the
 * same key and salt give the same number on every server and run.
 */
export function draw(key: string, name: string, run: number): string {
  const salt = saltOf(name) + run * 1_000_003;
  return `((hashint8extended((${key})::int8, ${salt}) & ${MANTISSA - 1})::float8 / ${MANTISSA})`;
}

/** A constant array in a statement: PostgreSQL folds it once, so picking from it costs a subscript. */
export class SqlList {
  readonly sql: string;
  readonly size: number;

  constructor(values: readonly (string | number)[], type: "text" | "int" | "float8" = "text") {
    if (values.length === 0) throw new Error("an SqlList needs at least one value");
    this.size = values.length;
    const items = values.map((v) => (typeof v === "number" ? String(v) : lit(v)));
    this.sql = `(array[${items.join(",")}]::${type}[])`;
  }

  /** The element for a uniform draw r in [0, 1). */
  pick(r: string): string {
    return `${this.sql}[1 + floor((${r}) * ${this.size})::int]`;
  }

  /** The element at a 1-based SQL index. */
  at(index: string): string {
    return `${this.sql}[${index}]`;
  }
}

/**
 * A weighted choice: slots of 1-based indexes, each value's index repeated in proportion to its
 * weight (largest remainders), so a pick is two subscripts. The values stay a short list: a
 * subscript into a text array walks it, into an int array it does not.
 */
export function weighted<T extends string | number>(
  entries: readonly (readonly [T, number])[],
  type: "text" | "int" = "text",
  slots = 400,
): Pick<SqlList, "pick"> {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  const exact = entries.map(([, w]) => (w / total) * slots);
  const counts = exact.map((share) => Math.floor(share));
  let left = slots - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((share, i) => ({ i, rest: share - counts[i]! })).sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) {
    if (left-- <= 0) break;
    counts[i]! += 1;
  }
  if (type === "int")
    return new SqlList(
      entries.flatMap(([value], i) => Array<T>(counts[i]!).fill(value)),
      "int",
    );
  const values = new SqlList(entries.map(([value]) => value));
  const index = new SqlList(
    entries.flatMap((_, i) => Array<number>(counts[i]!).fill(i + 1)),
    "int",
  );
  return { pick: (r: string) => values.at(index.pick(r)) };
}

/**
 * `total` rows spread over the rows of `source` in proportion to `weight`, exactly: each
 * source row gets the half-open range [k0, k1) of the global row numbers 0..total-1.
 * `order` must order the source rows totally.
 */
export function ranges(source: string, order: string, weight: string, total: number): string {
  return `(select b.*, coalesce(lag(b.k1) over (order by ${order}), 0)::int8 as k0 from (
    select c.*, case when row_number() over (order by ${order} desc) = 1 then ${total}::int8
      else floor(${total} * sum(${weight}) over (order by ${order} rows unbounded preceding)
        / sum(${weight}) over ())::int8 end as k1
    from (${source}) c) b)`;
}

/** ranges() with one row per global row number k, and nth: its place within the source row (0-based). */
export function allocate(source: string, order: string, weight: string, total: number): string {
  return `(select a.*, g.k, g.k - a.k0 as nth, a.k1 - a.k0 as share
    from ${ranges(source, order, weight, total)} a cross join lateral generate_series(a.k0, a.k1 - 1) as g(k))`;
}

/** A 128-bit base64url id (22 characters) from a unique text, like the app's random ones. */
export const base64urlId = (unique: string) =>
  `translate(encode(decode(md5(${unique}), 'hex'), 'base64'), '+/=', '-_')`;

/** Fills {first}-style placeholders of a text expression from SQL expressions. */
export function fill(text: string, values: Record<string, string>): string {
  return Object.entries(values).reduce((expr, [name, value]) => `replace(${expr}, '{${name}}', ${value})`, text);
}

/** The label of a form option stored by its value (optionLabel of app/contracts/form-options.ts). */
export function optionLabel(options: readonly { value: string; label: string }[], column: string): string {
  const labels = new SqlList(options.map((o) => o.label));
  const values = new SqlList(options.map((o) => o.value));
  return `coalesce(${labels.at(`array_position(${values.sql}, ${column})`)}, nullif(${column}, ''), 'Not given')`;
}

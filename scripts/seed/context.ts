import { site } from "~/config/site";
import { draw, lit, tsLit, type Exec } from "./sql";

/** What every part of the seed shares: its statement runner, its size and its clock. */
export interface SeedContext {
  exec: Exec;
  /** N: how many times a busy two-year practice. */
  scale: number;
  /** The moment the seed ends at ("now" for the data): nothing is dated after it. */
  now: Date;
  /** `now` as SQL. */
  nowSql: string;
  /** The business's time zone as SQL: days, hours and weekdays are reckoned there. */
  tzSql: string;
  /**
   * Mixed into every draw and generated id: 1 on an empty database (the same data every time);
   * a forced seed on top of data gets another number, so its ids and e-mails never collide.
   */
  run: number;
  /** A uniform draw in [0, 1) for a row key and a draw name (sql.ts draw()). */
  r(key: string, name: string): string;
  /** A count of the N=1 practice at this scale. */
  count(atScaleOne: number): number;
}

/** Runs one part of the seed and prints its line: the table, its rows (and what they are) and the seconds. */
export type Step = (table: string, work: () => Promise<number | { rows: number; note: string }>) => Promise<void>;

export function createContext(exec: Exec, scale: number, now: Date, run: number): SeedContext {
  return {
    exec,
    scale,
    now,
    nowSql: tsLit(now),
    tzSql: lit(site.timeZone),
    run,
    r: (key, name) => draw(key, name, run),
    count: (atScaleOne) => Math.round(atScaleOne * scale),
  };
}

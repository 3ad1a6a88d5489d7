import { sql } from "drizzle-orm";
import { site } from "~/config/site";
import { dayIn } from "~/contracts/analytics-days";
import type { Database } from "../../server/db/client";
import { DAYS } from "./calendar";
import type { SeedContext } from "./context";
import type { Exec } from "./sql";

/**
 * What the seed asks of the database before and after it writes: whether it is empty, a
 * block of contact ids, the published blog's paths, the session's settings, and the rollups
 * the seed makes stale.
 */

/** The tables whose rows mean a database is in use (shipped posts and the first admin do not). */
const DATA_TABLES = [
  ["contacts", "contacts"],
  ["projects", "projects"],
  ["inquiries", "inquiries"],
  ["email_outbox", "outbox e-mails"],
  ["analytics_events", "analytics rows"],
] as const;

/** The database holds data and `force` was not given; the message says what was found. */
export class SeedRefusedError extends Error {}

export const number = (n: number) => n.toLocaleString("en-US");

/** Big set-based statements: sorts in memory, and no JIT compilation (it costs more than it saves here). */
export async function tune(exec: Exec) {
  await exec("set local work_mem = '256MB'");
  await exec("set local jit = off");
}

/**
 * Daily analytics rollups (analytics_daily, where the installation has them) of the seeded days
 * that were summed before the seed are out of date now: dropping them lets the rollup job sum
 * those days again from the raw rows. Older days, kept only as rollups, stay.
 */
export async function forgetStaleRollups(db: Database, now: Date) {
  const today = dayIn(site.timeZone, now);
  await db.execute(
    sql.raw(`do $$ begin
      if to_regclass('analytics_daily') is not null then
        delete from analytics_daily where day >= '${today}'::date - ${DAYS - 1};
      end if;
    end $$`),
  );
}

export async function refuseDataUnlessForced(exec: Exec, force: boolean) {
  const counts = DATA_TABLES.map(([table]) => `(select count(*) from ${table})::int8 as ${table}`).join(", ");
  const [row = {}] = (await exec(`select ${counts}`)).rows;
  const found = DATA_TABLES.filter(([table]) => Number(row[table]) > 0).map(
    ([table, label]) => `${number(Number(row[table]))} ${label}`,
  );
  if (found.length === 0 || force) return;
  throw new SeedRefusedError(
    `This database already holds data: ${found.join(", ")}. The seed is meant for an empty database ` +
      "(the shipped blog and portfolio posts and the first admin do not count). To add a seeded practice " +
      "beside what is there (nothing is deleted), run it again with --force; or point DATA_DIR (or DATABASE_URL) " +
      "at a new, empty database.",
  );
}

/**
 * Takes `n` ids of a table's sequence at once and answers the first: the seed writes those ids
 * itself (the other tables refer to them), and rows the running app adds meanwhile get later ones.
 */
export async function reserveIds(exec: Exec, table: string, n: number): Promise<number> {
  const sequence = `pg_get_serial_sequence('${table}', 'id')`;
  const [row] = (await exec(`select nextval(${sequence}) as first`)).rows;
  const first = Number(row?.first);
  if (n > 1) await exec(`select setval(${sequence}, ${first + n - 1})`);
  return first;
}

/** The blog posts visits can land on. */
export async function publishedBlogSlugs(ctx: SeedContext): Promise<string[]> {
  const { rows } = await ctx.exec(
    "select slug from posts where post_type = 'blog' and status = 'published' order by published_at, slug",
  );
  return rows.map((row) => String(row.slug));
}

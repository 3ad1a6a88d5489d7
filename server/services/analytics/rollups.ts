import { between, sql } from "drizzle-orm";
import { site } from "~/config/site";
import { addDays, dayIn } from "~/contracts/analytics-days";
import type { Database } from "../../db/client";
import { analyticsDaily } from "../../db/schema/index";
import { lockForTransaction, tryLockForTransaction, runExclusive, type ExclusiveRun } from "../../lib/job-lock";
import { factsFromRaw, spansOf, viewsFromRaw, type DaySpan } from "./facts";
import type { Tx } from "../../db/tx";

/**
 * The daily rollups (docs/decisions/031-analytics-rollups.md): each finished day of the
 * business's time zone is summed once from the raw rows into the analytics_daily tables, which
 * reports read instead of the raw rows and which outlive the raw rows' two years.
 */

/** The job's name, and its advisory lock's: one process rolls up at a time. */
export const ROLLUP_JOB = "analytics-rollups";

/**
 * A day is rolled up this long after its midnight: a batch of rows whose transaction began
 * before midnight carries that day's time but may commit a moment after (the ingest writes
 * every second, and the shutdown writes the rest).
 */
export const ROLLUP_GRACE_MS = 5 * 60_000;

/**
 * Days one transaction sums at most (a month's rows), and what one aims to take: each batch's days
 * are chosen from the time per day of the one before, so a batch stays about a second long
 * whatever the traffic was: one core busy for a second at most, then the others' turn. The first
 * batch, before any has been timed, takes a week.
 */
export const ROLLUP_DAYS_PER_TRANSACTION = 31;
export const ROLLUP_BATCH_TARGET_MS = 1_000;
const FIRST_BATCH_DAYS = 7;

/**
 * Between two batches of a catch-up (after an upgrade or an import: every day without a rollup),
 * the job pauses this long and then runs again, rather than waiting for its next period.
 */
export const ROLLUP_CATCH_UP_PAUSE_MS = 250;

/**
 * The job's first run after the app starts: soon, so that after an upgrade or an import the
 * newest days (the default 30-day view) are whole within seconds; not at once, so the start-up's
 * own work (migrations, first requests) goes first.
 */
export const ROLLUP_FIRST_RUN_AFTER_MS = 5_000;

/**
 * The lock every write of rollups takes in its transaction: the job and the reports that fill the
 * days of their ranges take turns, on every process, so one batch of rollup work runs at a time
 * (one connection, one core); each writes only the days still missing once it holds it.
 */
export const ROLLUP_WRITE_LOCK = "analytics-rollups-write";

/** The last batch's time per day in this process (null before the first). */
let msPerDay: number | null = null;

/**
 * Days of the next batch: as many as the last batch's pace fits in `targetMs` (see
 * ROLLUP_BATCH_TARGET_MS), 1 to ROLLUP_DAYS_PER_TRANSACTION; `firstDays` before any batch is timed.
 */
export const batchDays = (targetMs = ROLLUP_BATCH_TARGET_MS, firstDays = FIRST_BATCH_DAYS) =>
  msPerDay === null
    ? firstDays
    : Math.max(1, Math.min(ROLLUP_DAYS_PER_TRANSACTION, Math.floor(targetMs / Math.max(msPerDay, 1))));

/** The batch's pageviews, marked where visits start: a table of its transaction (dropped at commit). */
const VIEWS_TABLE = "rollup_views";

/** A list of days as one bound parameter: `${daysArray(days)}::date[]`. */
export const daysArray = (days: readonly string[]) => `{${days.join(",")}}`;

/**
 * Writes the rollups of `days` (in order, none of them rolled up in this transaction's view) from
 * their raw rows. A day without rows gets its zeros, which mark it as done.
 */
async function writeRollups(tx: Tx, days: readonly string[]): Promise<void> {
  const spans = spansOf(days);
  await tx.execute(sql`create temporary table ${sql.identifier(VIEWS_TABLE)} on commit drop as ${viewsFromRaw(spans)}`);
  const facts = factsFromRaw(spans, VIEWS_TABLE);
  await tx.execute(sql`
    insert into analytics_daily (day, pageviews, visits, visitors)
    select days.day, coalesce(d.pageviews, 0), coalesce(d.visits, 0), coalesce(d.visitors, 0)
    from unnest(${daysArray(days)}::date[]) as days(day) left join (${facts.daily}) as d using (day)`);
  await tx.execute(sql`
    insert into analytics_daily_pages (day, path, pageviews, visitors, entries, scroll_total, scrolled_75,
      stayed_30, stayed_60, stayed_120, stayed_300)
    ${facts.pages}`);
  await tx.execute(sql`insert into analytics_daily_referrers (day, host, visits) ${facts.referrers}`);
  await tx.execute(sql`insert into analytics_daily_utm (day, source, medium, campaign, visits) ${facts.utm}`);
  await tx.execute(sql`insert into analytics_daily_events (day, name, count) ${facts.events}`);
}

/**
 * Replaces the rollups of the days of `span` with the figures their raw rows give, in one
 * transaction: a report sees the days' old rollups or their new ones, never half of either.
 */
export async function rollUpDays(db: Database, span: DaySpan): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, ROLLUP_WRITE_LOCK);
    // The pages, referrers, UTM and events rows of the days go with them (on delete cascade).
    await tx.delete(analyticsDaily).where(between(analyticsDaily.day, span.first, span.last));
    const days: string[] = [];
    for (let day = span.first; day <= span.last; day = addDays(day, 1)) days.push(day);
    await writeRollups(tx, days);
  });
}

/** One day's rollup, replaced. */
export const rollUpDay = (db: Database, day: string) => rollUpDays(db, { first: day, last: day });

/**
 * Rolls up those of `days` that have no rollup yet, the newest first, a batch (one transaction)
 * at a time, until every one has its rollup or `deadline` (a Date.now() time) has passed. Answers
 * the days of `days` that have a rollup now (rolled up here, or by another process meanwhile).
 *
 * The job (no deadline) waits its turn for the lock and runs batches of ROLLUP_BATCH_TARGET_MS.
 * A report (`forReport`) never waits: when another batch holds the lock (the job's, another
 * report's) it leaves the days to it, and each batch it runs is sized to the time it has left
 * (one day at least, and none once the deadline has passed), so the report answers in its budget
 * with the rest pending (decision 049).
 */
export async function fillMissingDays(
  db: Database,
  days: readonly string[],
  deadline = Infinity,
  { forReport = false }: { forReport?: boolean } = {},
): Promise<string[]> {
  const queue = [...days].sort().reverse();
  const done: string[] = [];
  while (queue.length > 0 && (forReport ? Date.now() < deadline : done.length === 0 || Date.now() < deadline)) {
    // A report's batch fits the time it has left (one day before any is timed), the job's a second.
    const batch = queue.splice(0, forReport ? batchDays(deadline - Date.now(), 1) : batchDays()).sort();
    let started = Date.now();
    let locked = true;
    try {
      await db.transaction(async (tx) => {
        if (forReport) {
          locked = await tryLockForTransaction(tx, ROLLUP_WRITE_LOCK);
          if (!locked) return;
        } else await lockForTransaction(tx, ROLLUP_WRITE_LOCK);
        // Timed from here: the wait for another's batch says nothing of this one's length.
        started = Date.now();
        const { rows } = await tx.execute<{ day: string }>(sql`
          select to_char(day, 'YYYY-MM-DD') as day from unnest(${daysArray(batch)}::date[]) as days(day)
          where not exists (select 1 from analytics_daily where analytics_daily.day = days.day)
          order by day`);
        if (rows.length > 0)
          await writeRollups(
            tx,
            rows.map((r) => r.day),
          );
      });
    } catch (error) {
      // A batch that failed (too long for a statement timeout, say): the next is a quarter as long.
      msPerDay = ((Date.now() - started) / batch.length) * 4;
      throw error;
    }
    if (!locked) break;
    msPerDay = (Date.now() - started) / batch.length;
    done.push(...batch.reverse());
  }
  return done;
}

/** The last day whose midnight is more than the grace period ago. */
export const lastClosedDay = (now: Date) =>
  addDays(dayIn(site.timeZone, new Date(now.getTime() - ROLLUP_GRACE_MS)), -1);

/**
 * The finished days without a rollup, newest first: from the last closed day back to the oldest
 * raw row's day. Days before the oldest raw row have nothing to sum (or were summed before their
 * rows were purged). Newest first, so that after an upgrade or an import the owner's usual range
 * (the last 30 days) is read from rollups first.
 */
export async function missingRollupDays(db: Database, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ day: string }>(sql`
    with bounds as (
      select (min(created_at) at time zone ${site.timeZone})::date as first, ${lastClosedDay(now)}::date as last
      from analytics_events
    )
    select to_char(bounds.first + i, 'YYYY-MM-DD') as day
    from bounds, generate_series(0, bounds.last - bounds.first) as i
    where not exists (select 1 from analytics_daily where analytics_daily.day = bounds.first + i)
    order by i desc
    limit ${limit}`);
  return rows.map((r) => r.day);
}

/** Where the job says what it filled: the app's logger. */
export interface RollupLog {
  info(fields: Record<string, unknown>, message: string): void;
}

export interface RollupOptions {
  now?: Date;
  /** Days rolled up at most in this run (the rest wait for the next one). */
  maxDays?: number;
}

/** Days one call of fillAnalyticsRollups rolls up at most unless told (half a year). */
export const ROLLUP_DAYS_PER_RUN = 186;

/**
 * Rolls up the finished days that have no rollup yet, newest first, at most `maxDays` of them;
 * answers the days it filled, newest first.
 */
export async function fillAnalyticsRollups(
  db: Database,
  log: RollupLog,
  { now = new Date(), maxDays = ROLLUP_DAYS_PER_RUN }: RollupOptions = {},
): Promise<string[]> {
  const started = Date.now();
  const days = await missingRollupDays(db, now, maxDays);
  await fillMissingDays(db, days);
  if (days.length > 0)
    log.info(
      { days: days.length, first: days.at(-1), last: days[0], ms: Date.now() - started, more: days.length === maxDays },
      "analytics rollups filled",
    );
  return days;
}

/**
 * The scheduled job (server/compose.ts): on one process at a time, a run elsewhere is skipped. A
 * run is one batch unless told; `rollupsRemain` tells the scheduler to run it again after a pause.
 */
export const runAnalyticsRollups = (db: Database, log: RollupLog, options?: RollupOptions) =>
  runExclusive(db, ROLLUP_JOB, () => fillAnalyticsRollups(db, log, { maxDays: batchDays(), ...options }));

/** Whether a run of the job filled days, so that more may remain. */
export const rollupsRemain = (run: ExclusiveRun<string[]>) => run.ran && run.result.length > 0;

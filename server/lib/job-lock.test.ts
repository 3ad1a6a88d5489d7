import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { connectDatabase, type DatabaseHandle } from "../db/client";
import { runExclusive } from "./job-lock";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** A second pool on the same database: another app process. */
let other: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  other = connectDatabase(database.url, { max: 2 });
});
afterAll(async () => {
  await other?.close();
  await database?.close();
});

/** A job that waits inside its run until the test lets it finish. */
function heldJob<T>(result: T) {
  let entered!: () => void;
  let finish!: () => void;
  const started = new Promise<void>((resolve) => (entered = resolve));
  const released = new Promise<void>((resolve) => (finish = resolve));
  const run = async () => {
    entered();
    await released;
    return result;
  };
  return { run, started, finish };
}

const advisoryLocks = async () => {
  const { rows } = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_locks
     where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
  );
  return rows[0]!.n;
};

describe("runExclusive", () => {
  it("runs a job in one of two processes at once; the other is told it did not run", async () => {
    const job = heldJob("swept");
    const first = runExclusive(database.db, "orphan-files", job.run);
    await job.started;
    let secondRan = false;
    const second = await runExclusive(other.db, "orphan-files", () => (secondRan = true));
    expect(second).toEqual({ ran: false });
    expect(secondRan).toBe(false);
    job.finish();
    expect(await first).toEqual({ ran: true, result: "swept" });
    expect(await advisoryLocks()).toBe(0);
    // Free again: the next run, from either process, goes ahead.
    expect(await runExclusive(other.db, "orphan-files", () => 2)).toEqual({ ran: true, result: 2 });
  });

  it("of two callers started together, exactly one runs", async () => {
    let runs = 0;
    let letFinish!: () => void;
    const loserAnswered = new Promise<void>((resolve) => (letFinish = resolve));
    const job = async () => {
      runs += 1;
      // Were both let in, neither would wait for the other: the test fails on its count, not a timeout.
      if (runs > 1) letFinish();
      await loserAnswered;
    };
    const answers = await Promise.all(
      [database.db, other.db].map((db) =>
        runExclusive(db, "purge", job).then((answer) => {
          if (!answer.ran) letFinish();
          return answer;
        }),
      ),
    );
    expect(answers.map((answer) => answer.ran).sort()).toEqual([false, true]);
    expect(runs).toBe(1);
  });

  it("lets jobs of other names run meanwhile", async () => {
    const job = heldJob(1);
    const first = runExclusive(database.db, "mail-retry", job.run);
    await job.started;
    expect(await runExclusive(other.db, "inquiry-purge", () => "other")).toEqual({ ran: true, result: "other" });
    job.finish();
    await first;
  });

  it("frees the lock and the connection when the job fails", async () => {
    await expect(
      runExclusive(database.db, "failing", () => Promise.reject(new Error("the bucket is unreachable"))),
    ).rejects.toThrow("the bucket is unreachable");
    expect(await advisoryLocks()).toBe(0);
    expect(database.pool.totalCount - database.pool.idleCount).toBe(0);
    expect(await runExclusive(other.db, "failing", () => "ok")).toEqual({ ran: true, result: "ok" });
  });
});

import { readFileSync, statSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { connectReportDatabase, REPORT_BACKEND_NICE } from "./open";

/**
 * Visitors first (docs/decisions/030-reports-beside-visitors.md): on a server whose processes are
 * this machine's, the reports' connections run at the lowest CPU priority, for the process and
 * for its session (PostgreSQL gives each connection a session of its own, and Linux's autogroups
 * share the CPU between sessions first). The visitors' pool keeps the default.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const env = { REPORT_POOL_MAX: 1, REPORT_STATEMENT_TIMEOUT_MS: 15_000 };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const backendPid = async (db: typeof database.db) =>
  (await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;

/** A process's niceness: the 19th field of /proc/<pid>/stat, after the command in parentheses. */
const niceOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]);
const autogroupNice = (pid: number) => /nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, "utf8"))?.[1];

describe.runIf(process.platform === "linux")("the reports' connections on this machine's server", () => {
  it("run at the lowest CPU priority, process and session, where permitted; the visitors' at the default", async () => {
    const reports = connectReportDatabase(database.url, env, { local: true });
    try {
      const pid = await backendPid(reports.db);
      // Only its owner (or root) may lower a process's priority: another user's server keeps the default.
      const permitted = process.getuid?.() === 0 || statSync(`/proc/${pid}`).uid === process.getuid?.();
      const expected = permitted ? REPORT_BACKEND_NICE : 0;
      await vi.waitUntil(() => niceOf(pid) === expected, { timeout: 2000, interval: 20 });
      if (permitted && readFileSync("/proc/sys/kernel/sched_autogroup_enabled", "utf8").trim() === "1")
        await vi.waitUntil(() => autogroupNice(pid) === String(REPORT_BACKEND_NICE), { timeout: 2000, interval: 20 });
      expect(niceOf(pid)).toBe(expected);
      expect(niceOf(await backendPid(database.db))).toBe(0);
    } finally {
      await reports.close();
    }
  });

  it("keep the default priority on a server that is not this machine's", async () => {
    const reports = connectReportDatabase(database.url, env);
    try {
      const pid = await backendPid(reports.db);
      // The first statement is the report's own; a lowered priority would have been set before it.
      expect(niceOf(pid)).toBe(0);
    } finally {
      await reports.close();
    }
  });
});

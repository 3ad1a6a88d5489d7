import { get } from "node:http";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Client } from "pg";
import { createAdminToken } from "../tests/support/admin";
import { createTestServer } from "../tests/support/app";
import { createLogger } from "./lib/logger";

/** A logger whose lines (JSON) are kept for the test to read. */
function capturedLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger("info", destination), errors: () => lines.filter((line) => line.level >= 50) };
}

describe("the composed server", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("serves production's app on a port of its own", async () => {
    const ctx = await createTestServer();
    try {
      const health = await fetch(`${ctx.origin}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true, db: true });
      // Production's security headers come from the same app.
      expect(health.headers.get("x-content-type-options")).toBe("nosniff");
    } finally {
      await ctx.close();
    }
  });

  it("keeps a direct client's idle connection a minute, and leaves a proxy's to the proxy's 4 s", async () => {
    // What the answer promises the client: Node closes the idle connection after that many seconds.
    const keepAliveOf = (origin: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        get(`${origin}/api/health`, { headers: { connection: "keep-alive" } }, (res) => {
          resolve(res.headers["keep-alive"] as string | undefined);
          // Closed here, so that the proxied server's stop does not wait for the proxy to close it.
          res.socket.destroy();
        }).on("error", reject);
      });
    const direct = await createTestServer();
    try {
      // A test runner or a monitor reuses its connection after seconds of quiet: no reset at Node's 5 s.
      expect(await keepAliveOf(direct.origin)).toBe("timeout=65");
    } finally {
      await direct.close();
    }
    const proxied = await createTestServer({ env: { TRUST_PROXY: "1" } });
    try {
      expect(await keepAliveOf(proxied.origin)).toBe("timeout=5");
    } finally {
      await proxied.close();
    }
  });

  it("a scheduled job that fires while the server shuts down does nothing and logs no error", async () => {
    // Only the jobs' timers are fake: the database, sockets and HTTP run on real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { log, errors } = capturedLogger();
    const ctx = await createTestServer({ log, jobIntervals: { maintenanceMs: 1000, retentionMs: 1000 } });
    // Every job starts its queries, and the shutdown closes the database under them.
    vi.advanceTimersByTime(1000);
    await ctx.close();
    expect(ctx.composed.closing).toBe(true);
    // The jobs' next periods come after the database is gone: nothing runs, nothing fails.
    vi.advanceTimersByTime(10_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors()).toEqual([]);
  });

  it("refuses at once an admin session that another process ended, though this one verified it a moment ago", async () => {
    const ctx = await createTestServer();
    const other = new Client({ connectionString: ctx.databaseUrl });
    try {
      const { auth } = await createAdminToken(ctx.db);
      const me = () => fetch(`${ctx.origin}/api/auth/me`, { headers: auth }).then((r) => r.status);
      expect(await me()).toBe(200);
      expect(await me()).toBe(200);
      // Another process's logout: the row revoked and the change announced, on a connection of its own.
      await other.connect();
      await other.query(
        "update admin_sessions set revoked_at = now() where user_id = (select user_id from admin_sessions order by id desc limit 1)",
      );
      await other.query("select pg_notify('access_changed', '')");
      // Well inside the few seconds a verified session is kept: the announcement, not the time, ended it.
      const deadline = Date.now() + 1_000;
      let status = await me();
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = await me();
      }
      expect(status).toBe(401);
    } finally {
      await other.end().catch(() => {});
      await ctx.close();
    }
  });
});

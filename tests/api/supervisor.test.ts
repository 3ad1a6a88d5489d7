import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { projectRoot } from "../../server/lib/paths";
import { freePort } from "../support/global-setup";
import { alive, cleanUp, postmasterPid, spawnLogged, tempDataDir, type Spawned } from "../support/app-process";

/**
 * `npm start` (scripts/start.mjs): the server runs under a supervisor that
 * starts it again after a kill -9 - with every submission it acknowledged
 * still in the database - stops everything on SIGTERM, and gives up on a
 * server that cannot start at all.
 */
const dataDir = tempDataDir("wbt-supervisor-");
const processes: Spawned[] = [];
const serverPids: number[] = [];
afterAll(() => cleanUp(dataDir, processes, serverPids));

const startScript = path.join(projectRoot, "scripts/start.mjs");
const SERVING = /"pid":(\d+)[^\n]*"msg":"serving /;

async function servingPid(supervisor: Spawned, from = 0) {
  const pid = Number((await supervisor.waitFor(SERVING, 25_000, from))[1]);
  serverPids.push(pid);
  return pid;
}

function submission(n: number) {
  return {
    name: `Visitor ${n}`,
    email: `visitor.${n}.${Date.now()}@example.com`,
    siteType: "business",
    budget: "500-plus",
    timeline: "asap",
    description: `Submission number ${n}: a site for a small shop with opening hours and a contact form.`,
    readiness: "ready",
  };
}

/** Posts the project form over and over; keeps the project IDs of the submissions that were acknowledged. */
function submissionStream(port: number, streams: number) {
  const acknowledged: string[] = [];
  let counter = 0;
  const state = { running: true };
  const loop = async () => {
    while (state.running) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/submissions`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(submission(++counter)),
        });
        const body = (await res.json()) as { success?: boolean; projectId?: string };
        if (res.ok && body.projectId) acknowledged.push(body.projectId);
      } catch {
        // the server is down or went down mid-request: that submission was not acknowledged
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const loops = Array.from({ length: streams }, loop);
  return {
    acknowledged,
    async until(count: number, timeoutMs = 25_000) {
      await vi
        .waitUntil(() => acknowledged.length >= count, { timeout: timeoutMs })
        .catch(() => {
          throw new Error(`only ${acknowledged.length} of ${count} submissions acknowledged`);
        });
    },
    async stop() {
      state.running = false;
      await Promise.all(loops);
    },
  };
}

describe("npm start", () => {
  it("starts the server again after a kill -9 without losing an acknowledged submission, and stops on SIGTERM", async () => {
    const port = await freePort();
    const supervisor = spawnLogged(["--max-semi-space-size=4", startScript], {
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      PUBLIC_FORM_LIMIT: "10000",
    });
    processes.push(supervisor);
    const firstPid = await servingPid(supervisor);
    // The V8 flags of `npm start` reach the server itself, and so do its malloc settings (scripts/server-env.mjs).
    expect(readFileSync(`/proc/${firstPid}/cmdline`, "utf8").split("\0")).toContain("--max-semi-space-size=4");
    expect(readFileSync(`/proc/${firstPid}/environ`, "utf8").split("\0")).toEqual(
      expect.arrayContaining(["MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=131072"]),
    );

    const stream = submissionStream(port, 4);
    await stream.until(10);
    const killedAt = supervisor.output().length;
    process.kill(firstPid, "SIGKILL");
    await supervisor.waitFor(
      /the server stopped unexpectedly \(signal SIGKILL\): starting it again in 1 s/,
      5000,
      killedAt,
    );
    const secondPid = await servingPid(supervisor, killedAt);
    expect(secondPid).not.toBe(firstPid);
    const acknowledgedBeforeRestart = stream.acknowledged.length;
    await stream.until(acknowledgedBeforeRestart + 5);
    await stream.stop();

    const password = readFileSync(path.join(dataDir, "postgres/password"), "utf8").trim();
    const pgPort = /"port":(\d+)[^\n]*"msg":"embedded PostgreSQL started"/.exec(supervisor.output())![1];
    const db = new Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${pgPort}/app` });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>("select id from projects where id = any($1)", [
        stream.acknowledged,
      ]);
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(stream.acknowledged));
    } finally {
      await db.end();
    }

    const postgres = postmasterPid(dataDir)!;
    expect(alive(postgres)).toBe(true);
    const stoppedAt = supervisor.output().length;
    supervisor.child.kill("SIGTERM");
    expect((await supervisor.exited).code, supervisor.output().slice(stoppedAt)).toBe(0);
    expect(supervisor.output().slice(stoppedAt)).toContain("shutdown: stop the embedded database done");
    expect(supervisor.output().slice(stoppedAt)).not.toContain("starting it again");
    expect(alive(secondPid)).toBe(false);
    expect(alive(postgres), "the embedded PostgreSQL was stopped").toBe(false);
  }, 90_000);

  it("leaves no server behind when the supervisor itself is killed", async () => {
    const supervisor = spawnLogged([startScript], {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      // The operator's own malloc setting wins over the supervisor's.
      MALLOC_ARENA_MAX: "4",
    });
    processes.push(supervisor);
    const serverPid = await servingPid(supervisor);
    expect(readFileSync(`/proc/${serverPid}/environ`, "utf8").split("\0")).toEqual(
      expect.arrayContaining(["MALLOC_ARENA_MAX=4", "MALLOC_MMAP_THRESHOLD_=131072"]),
    );
    const postgres = postmasterPid(dataDir)!;
    supervisor.child.kill("SIGKILL");
    await supervisor.exited;

    // The server sees its channel to the supervisor close and stops like on SIGTERM.
    await vi.waitUntil(() => !alive(serverPid) && !alive(postgres), { timeout: 20_000, interval: 100 }).catch(() => {});
    expect(alive(serverPid), "the server stopped").toBe(false);
    expect(alive(postgres), "its embedded PostgreSQL stopped").toBe(false);
  }, 40_000);

  it("does not start again a server that was told to stop and stopped cleanly", async () => {
    const supervisor = spawnLogged([startScript], {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    processes.push(supervisor);
    process.kill(await servingPid(supervisor), "SIGTERM");
    expect((await supervisor.exited).code).toBe(0);
    expect(supervisor.output()).toContain("the server stopped cleanly on its own: not starting it again");
    expect(supervisor.output()).not.toContain("starting it again in");
  }, 40_000);

  it("gives up on a server that fails before it can serve, naming the error", async () => {
    const supervisor = spawnLogged([startScript], { DATA_DIR: dataDir, PORT: "eighty" });
    processes.push(supervisor);
    const { code } = await supervisor.exited;
    expect(code).toBe(1);
    const output = supervisor.output();
    expect(output).toMatch(/PORT: .*\(got "eighty"\)/);
    expect(output).toMatch(/the server failed 3 times in a row before it could serve: not starting it again/);
    expect(output.match(/starting it again in/g)).toHaveLength(2);
  }, 30_000);
});

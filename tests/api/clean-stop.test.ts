import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { computeStamp, readStamp } from "../../scripts/build-stamp.mjs";
import { heldSettings } from "../../scripts/held.mjs";
import { processStat } from "../../scripts/lifeline.mjs";
import { parseEnv } from "../../server/env";
import { projectRoot } from "../../server/lib/paths";
import {
  alive,
  builtEntry,
  cleanUp,
  processesWith,
  spawnCommandLogged,
  spawnLogged,
  tempDataDir,
  waitForHealth,
  type Spawned,
} from "../support/app-process";
import { freePort } from "../support/global-setup";

/**
 * `npm start` stops cleanly however it was started and whatever is signalled (README.md, "Set-up";
 * docs/decisions/048-clean-stops.md): through dash, Debian's sh, which forks rather than execs
 * its command, a SIGTERM to the shell that ran `npm start` leaves npm behind it, and the
 * supervisor notices and stops the server and its embedded PostgreSQL; SIGINT to npm, Ctrl+C to
 * the whole group (npm running scripts through bash) and SIGTERM to npm as a container's first
 * process stop everything too. Nothing of the app is left (no process carries the test's data
 * folder), and a second start on the same port and folder serves. An earlier server still holding
 * the port or the data folder is named, with the way to stop it, at once.
 */
const npmCache = mkdtempSync(path.join(os.tmpdir(), "wbt-npm-cache-"));
const folders: string[] = [];
const processes: Spawned[] = [];
afterAll(async () => {
  // Only after a failure is anything left: the processes of the test's folders are killed.
  for (const dir of folders) {
    cleanUp(dir, processes);
    for (const { pid } of processesWith(dir))
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone meanwhile
      }
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const dir of [...folders, npmCache]) rmSync(dir, { recursive: true, force: true });
});

// `npm start` would build first with a stale build, which is no part of a stop: `npm test` builds first.
beforeAll(() => {
  expect(readStamp(), "the build is out of date: run npm run build first").toBe(computeStamp());
});

async function appSettings() {
  const dataDir = tempDataDir("wbt-clean-stop-");
  folders.push(dataDir);
  return {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    HOME: dataDir,
    npm_config_cache: npmCache,
    npm_config_update_notifier: "false",
  };
}

/** `command` run by `shell -c`, in a process group of its own (as a terminal's job, or a process manager's child). */
function runThrough(shell: string, command: string, env: Record<string, string>) {
  const run = spawnCommandLogged(shell, ["-c", command], env, { detached: true });
  processes.push(run);
  return run;
}

/** The pids of `pid`'s children. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry) && processStat(Number(entry))?.ppid === pid)
    .map(Number);
}

/** Waits until no process carries `dataDir`; fails with the ones left. */
async function nothingLeft(dataDir: string, output: () => string, timeoutMs = 30_000) {
  await vi
    .waitUntil(() => processesWith(dataDir).length === 0, { timeout: timeoutMs, interval: 100 })
    .catch(() => {
      throw new Error(
        `still running: ${JSON.stringify(processesWith(dataDir), null, 1)}\n--- output:\n${output().slice(-3000)}`,
      );
    });
}

const SERVING = /"pid":(\d+)[^\n]*"msg":"serving /;
/**
 * The server's line once its database has stopped: written a moment after the database's
 * processes are gone (what nothingLeft waits for), and read from the pipe a moment later still.
 */
const STOPPED_DATABASE = /shutdown: stop the embedded database done/;

describe("npm start through dash", () => {
  it("stops the supervisor, the server and its database on a SIGTERM to the shell that ran it, then starts again on the same port and folder", async () => {
    const env = await appSettings();
    const first = runThrough("dash", "npm start", env);
    await first.waitFor(SERVING, 90_000);
    await waitForHealth(Number(env.PORT));
    // dash forked npm (it does not exec a -c command), and npm runs the supervisor with no shell between.
    const [npm] = childrenOf(first.child.pid!);
    const [supervisor] = childrenOf(npm!);
    expect(readFileSync(`/proc/${supervisor}/cmdline`, "utf8")).toContain("scripts/start.mjs");

    first.child.kill("SIGTERM");
    await nothingLeft(env.DATA_DIR, first.output);
    expect(first.output()).toContain('"command":"dash -c npm start","msg":"what started npm start is gone');
    await first.waitFor(STOPPED_DATABASE, 10_000);
    expect(existsSync(path.join(env.DATA_DIR, "postgres/cluster/postmaster.pid"))).toBe(false);

    // The same port and data folder: free again. This time SIGINT to npm itself.
    const second = runThrough("dash", "npm start", env);
    const health = await waitForHealth(Number(env.PORT), 90_000);
    expect(health.db).toBe(true);
    const [secondNpm] = childrenOf(second.child.pid!);
    process.kill(secondNpm!, "SIGINT");
    expect(await second.exited).toEqual({ code: 0, signal: null });
    await nothingLeft(env.DATA_DIR, second.output);
    await second.waitFor(STOPPED_DATABASE, 10_000);
  }, 200_000);
});

describe("npm start through bash", () => {
  it("stops everything on Ctrl+C (SIGINT to the whole process group)", async () => {
    const env = await appSettings();
    const run = runThrough("bash", "npm start", { ...env, npm_config_script_shell: "/bin/bash" });
    await run.waitFor(SERVING, 90_000);
    await waitForHealth(Number(env.PORT));
    // What a terminal does on Ctrl+C: SIGINT to every process of the foreground group.
    process.kill(-run.child.pid!, "SIGINT");
    await run.exited;
    await nothingLeft(env.DATA_DIR, run.output);
    await run.waitFor(STOPPED_DATABASE, 10_000);
    expect(run.output()).toMatch(/"service":"start","code":0,[^\n]*"msg":"the server stopped"/);
  }, 120_000);
});

// A container's first process is npm (Docker's CMD ["npm", "start"]): PID 1 of a new pid
// namespace, whose end kills every process left in it. Making one takes root (unshare).
const canUnshare =
  process.getuid?.() === 0 && spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"]).status === 0;
if (!canUnshare)
  console.warn("clean-stop.test.ts: no pid namespace here (needs root and unshare): PID 1 test skipped.");

describe.skipIf(!canUnshare)("npm start as PID 1", () => {
  it("stops the server and its database before npm, the namespace's init, exits on SIGTERM", async () => {
    const env = await appSettings();
    const run = spawnCommandLogged("unshare", ["--pid", "--fork", "--mount-proc", "npm", "start"], env);
    processes.push(run);
    await run.waitFor(SERVING, 90_000);
    await waitForHealth(Number(env.PORT));
    const [npm] = childrenOf(run.child.pid!);
    expect(readFileSync(`/proc/${npm}/status`, "utf8")).toMatch(/^NSpid:\s+\d+\s+1$/m);
    process.kill(npm!, "SIGTERM");
    expect(await run.exited).toEqual({ code: 0, signal: null });
    // Had npm exited first, the namespace's end would have killed the server mid-stop.
    await run.waitFor(STOPPED_DATABASE, 10_000);
    expect(run.output()).toMatch(/"service":"start","code":0,[^\n]*"msg":"the server stopped"/);
    await nothingLeft(env.DATA_DIR, run.output);
  }, 120_000);
});

describe("a stale server of an earlier run", () => {
  it("is named, with its pid and how to stop it, by a start that needs its port or its data folder, which exits at once", async () => {
    const stale = await appSettings();
    const server = spawnLogged([builtEntry], stale);
    processes.push(server);
    const serverPid = Number((await server.waitFor(SERVING, 90_000))[1]);

    // Its port, with a data folder of its own.
    const other = await appSettings();
    const samePort = runThrough("dash", "npm start", { ...other, PORT: stale.PORT });
    const startedAt = Date.now();
    expect((await samePort.exited).code).not.toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(20_000);
    expect(samePort.output()).toContain(
      `PORT ${stale.PORT} is taken by a server of this app in ${projectRoot} (pid ${serverPid}) left running by an earlier npm start. Stop it with: kill ${serverPid}`,
    );
    // Nothing was started: no database in its folder, no process left.
    expect(existsSync(path.join(other.DATA_DIR, "postgres"))).toBe(false);
    expect(processesWith(other.DATA_DIR)).toEqual([]);

    // Its data folder, on another port.
    const sameFolder = runThrough("dash", "npm start", { ...other, DATA_DIR: stale.DATA_DIR });
    expect((await sameFolder.exited).code).not.toBe(0);
    expect(sameFolder.output()).toContain(
      `The data folder ${stale.DATA_DIR} is in use by a server of this app in ${projectRoot} (pid ${serverPid})`,
    );
    expect(sameFolder.output()).toContain(`kill ${serverPid}`);

    // The advice works: SIGTERM stops it cleanly, database and all.
    process.kill(serverPid, "SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(alive(serverPid)).toBe(false);
    await nothingLeft(stale.DATA_DIR, server.output);
  }, 150_000);

  it("reads the settings with the server's own defaults", () => {
    const env = parseEnv({});
    expect(heldSettings({})).toEqual({
      host: env.HOST,
      port: env.PORT,
      dataDir: path.resolve(env.DATA_DIR),
      embeddedPgPort: env.EMBEDDED_PG_PORT,
      embedded: env.DATABASE_URL === undefined,
    });
  });
});

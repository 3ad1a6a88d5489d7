import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitForHealth } from "../support/app-process";
import { freePort } from "../support/global-setup";
import { projectRoot } from "../../server/lib/paths";

/**
 * The built app as a real process on its own embedded PostgreSQL: it starts,
 * survives `kill -9` (the orphaned database is stopped and the next start
 * works), stops cleanly on SIGTERM, and refuses a bad configuration.
 */
const entry = path.join(projectRoot, "build/server-app/index.js");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "wbt-proc-"));
chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  const pidFile = path.join(dataDir, "postgres/cluster/postmaster.pid");
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, "utf8").split("\n")[0]), "SIGINT");
    } catch {
      // already gone
    }
  }
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000).unref();
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  children.push(child);
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on("exit", (code) => resolve(code)),
  );

const postmasterPid = () =>
  Number(readFileSync(path.join(dataDir, "postgres/cluster/postmaster.pid"), "utf8").split("\n")[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the app process", () => {
  it("starts after a kill -9 that left its embedded PostgreSQL running, and stops cleanly on SIGTERM", async () => {
    const pgPort = String(await freePort());
    const port = await freePort();
    const first = start({ PORT: String(port), EMBEDDED_PG_PORT: pgPort });
    expect(await waitForHealth(port)).toEqual({ ok: true, db: true });
    const orphan = postmasterPid();

    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(alive(orphan), "PostgreSQL outlives the killed app").toBe(true);

    const port2 = await freePort();
    const second = start({ PORT: String(port2), EMBEDDED_PG_PORT: pgPort });
    expect(await waitForHealth(port2)).toEqual({ ok: true, db: true });
    expect(alive(orphan), "the orphaned server was stopped").toBe(false);
    expect(second.output()).toContain("stopping it cleanly");
    const current = postmasterPid();

    second.child.kill("SIGTERM");
    expect(await exited(second.child)).toBe(0);
    expect(alive(current), "SIGTERM stops the embedded PostgreSQL too").toBe(false);
    expect(second.output()).toContain("shutdown: stop the embedded database done");
  }, 60_000);

  it("refuses to start with a bad setting, naming the variable", async () => {
    const bad = start({ PORT: "eighty" });
    expect(await exited(bad.child)).toBe(1);
    expect(bad.output()).toMatch(/PORT: .*\(got "eighty"\)/);
  });
});

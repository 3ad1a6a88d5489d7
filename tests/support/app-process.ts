import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { commandLine, processStat } from "../../scripts/lifeline.mjs";
import { projectRoot } from "../../server/lib/paths";

/**
 * Real app processes for the process tests: the built server, `npm start`'s
 * supervisor, or a script, each with its output collected, and the embedded
 * PostgreSQL they leave behind stopped at the end.
 */
export const builtEntry = path.join(projectRoot, "build/server-app/index.js");

export interface Spawned {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first output line that matches (or rejects at the deadline). */
  waitFor(pattern: RegExp, timeoutMs?: number, from?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A script of the project as `npm run` starts it (tsx), with nothing from this process's
 * environment but PATH, its output collected; `processes` keeps it for cleanUp.
 */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  processes: Spawned[],
): Promise<{ code: number | null; output: string }> {
  const run = spawnLogged(["--import", "tsx", `scripts/${script}`, ...args], { LOG_LEVEL: "error", ...env });
  processes.push(run);
  const { code } = await run.exited;
  return { code, output: run.output() };
}

export function tempDataDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export function spawnLogged(args: string[], env: Record<string, string>): Spawned {
  return spawnCommandLogged(process.execPath, args, env);
}

/** `command` with `args` from the app folder, its output collected; `detached`: in a process group of its own. */
export function spawnCommandLogged(
  command: string,
  args: string[],
  env: Record<string, string>,
  { detached = false } = {},
): Spawned {
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
  let output = "";
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 25_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.slice(from).match(pattern);
          if (!match) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(match);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${output.slice(-3000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

export async function waitForHealth(port: number, timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return (await res.json()) as { ok: boolean; db: boolean };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no healthy answer on port ${port} within ${timeoutMs} ms`);
}

export function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, "postgres/cluster/postmaster.pid");
  return existsSync(file) ? Number(readFileSync(file, "utf8").split("\n")[0]) : undefined;
}

/**
 * Kills what is left of `processes` (and of `pids`: servers started by a
 * supervisor), stops a PostgreSQL left running in `dataDir`, and removes the folder.
 */
export function cleanUp(dataDir: string, processes: Spawned[], pids: number[] = []) {
  for (const { child } of processes) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
  const pid = postmasterPid(dataDir);
  if (pid && alive(pid)) process.kill(pid, "SIGINT");
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000).unref();
}

/**
 * The live processes that carry `marker` (a test's own temporary data folder) in their command
 * line or environment, with their descendants (a PostgreSQL's workers): what a test's app left.
 */
export function processesWith(marker: string): { pid: number; command: string }[] {
  const parents = new Map<number, number>();
  const marked = new Set<number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = processStat(pid);
    // A zombie holds nothing: its parent has yet to read its exit status.
    if (!stat || stat.state === "Z") continue;
    parents.set(pid, stat.ppid);
    try {
      const text = readFileSync(`/proc/${pid}/cmdline`, "utf8") + readFileSync(`/proc/${pid}/environ`, "utf8");
      if (text.includes(marker)) marked.add(pid);
    } catch {
      // gone meanwhile, or another user's
    }
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents)
      if (!marked.has(pid) && marked.has(ppid)) {
        marked.add(pid);
        grew = true;
      }
  }
  return [...marked].map((pid) => ({ pid, command: commandLine(pid) }));
}

import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { BenchFigure } from "./types";

/**
 * The built app as the bench modules run it: `npm start`'s V8 flags, a wait for /api/health, a
 * SIGTERM stop, and the project's scripts run to their end.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The V8 flags of `npm start` (package.json), so a measured app runs as production runs it. */
export const startFlags = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((part) => part.startsWith("--"));

/**
 * The built server with `env`, its output but errors left out. BENCH_APP_DIR names another
 * checkout whose build to run instead (built there, with its node_modules), for a figure before
 * and after a change: `BENCH_APP_DIR=../before npm run bench:one-token`.
 */
export const spawnBuiltApp = (env: NodeJS.ProcessEnv): ChildProcess => {
  const appDir = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : root;
  return spawn(process.execPath, [...startFlags, path.join(appDir, "build/server-app/index.js")], {
    cwd: appDir,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
};

/** Resolves once `base`/api/health answers 200; rejects if the app exits first or after `timeoutMs`. */
export async function waitHealthy(child: ChildProcess, base: string, timeoutMs = 120_000, name = "the app") {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${name} was not healthy within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(100);
  }
}

/** SIGTERM, resolved when the process has exited (at once if it already has). */
export const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** Runs a command in the project folder to its end; rejects on a non-zero exit. */
export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdout: "ignore" | "inherit" = "ignore",
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", stdout, "inherit"] });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}`))));
  });
}

/** Whether the module of `moduleUrl` is the one run (`npx tsx scripts/bench/x.ts`), not imported by bench.ts. */
export const runsAlone = (moduleUrl: string) =>
  process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;

/** A module's figures when it runs alone: one line each, and exit 1 when a target is missed. */
export function printFiguresAndExit(figures: BenchFigure[]): never {
  for (const f of figures)
    console.log(`${f.name}: ${f.value} ${f.unit} (target ${f.target}) ${f.target === "-" || f.ok ? "ok" : "MISSED"}`);
  process.exit(figures.every((f) => f.ok) ? 0 : 1);
}

/**
 * A DATA_DIR with a database seeded by `npm run seed -- --scale N`: `kept` when given (seeded
 * unless it holds a database already, and left in place, so two builds are measured on the same
 * rows), else a new temporary folder, which `remove()` deletes.
 */
export async function seededDataDir(name: string, scale: number, kept: string | undefined, pgPort: number) {
  const dataDir = kept ?? mkdtempSync(path.join(os.tmpdir(), `wbt-${name}-${scale}-`));
  const seeded = kept !== undefined && existsSync(path.join(kept, "postgres"));
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755);
  if (!seeded) {
    console.log(`[bench] ${name}: seeding N=${scale} into ${dataDir}`);
    const env = { PATH: process.env.PATH, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: "error" };
    await runCommand(
      process.execPath,
      ["--import", "tsx", "scripts/seed.ts", "--scale", String(scale)],
      env,
      "inherit",
    );
  }
  return { dataDir, remove: () => kept ?? rmSync(dataDir, { recursive: true, force: true }) };
}

import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The built app as the bench modules run it: `npm start`'s V8 flags, a wait for /api/health, a
 * SIGTERM stop, and the project's scripts run to their end.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const builtServer = path.join(root, "build/server-app/index.js");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The V8 flags of `npm start` (package.json), so a measured app runs as production runs it. */
export const startFlags = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((part) => part.startsWith("--"));

/** The built server with `env`, its output but errors left out. */
export const spawnBuiltApp = (env: NodeJS.ProcessEnv): ChildProcess =>
  spawn(process.execPath, [...startFlags, builtServer], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });

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

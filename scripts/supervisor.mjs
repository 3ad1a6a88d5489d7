// Runs the server as a child process and starts it again when it stops
// unexpectedly (docs/decisions/010-process-resilience.md).
import { fork } from "node:child_process";
import { watchLifeline } from "./lifeline.mjs";
import { serverEnvironment } from "./server-env.mjs";

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A server that stayed up this long starts the next back-off from the first delay again. */
const STABLE_MS = 60_000;
/** A server that exits with an error before serving, this soon after its start, most likely cannot start at all (bad settings). */
const QUICK_FAILURE_MS = 15_000;
const MAX_QUICK_FAILURES = 3;

/** One JSON line like the server's own (pino) lines, so both read alike in one log. */
function log(level, fields, msg) {
  const levels = { info: 30, warn: 40, error: 50, fatal: 60 };
  const line = JSON.stringify({
    level: levels[level],
    time: new Date().toISOString(),
    service: "start",
    ...fields,
    msg,
  });
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
}

/**
 * Forks `entry` with this process's own V8 flags (`npm start`'s
 * --max-semi-space-size reaches the server) and the malloc settings of server-env.mjs. A failure - a non-zero exit code,
 * or a signal such as kill -9 or the out-of-memory killer's - starts it again
 * after 1 s, doubling to 30 s while it keeps failing. SIGTERM and SIGINT are passed on;
 * the supervisor then exits with the server's code and starts nothing more. The same stop
 * follows when a link of `lifeline` breaks (scripts/lifeline.mjs): npm, or the program that
 * ran it, is gone.
 */
export function supervise(entry, lifeline = []) {
  let child;
  let stopping = false;
  let delayMs = FIRST_DELAY_MS;
  let quickFailures = 0;
  let restartTimer;

  const start = () => {
    restartTimer = undefined;
    const startedAt = Date.now();
    let serving = false;
    let stableTimer;
    child = fork(entry, [], { execArgv: process.execArgv, env: serverEnvironment(process.env), stdio: "inherit" });
    child.on("error", (error) => log("error", { err: error.message }, "could not run the server"));
    child.on("message", (message) => {
      if (message?.type !== "serving") return;
      serving = true;
      quickFailures = 0;
      stableTimer = setTimeout(() => (delayMs = FIRST_DELAY_MS), STABLE_MS);
      stableTimer.unref();
    });
    child.on("exit", (code, signal) => {
      clearTimeout(stableTimer);
      child = undefined;
      if (stopping) {
        log("info", { code, signal }, "the server stopped");
        process.exit(code ?? 1);
      }
      // Exit code 0: the server was told to stop (a SIGTERM to its own pid) and did so cleanly.
      if (code === 0) {
        log("info", { code }, "the server stopped cleanly on its own: not starting it again");
        process.exit(0);
      }
      // A kill (the out-of-memory killer during a start, say) says nothing about the settings.
      const quick = !serving && !signal && Date.now() - startedAt < QUICK_FAILURE_MS;
      quickFailures = quick ? quickFailures + 1 : 0;
      if (quickFailures >= MAX_QUICK_FAILURES) {
        log(
          "fatal",
          { code, signal, attempts: quickFailures },
          `the server failed ${quickFailures} times in a row before it could serve: not starting it again. Fix the error above and run npm start again.`,
        );
        process.exit(1);
      }
      log(
        "error",
        { code, signal, restartInMs: delayMs },
        `the server stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}): starting it again in ${delayMs / 1000} s`,
      );
      restartTimer = setTimeout(start, delayMs);
      delayMs = Math.min(delayMs * 2, MAX_DELAY_MS);
    });
    log("info", { pid: child.pid }, "started the server");
  };

  const stop = (signal) => {
    if (!stopping) log("info", { signal }, "stopping the server");
    stopping = true;
    if (restartTimer) {
      clearTimeout(restartTimer);
      process.exit(0);
    }
    // A second signal is passed on too: the server then exits at once.
    child?.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  watchLifeline(lifeline, (link) => {
    log("warn", { pid: link.parent, command: link.command }, "what started npm start is gone: stopping the server");
    stop("SIGTERM");
  });
  start();
}

import type { Logger } from "./logger";

type Step = { name: string; run: () => Promise<void> | void };

/**
 * The same signal delivered twice at once (a process manager that signals the
 * whole group, plus `npm start`'s supervisor forwarding it) is one request to
 * stop; a second one later is someone insisting.
 */
const DUPLICATE_SIGNAL_MS = 1000;

/** The longest a stop may take before the process exits anyway (a service manager's stop timeout must exceed it). */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * Ordered graceful shutdown on SIGTERM/SIGINT: stop accepting connections and
 * finish in-flight requests, then close the pool, then stop the embedded
 * database. A second signal exits at once.
 *
 * An uncaught exception or unhandled rejection runs the same steps and exits
 * non-zero: the process may be in a state nobody planned for, so it stops
 * (its embedded PostgreSQL cleanly) and `npm start` starts a fresh one.
 */
export function onShutdown(log: Logger, steps: Step[], { timeoutMs = SHUTDOWN_TIMEOUT_MS } = {}) {
  let shuttingDown = false;
  let firstSignalAt = 0;
  let code = 0;
  const shutdown = async (reason: string, exitCode = 0) => {
    code = Math.max(code, exitCode);
    if (shuttingDown) return;
    shuttingDown = true;
    log[exitCode === 0 ? "info" : "error"]({ signal: reason }, "shutting down");
    const timer = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    for (const step of steps) {
      try {
        await step.run();
        log.info(`shutdown: ${step.name} done`);
      } catch (error) {
        code = 1;
        log.error({ err: error }, `shutdown: ${step.name} failed`);
      }
    }
    process.exit(code);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      if (Date.now() - firstSignalAt < DUPLICATE_SIGNAL_MS) return;
      log.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    firstSignalAt = Date.now();
    void shutdown(signal);
  };
  const onCrash = (kind: string) => (error: unknown) => {
    // Logged even during a shutdown already under way; the exit code says it failed.
    log.fatal({ err: error }, `${kind}: stopping the process`);
    void shutdown(kind, 1);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  process.on("uncaughtException", onCrash("uncaught exception"));
  process.on("unhandledRejection", onCrash("unhandled promise rejection"));
  return shutdown;
}

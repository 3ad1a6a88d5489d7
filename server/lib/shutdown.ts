import type { Logger } from "./logger";

type Step = { name: string; run: () => Promise<void> | void };

/**
 * Ordered graceful shutdown on SIGTERM/SIGINT: stop accepting connections and
 * finish in-flight requests, then close the pool, then stop the embedded
 * database. A second signal exits at once.
 */
export function onShutdown(log: Logger, steps: Step[], { timeoutMs = 25_000 } = {}) {
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) {
      log.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    shuttingDown = true;
    log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    let code = 0;
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
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return shutdown;
}

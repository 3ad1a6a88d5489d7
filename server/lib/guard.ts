import type { Logger } from "./logger";

/**
 * Wraps a callback (socket upgrade, timer, event listener) so that a throw or a
 * rejected promise is logged and goes no further: one bad request or one failed
 * job must never become an uncaught exception that stops the process.
 */
export function guarded<A extends unknown[]>(
  log: Pick<Logger, "error">,
  what: string,
  fn: (...args: A) => unknown,
): (...args: A) => void {
  const failed = (error: unknown) => log.error({ err: error }, `${what} failed`);
  return (...args) => {
    try {
      const result = fn(...args);
      if (result instanceof Promise) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}

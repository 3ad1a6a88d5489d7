/**
 * Runs `task` once the browser is idle (at the latest after `timeout` ms), or after a short delay
 * where idle callbacks are missing. Returns a function that cancels it. For work a page needs soon
 * but not during its own start (hydration and the effects that follow it), so that work does not
 * lengthen the tasks a phone already finds long.
 */
export function whenIdle(task: () => void, timeout = 1500): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

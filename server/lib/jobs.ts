import type { Logger } from "./logger";

export interface Job {
  /** Names the job in the log: a failure is logged as "<name> failed". */
  name: string;
  everyMs: number;
  /** Also once this long after the start (a sweep that catches up with what a crash left). */
  firstAfterMs?: number;
  run: () => Promise<unknown> | unknown;
}

/**
 * Jobs on timers (mail retry, rate-limit and retention purges), each run guarded: a failure is
 * logged and the next run comes as planned. Once `stop()` is called (the process shuts down) no
 * job starts again, and one still running when the database goes away fails silently: its work
 * is simply done by the next start.
 */
export function scheduleJobs(log: Pick<Logger, "error">, jobs: Job[]) {
  let closing = false;
  const tick = (job: Job) => async () => {
    if (closing) return;
    try {
      await job.run();
    } catch (error) {
      if (!closing) log.error({ err: error }, `${job.name} failed`);
    }
  };
  const timers = jobs.flatMap((job) => {
    const timer = setInterval(() => void tick(job)(), job.everyMs);
    timer.unref();
    if (job.firstAfterMs === undefined) return [timer];
    const first = setTimeout(() => void tick(job)(), job.firstAfterMs);
    first.unref();
    return [timer, first];
  });
  return {
    get closing() {
      return closing;
    },
    stop() {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

import type { Logger } from "./logger";

export interface Job {
  /** Names the job in the log: a failure is logged as "<name> failed". */
  name: string;
  everyMs: number;
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
  const timers = jobs.map((job) => {
    const timer = setInterval(() => void tick(job)(), job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    get closing() {
      return closing;
    },
    stop() {
      closing = true;
      for (const timer of timers) clearInterval(timer);
    },
  };
}

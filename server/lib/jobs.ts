import type { Logger } from "./logger";

export interface Job {
  /** Names the job in the log: a failure is logged as "<name> failed". */
  name: string;
  everyMs: number;
  /** Also once this long after the start (a sweep that catches up with what a crash left). */
  firstAfterMs?: number;
  /**
   * A job that works through a backlog a bounded batch at a time: a run that answers `true` (work
   * remains) is followed by the next one this long after it ends, not at the next period.
   */
  againAfterMs?: number;
  run: () => Promise<unknown> | unknown;
}

/**
 * Jobs on timers (mail retry, rate-limit and retention purges), each run guarded: a failure is
 * logged and the next run comes as planned. A job's run never overlaps its own previous run in
 * this process: a period that comes while it (or its chain of `againAfterMs` runs) is still under
 * way is skipped. Once `stop()` is called (the process shuts down) no job starts again, and one
 * still running when the database goes away fails silently: its work is simply done by the next
 * start.
 */
export function scheduleJobs(log: Pick<Logger, "error">, jobs: Job[]) {
  let closing = false;
  const busy = new Set<Job>();
  const chained = new Set<ReturnType<typeof setTimeout>>();
  const tick = (job: Job) => async () => {
    if (closing || busy.has(job)) return;
    busy.add(job);
    let more = false;
    try {
      more = (await job.run()) === true && job.againAfterMs !== undefined;
    } catch (error) {
      if (!closing) log.error({ err: error }, `${job.name} failed`);
    } finally {
      busy.delete(job);
    }
    if (!more || closing) return;
    const next = setTimeout(() => {
      chained.delete(next);
      void tick(job)();
    }, job.againAfterMs);
    next.unref();
    chained.add(next);
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
      for (const timer of [...timers, ...chained]) clearTimeout(timer);
    },
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scheduleJobs } from "./jobs";

describe("scheduled jobs", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("logs a failed run, and runs again at the next period", async () => {
    const log = { error: vi.fn() };
    const run = vi.fn().mockRejectedValueOnce(new Error("the database is busy")).mockResolvedValue(undefined);
    const jobs = scheduleJobs(log, [{ name: "retrying e-mails", everyMs: 1000, run }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toBe("retrying e-mails failed");
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    jobs.stop();
  });

  it("once stopped, starts no job, even when its time comes", async () => {
    const log = { error: vi.fn() };
    const run = vi.fn();
    const jobs = scheduleJobs(log, [{ name: "purging inquiries", everyMs: 1000, run }]);
    jobs.stop();
    expect(jobs.closing).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  it("a run under way when the shutdown begins fails without an error in the log", async () => {
    const log = { error: vi.fn() };
    let fail!: (error: Error) => void;
    const run = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const jobs = scheduleJobs(log, [{ name: "clearing rate limits", everyMs: 1000, run }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    jobs.stop();
    // The shutdown closes the pool under the running job.
    fail(new Error("Cannot use a pool after calling end on the pool"));
    await vi.advanceTimersByTimeAsync(5000);
    expect(log.error).not.toHaveBeenCalled();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("runs a job again soon after a run that says work remains, until one says none does", async () => {
    const log = { error: vi.fn() };
    const answers = [true, true, false];
    const run = vi.fn(() => Promise.resolve(answers.shift() ?? false));
    const jobs = scheduleJobs(log, [{ name: "rolling up analytics", everyMs: 60_000, againAfterMs: 100, run }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(3);
    // None remains: the next run is the next period's.
    await vi.advanceTimersByTimeAsync(59_000);
    expect(run).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(4);
    jobs.stop();
    expect(log.error).not.toHaveBeenCalled();
  });

  it("skips a period while the job's previous run is still under way", async () => {
    const log = { error: vi.fn() };
    let finish!: () => void;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const jobs = scheduleJobs(log, [{ name: "purging analytics", everyMs: 1000, run }]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    jobs.stop();
  });

  it("a job that says work remains is not run again once stopped", async () => {
    const log = { error: vi.fn() };
    const run = vi.fn(() => Promise.resolve(true));
    const jobs = scheduleJobs(log, [{ name: "rolling up analytics", everyMs: 60_000, againAfterMs: 100, run }]);
    await vi.advanceTimersByTimeAsync(60_000);
    jobs.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

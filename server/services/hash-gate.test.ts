import { describe, expect, it } from "vitest";
import { createGate, GateFullError, type Gate } from "./hash-gate";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("createGate", () => {
  it("runs at most `concurrency` at once, queues `queue` more, and refuses the rest at once", async () => {
    const gate = createGate({ concurrency: 2, queue: 3 });
    const work = Array.from({ length: 8 }, deferred);
    let running = 0;
    let most = 0;
    const runs = work.map((w, i) =>
      gate.run(async () => {
        most = Math.max(most, ++running);
        await w.promise;
        running--;
        return i;
      }),
    );
    const settled = runs.map((run) =>
      run.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
    );
    // Three are refused without waiting for anything.
    for (const i of [5, 6, 7]) expect(await settled[i]).toEqual({ error: expect.any(GateFullError) });
    expect(gate.stats()).toMatchObject({ active: 2, queued: 3, peakActive: 2, peakQueued: 3, refused: 3 });
    for (const w of work) w.resolve();
    expect(await Promise.all(settled.slice(0, 5))).toEqual([0, 1, 2, 3, 4].map((value) => ({ value })));
    expect(most).toBe(2);
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0 });
  });

  it("frees the slot when the work fails", async () => {
    const gate = createGate({ concurrency: 1, queue: 0 });
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
    expect(gate.stats().active).toBe(0);
  });

  it("17. a lane of its own goes first: while it works, the common gate lets running work finish and starts none", async () => {
    const lane: Gate = createGate({ concurrency: 1, queue: 1, onIdle: () => common.resume() });
    const common: Gate = createGate({
      concurrency: 2,
      queue: 3,
      holdWhile: () => lane.stats().active + lane.stats().queued > 0,
    });
    const order: string[] = [];
    const job = (name: string, done: Promise<void>) => async () => {
      order.push(`start ${name}`);
      await done;
      order.push(`end ${name}`);
    };
    const strangers = Array.from({ length: 4 }, deferred);
    const owner = deferred();
    const runs = strangers.map((w, i) => common.run(job(`stranger ${i}`, w.promise)));
    expect(common.stats()).toMatchObject({ active: 2, queued: 2 });

    // The owner starts at once, beside the two running; the two queued strangers wait for it.
    const ownerRun = lane.run(job("owner", owner.promise));
    await Promise.resolve();
    expect(order).toEqual(["start stranger 0", "start stranger 1", "start owner"]);
    strangers[0]!.resolve();
    strangers[1]!.resolve();
    await Promise.all(runs.slice(0, 2));
    expect(common.stats()).toMatchObject({ active: 0, queued: 2 });
    owner.resolve();
    await ownerRun;
    expect(common.stats()).toMatchObject({ active: 2, queued: 0 });
    await new Promise((resolve) => setTimeout(resolve));
    expect(order.slice(-3)).toEqual(["end owner", "start stranger 2", "start stranger 3"]);
    strangers[2]!.resolve();
    strangers[3]!.resolve();
    await Promise.all(runs);
    expect(common.stats()).toMatchObject({ active: 0, queued: 0, admitted: 4 });
    expect(lane.stats()).toMatchObject({ active: 0, queued: 0, admitted: 1 });
  });
});

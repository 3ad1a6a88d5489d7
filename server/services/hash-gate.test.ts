import { describe, expect, it } from "vitest";
import { createGate, GateFullError } from "./hash-gate";

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
});

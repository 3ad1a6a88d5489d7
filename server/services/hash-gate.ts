/**
 * A small admission gate for expensive work. Each password hash (scrypt,
 * N=2^17, r=8) takes 128 MiB and a libuv thread for a few hundred
 * milliseconds, so a burst of sign-ins must not start them all at once: at
 * most `concurrency` run, up to `queue` more wait their turn, and beyond that
 * the caller is refused at once (the sign-in answers 503 with Retry-After)
 * instead of piling up memory and latency.
 */
export class GateFullError extends Error {
  constructor() {
    super("Too many password checks are waiting");
  }
}

export interface GateStats {
  active: number;
  queued: number;
  /** Highest `active` / `queued` seen since the last resetPeaks(). */
  peakActive: number;
  peakQueued: number;
  /** Callers refused because the queue was full, since the last resetPeaks(). */
  refused: number;
}

export interface Gate {
  run<T>(work: () => Promise<T>): Promise<T>;
  stats(): GateStats;
  resetPeaks(): void;
}

export function createGate(options: { concurrency: number; queue: number }): Gate {
  let active = 0;
  let peakActive = 0;
  let peakQueued = 0;
  let refused = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next caller, so `active` never drops below the load.
    if (next) next();
    else active--;
  };

  async function acquire(): Promise<void> {
    if (active < options.concurrency) {
      active++;
      peakActive = Math.max(peakActive, active);
      return;
    }
    if (waiting.length >= options.queue) {
      refused++;
      throw new GateFullError();
    }
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      peakQueued = Math.max(peakQueued, waiting.length);
    });
  }

  return {
    async run(work) {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ active, queued: waiting.length, peakActive, peakQueued, refused }),
    resetPeaks() {
      peakActive = active;
      peakQueued = waiting.length;
      refused = 0;
    },
  };
}

/**
 * The process's one gate for password hashes: two at a time (256 MiB at most,
 * and two of libuv's four threads left for files, DNS and compression), eight
 * more waiting (about a second of work).
 */
export const PASSWORD_HASH_CONCURRENCY = 2;
export const PASSWORD_HASH_QUEUE = 8;
export const passwordHashGate = createGate({ concurrency: PASSWORD_HASH_CONCURRENCY, queue: PASSWORD_HASH_QUEUE });

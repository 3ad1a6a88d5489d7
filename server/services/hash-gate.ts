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
  /** Callers given a slot (at once or after waiting), since the last resetPeaks(). */
  admitted: number;
}

export interface Gate {
  run<T>(work: () => Promise<T>): Promise<T>;
  stats(): GateStats;
  resetPeaks(): void;
  /** Hands free slots to waiting callers: called when the gate's `holdWhile` stops holding. */
  resume(): void;
}

export interface GateOptions {
  concurrency: number;
  queue: number;
  /** While true, no new work starts (work already running goes on); callers wait in the queue. */
  holdWhile?: () => boolean;
  /** Called when the last work of the gate ends and no one waits. */
  onIdle?: () => void;
}

export function createGate(options: GateOptions): Gate {
  let active = 0;
  let peakActive = 0;
  let peakQueued = 0;
  let refused = 0;
  let admitted = 0;
  const waiting: (() => void)[] = [];
  const held = () => options.holdWhile?.() ?? false;

  const start = () => {
    active++;
    admitted++;
    peakActive = Math.max(peakActive, active);
  };

  // Synchronous, so a freed slot passes straight to the next caller and `active` never drops below the load.
  const pump = () => {
    while (active < options.concurrency && waiting.length && !held()) {
      start();
      waiting.shift()!();
    }
  };

  const release = () => {
    active--;
    pump();
    if (active === 0 && !waiting.length) options.onIdle?.();
  };

  async function acquire(): Promise<void> {
    if (active < options.concurrency && !waiting.length && !held()) return start();
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
    stats: () => ({ active, queued: waiting.length, peakActive, peakQueued, refused, admitted }),
    resetPeaks() {
      peakActive = active;
      peakQueued = waiting.length;
      refused = 0;
      admitted = 0;
    },
    resume: pump,
  };
}

/**
 * The process's common gate for password hashes: two at a time (256 MiB at most,
 * and two of libuv's four threads left for files, DNS and compression), eight
 * more waiting (about a second of work).
 */
export const PASSWORD_HASH_CONCURRENCY = 2;
export const PASSWORD_HASH_QUEUE = 8;
export const passwordHashGate: Gate = createGate({
  concurrency: PASSWORD_HASH_CONCURRENCY,
  queue: PASSWORD_HASH_QUEUE,
  // The known-device lane goes first: strangers' hashes already running finish, no new one starts.
  holdWhile: () => {
    const lane = knownDeviceHashGate.stats();
    return lane.active + lane.queued > 0;
  },
});

/**
 * The lane of a browser that has signed in to the account before (services/known-devices.ts,
 * docs/decisions/034): one hash of its own beside the two above, so the owner's sign-in never
 * waits behind a burst of strangers' attempts, and two more waiting. While it works the common
 * gate starts nothing new, so the owner's hash shares the processor with at most the two already
 * running, and only until they end. Three hashes at most run at once (384 MiB, one of libuv's four
 * threads still free), and only while a recognised device signs in during a burst.
 */
export const KNOWN_DEVICE_HASH_CONCURRENCY = 1;
export const KNOWN_DEVICE_HASH_QUEUE = 2;
export const knownDeviceHashGate: Gate = createGate({
  concurrency: KNOWN_DEVICE_HASH_CONCURRENCY,
  queue: KNOWN_DEVICE_HASH_QUEUE,
  onIdle: () => passwordHashGate.resume(),
});

import { Tinypool } from "tinypool";
import type { Env } from "../../env";
import type { PdfTask } from "./pdf-print";

/**
 * The PDF renders' worker threads (docs/decisions/045-pdfs-rendered-once.md): pdfkit lays out a
 * document on a worker, never on the app's thread, so the health check and the visitors' requests
 * never wait behind a layout. At most PDF_WORKERS threads, started on demand and stopped when idle;
 * at most PDF_QUEUE renders wait for one. Past that a download is refused (PdfBusyError, a 429 with
 * Retry-After) instead of growing a queue, and the memory behind it, without bound.
 */

export const PDF_BUSY =
  "Please wait a moment: many documents are being prepared right now. Try again in a few seconds.";

export class PdfBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(PDF_BUSY);
    this.name = "PdfBusyError";
  }
}

/** A worker left idle this long stops (about 40 MB each); the next render starts one again. */
const IDLE_MS = 60_000;
/** The bounds of Retry-After when the queue is full (s). */
const RETRY_AFTER = { min: 1, max: 30 };

export interface PdfPool {
  /**
   * The PDF's bytes, rendered on a worker. `bounded: false` (the app's own renders, such as the
   * copy kept when a quote is accepted) waits for a place instead of being refused.
   */
  render(task: PdfTask, options?: { bounded?: boolean }): Promise<Uint8Array<ArrayBuffer>>;
  /** Renders running or waiting. */
  readonly pending: number;
  destroy(): Promise<void>;
}

let rendered = 0;
/** Renders started by this process: what a test reads to tell a kept PDF from a new one. */
export const pdfRenderCount = () => rendered;

/**
 * The worker's module: beside the server bundle in a build (build/server-app/pdf-worker.js), the
 * TypeScript one through its tsx loader from the sources.
 */
const workerFile = () =>
  new URL(import.meta.url.endsWith(".ts") ? "./pdf-worker-dev.mjs" : "./pdf-worker.js", import.meta.url);

export function createPdfPool(settings: { workers: number; queue: number }): PdfPool {
  const pool = new Tinypool({
    filename: workerFile().href,
    minThreads: 0,
    maxThreads: settings.workers,
    idleTimeout: IDLE_MS,
    // The app's own flags (its heap limits, a loader) are not the worker's.
    execArgv: [],
  });
  let pending = 0;
  // How long the last renders took from their request to their bytes, queue included (a moving
  // average): about what a request refused now would have waited.
  let waitMs = 1000;
  return {
    get pending() {
      return pending;
    },
    async render(task, { bounded = true } = {}) {
      if (bounded && pending >= settings.workers + settings.queue) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new PdfBusyError(Math.min(RETRY_AFTER.max, Math.max(RETRY_AFTER.min, seconds)));
      }
      pending += 1;
      rendered += 1;
      const started = performance.now();
      try {
        return (await pool.run(task)) as Uint8Array<ArrayBuffer>;
      } finally {
        pending -= 1;
        waitMs = 0.8 * waitMs + 0.2 * (performance.now() - started);
      }
    },
    destroy: () => pool.destroy(),
  };
}

const pools = new Map<string, PdfPool>();

/** One pool per setting in a process (the app's deps carry the env, not the pool), made on first use. */
export function pdfPoolFor(env: Pick<Env, "PDF_WORKERS" | "PDF_QUEUE">): PdfPool {
  const id = `${env.PDF_WORKERS}/${env.PDF_QUEUE}`;
  let pool = pools.get(id);
  if (!pool) {
    pool = createPdfPool({ workers: env.PDF_WORKERS, queue: env.PDF_QUEUE });
    pools.set(id, pool);
  }
  return pool;
}

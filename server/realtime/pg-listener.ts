import { Client } from "pg";
import { holdAppLockShared } from "../db/app-lock";
import { guarded } from "../lib/guard";
import type { Logger } from "../lib/logger";

/**
 * One dedicated connection LISTENing on PostgreSQL channels: NOTIFY is how
 * app processes tell each other about new chat messages
 * (docs/product/architecture.md "Real-time"). The connection comes back by
 * itself after a loss; `onReset` tells the sockets, whose clients then
 * reload what they may have missed.
 *
 * The connection also holds the app processes' lock, shared (server/db/app-lock.ts): while it is
 * there, `npm run restore` knows an app process is using the database and refuses.
 */
export interface PgListener {
  on(channel: string, handler: (payload: string) => void): void;
  onReset(handler: () => void): void;
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Back-off of the reconnection: from half a second, doubled up to 5 s while the server is away. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5_000;

export function createPgListener(databaseUrl: string, log: Logger): PgListener {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const resetHandlers: (() => void)[] = [];
  let client: Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let firstConnect: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  // One query at a time on the connection: LISTENs asked for together wait their turn.
  let queue: Promise<unknown> = Promise.resolve();
  const listen = (on: Client, channel: string) =>
    (queue = queue.then(() => on.query(`LISTEN "${channel}"`)).catch(() => {}));

  let connectedBefore = false;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5_000 });
    let broken = false;
    next.on("notification", (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
    });
    next.on("error", (error) => {
      broken = true;
      log.warn({ err: error }, "the LISTEN connection failed; reconnecting");
      lost(next);
    });
    next.on("end", () => {
      broken = true;
      lost(next);
    });
    try {
      await next.connect();
      await holdAppLockShared(next, log);
      for (const channel of handlers.keys()) await next.query(`LISTEN "${channel}"`);
      if (broken) throw new Error("the LISTEN connection ended while it was being set up");
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    // Notifications sent while it was away are lost: the sockets' clients reload once more now.
    if (connectedBefore) {
      log.info("the LISTEN connection is back");
      for (const handler of resetHandlers) handler();
    }
    connectedBefore = true;
  };

  const lost = (which: Client) => {
    if (client !== which || closed) return;
    client = undefined;
    which.end().catch(() => {});
    for (const handler of resetHandlers) handler();
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error, retryMs }, "could not LISTEN; trying again");
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        schedule();
      });
    }, retryMs);
    timer.unref();
  };

  return {
    on(channel, unguarded) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      // One failing handler must neither stop the others nor throw out of the connection's event.
      const handler = guarded(log, `a ${channel} notification handler`, unguarded);
      const list = handlers.get(channel);
      if (list) list.push(handler);
      else {
        handlers.set(channel, [handler]);
        if (client) void listen(client, channel);
      }
    },
    onReset(handler) {
      resetHandlers.push(guarded(log, "a LISTEN reset handler", handler));
    },
    ready() {
      return (firstConnect ??= connect());
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

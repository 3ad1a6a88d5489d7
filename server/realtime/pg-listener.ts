import { Client } from "pg";
import { guarded } from "../lib/guard";
import type { Logger } from "../lib/logger";

/**
 * One dedicated connection LISTENing on PostgreSQL channels: NOTIFY is how
 * app processes tell each other about new chat messages (ARCHITECTURE.md
 * "real-time"). The connection comes back by itself after a loss; `onReset`
 * tells the sockets, whose clients then reload what they may have missed.
 */
export interface PgListener {
  on(channel: string, handler: (payload: string) => void): void;
  onReset(handler: () => void): void;
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createPgListener(databaseUrl: string, log: Logger): PgListener {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const resetHandlers: (() => void)[] = [];
  let client: Client | undefined;
  let closed = false;
  let retryMs = 500;
  let firstConnect: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  // One query at a time on the connection: LISTENs asked for together wait their turn.
  let queue: Promise<unknown> = Promise.resolve();
  const listen = (on: Client, channel: string) =>
    (queue = queue.then(() => on.query(`LISTEN "${channel}"`)).catch(() => {}));

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl });
    next.on("notification", (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "the LISTEN connection failed; reconnecting");
      lost(next);
    });
    next.on("end", () => lost(next));
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN "${channel}"`);
    client = next;
    retryMs = 500;
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
        retryMs = Math.min(retryMs * 2, 15_000);
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

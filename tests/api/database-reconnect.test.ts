import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startRealtimePeer } from "../support/realtime-peer-process";
import { WebSocket } from "ws";
import type { CreateInquiryResponse, InquiryMessage, NewMessageEvent } from "~/contracts/inquiries";
import { createTestServer } from "../support/app";

/**
 * The database server restarts or fails over under two app processes (docs/decisions/
 * 029-database-outages.md): every connection of theirs is cut with pg_terminate_backend, on
 * whichever server the suite runs (the embedded one, or DATABASE_URL's in CI's second pass). The
 * pooled queries and both processes' LISTEN connections come back by themselves, and a chat
 * message posted on one process reaches a socket on the other again.
 */
let ctx: Awaited<ReturnType<typeof createTestServer>>;
let peer: Awaited<ReturnType<typeof startRealtimePeer>>;
let peerHost: string;
let host: string;

beforeAll(async () => {
  ctx = await createTestServer();
  host = new URL(ctx.origin).host;
  peer = await startRealtimePeer(ctx.databaseUrl);
  peerHost = peer.host;
}, 60_000);

afterAll(async () => {
  peer?.stop();
  await ctx?.close();
});

/**
 * Cuts every connection to the test database but this one (and those of `spared`), as a server
 * restart or fail-over does.
 */
async function terminateBackends(spared: number[] = []): Promise<number> {
  const admin = new Client({ connectionString: ctx.databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and pid <> all($1::int[])`,
      [spared],
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

async function createInquiry(at: string): Promise<CreateInquiryResponse> {
  const res = await fetch(`http://${at}/api/inquiries/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as CreateInquiryResponse;
}

/** Opens a socket on `at` and answers the name question on `from`; true when the socket got the answer. */
async function relayed(from: string, at: string, inquiryId: string, name: string): Promise<boolean> {
  const received: InquiryMessage[] = [];
  const socket = new WebSocket(`ws://${at}/api/inquiries/${inquiryId}/websocket`);
  socket.on("message", (data) => {
    const event = JSON.parse(data.toString()) as NewMessageEvent;
    if (event.type === "new_message") received.push(event.message);
  });
  socket.on("error", () => {});
  try {
    const opened = await new Promise<boolean>((resolve) => {
      socket.once("open", () => resolve(true));
      socket.once("error", () => resolve(false));
      socket.once("unexpected-response", () => resolve(false));
    });
    if (!opened) return false;
    const res = await fetch(`http://${from}/api/inquiries/${inquiryId}/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ author_type: "visitor", content: name, message_type: "answer", question_type: "name" }),
    });
    if (res.status !== 201) return false;
    const { message } = (await res.json()) as { message: InquiryMessage };
    // A socket closed to catch up (the LISTEN connection came back) misses the message: try again.
    return await vi
      .waitUntil(() => received.some((m) => m.id === message.id) || socket.readyState !== WebSocket.OPEN, {
        timeout: 3000,
        interval: 10,
      })
      .then(() => received.some((m) => m.id === message.id))
      .catch(() => false);
  } finally {
    socket.terminate();
  }
}

describe("an external PostgreSQL that cuts every connection", () => {
  it("the pool, LISTEN and the cross-process socket fan-out come back by themselves", async () => {
    // Both processes hold pooled and LISTEN connections before the cut.
    const before = await createInquiry(host);
    expect(await relayed(host, peerHost, before.inquiryId, "Before Cut")).toBe(true);
    expect(await terminateBackends()).toBeGreaterThanOrEqual(2);

    // Pooled queries: the next request gets a fresh connection (at most one may meet a dead one).
    await vi.waitUntil(async () => (await fetch(`http://${host}/api/health`)).status === 200, {
      timeout: 15_000,
      interval: 100,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`http://${peerHost}/api/health`)).status);
    expect(statuses.filter((s) => s !== 200).length).toBeLessThanOrEqual(1);
    expect(statuses.at(-1)).toBe(200);

    // Fan-out: a message posted on one process reaches a socket on the other, each way, once the
    // LISTEN connections have reconnected (their back-off starts at half a second).
    const started = Date.now();
    let fromFirst = false;
    let fromPeer = false;
    while (Date.now() - started < 20_000 && !(fromFirst && fromPeer)) {
      if (!fromFirst) fromFirst = await relayed(host, peerHost, (await createInquiry(host)).inquiryId, "Ana Lima");
      if (!fromPeer) fromPeer = await relayed(peerHost, host, (await createInquiry(peerHost)).inquiryId, "Rui Costa");
    }
    expect({ fromFirst, fromPeer }).toEqual({ fromFirst: true, fromPeer: true });
  }, 60_000);

  it("answers 503 with Retry-After, not 500, to a write whose connection is cut under it", async () => {
    // Every write waits on a lock held by this session, so the cut lands while they are in flight.
    const blocker = new Client({ connectionString: ctx.databaseUrl });
    await blocker.connect();
    const blockerPid = (await blocker.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    await blocker.query("begin");
    await blocker.query("lock table rate_limits in access exclusive mode");
    const writes = Array.from({ length: 3 }, (_, i) =>
      fetch(`http://${host}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.44.0.${i + 1}` },
        body: JSON.stringify({ name: "Cut Short", email: `cut${i}@example.com`, message: "Is December free?" }),
      }),
    );
    // Watched from a session of its own: the blocker's transaction must hold nothing but its lock.
    const monitor = new Client({ connectionString: ctx.databaseUrl });
    await monitor.connect();
    blocker.on("error", () => {});
    monitor.on("error", () => {});
    try {
      await vi.waitUntil(
        async () => {
          const { rows } = await monitor.query<{ n: number }>(
            // The writes' own waits (their rate-limit count): the app's clean-up of old windows may
            // wait on the same lock when its minute comes round.
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%insert into rate_limits%'`,
          );
          return rows[0]!.n >= 3;
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      // The writes' connections go first, while they still wait: a lock released by the blocker
      // going first could let a write through on a connection opened after the cut.
      await terminateBackends([blockerPid]);
      await terminateBackends();
      await Promise.all([blocker.end().catch(() => {}), monitor.end().catch(() => {})]);
    }
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      const body = (await res.json()) as { success: boolean; error: string };
      expect(body.success).toBe(false);
      expect(body.error).toMatch(/^We couldn't save this just now\. Please try again in a minute, or call /);
    }
    // And nothing of them was stored.
    const check = new Client({ connectionString: ctx.databaseUrl });
    await check.connect();
    const { rows } = await check.query(`select count(*)::int as n from contacts where email like 'cut_@example.com'`);
    await check.end();
    expect(rows[0]).toEqual({ n: 0 });
  }, 60_000);
});

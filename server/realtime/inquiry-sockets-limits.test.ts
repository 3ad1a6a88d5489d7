import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { MAX_CHAT_MESSAGE_LENGTH } from "~/contracts/inquiry-terms";
import type { CreateInquiryResponse, InquiryMessage, NewMessageEvent } from "~/contracts/inquiries";
import { createTestApp } from "../../tests/support/app";
import { createLogger } from "../lib/logger";
import {
  INQUIRY_CHANNEL,
  MAX_NOTIFY_PAYLOAD_BYTES,
  messageNotification,
  newMessageFrame,
  readMessageNotification,
} from "../services/inquiries";
import { createInquirySockets, MAX_SOCKETS_PER_INQUIRY, type InquirySockets } from "./inquiry-sockets";
import { createPgListener, type PgListener } from "./pg-listener";
import type { SocketLimits } from "./socket-slots";

/**
 * The chat sockets' caps under bursts of simultaneous upgrades, and the
 * fan-out of many inquiries at once, over real connections and the real
 * database. Each server here has its own caps; every client is 127.0.0.1.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let listener: PgListener;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ env: { INQUIRY_CREATE_LIMIT: "1000", INQUIRY_MESSAGE_LIMIT: "10000" } });
  listener = createPgListener(ctx.databaseUrl, createLogger("silent"));
  await listener.ready();
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await listener?.close();
  await ctx?.close();
});

/** The app on a port of its own, with chat sockets under the given caps (behind `trustProxy` proxies). */
async function startServer(
  limits: Partial<SocketLimits>,
  trustProxy = 0,
): Promise<{ host: string; sockets: InquirySockets }> {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
  });
  const sockets = createInquirySockets({
    db: ctx.db,
    listener,
    log: createLogger("silent"),
    siteUrl: ctx.env.SITE_URL,
    limits,
    trustProxy,
  });
  server.on("upgrade", (req, socket, head) => {
    if (!sockets.handleUpgrade(req, socket, head)) socket.destroy();
  });
  closers.push(async () => {
    await sockets.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { host: `127.0.0.1:${(server.address() as AddressInfo).port}`, sockets };
}

async function createInquiry(host: string): Promise<string> {
  const res = await fetch(`http://${host}/api/inquiries/create`, { method: "POST" });
  expect(res.status).toBe(201);
  return ((await res.json()) as CreateInquiryResponse).inquiryId;
}

async function postAnswer(host: string, id: string, content: string, questionType: string) {
  const res = await fetch(`http://${host}/api/inquiries/${id}/messages`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      inquiry_id: id,
      author_type: "visitor",
      content,
      message_type: "answer",
      question_type: questionType,
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { message: InquiryMessage; replies: InquiryMessage[] };
}

interface Attempt {
  status: number;
  socket: WebSocket;
  events: InquiryMessage[];
}

/** One upgrade: 101 with the open socket recording its events, or the refusal's status. */
function attempt(host: string, id: string, headers: Record<string, string> = {}): Promise<Attempt> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://${host}/api/inquiries/${id}/websocket`, { headers });
    const events: InquiryMessage[] = [];
    socket.on("message", (data) => {
      const event = JSON.parse(data.toString()) as NewMessageEvent;
      if (event.type === "new_message") events.push(event.message);
    });
    socket.on("unexpected-response", (_req, res) => {
      resolve({ status: res.statusCode ?? 0, socket, events });
      res.resume();
      socket.terminate();
    });
    socket.on("open", () => resolve({ status: 101, socket, events }));
    socket.on("error", () => resolve({ status: -1, socket, events }));
  });
}

const tally = (attempts: Attempt[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of attempts) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** Waits for a condition (each socket message or notification makes it true), or fails naming it. */
const until = (check: () => boolean, what: string, ms = 10_000) =>
  vi.waitUntil(check, { timeout: ms, interval: 10 }).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });

async function closeAll(attempts: Attempt[], sockets: InquirySockets) {
  for (const { socket } of attempts) socket.terminate();
  await until(() => sockets.held() === 0, "every slot to be released");
}

describe("inquiry socket caps under a burst", () => {
  it("opens exactly 20 of 500 simultaneous upgrades to one inquiry and refuses the rest with 429", async () => {
    const { host, sockets } = await startServer({ perAddress: 1000 });
    const id = await createInquiry(host);
    const attempts = await Promise.all(Array.from({ length: 500 }, () => attempt(host, id)));
    expect(tally(attempts)).toEqual({ 101: MAX_SOCKETS_PER_INQUIRY, 429: 500 - MAX_SOCKETS_PER_INQUIRY });
    expect(sockets.count()).toBe(MAX_SOCKETS_PER_INQUIRY);

    // Closing frees the slots: the inquiry takes 20 again.
    await closeAll(attempts, sockets);
    const again = await Promise.all(Array.from({ length: 21 }, () => attempt(host, id)));
    expect(tally(again)).toEqual({ 101: MAX_SOCKETS_PER_INQUIRY, 429: 1 });
    await closeAll(again, sockets);
  }, 60_000);

  it("holds the per-address cap under a burst, and frees slots of refused upgrades", async () => {
    const { host, sockets } = await startServer({ perAddress: 30 });
    const ids = await Promise.all(Array.from({ length: 5 }, () => createInquiry(host)));
    const burst = await Promise.all(ids.flatMap((id) => Array.from({ length: 20 }, () => attempt(host, id))));
    expect(tally(burst)).toEqual({ 101: 30, 429: 70 });
    expect(sockets.count()).toBe(30);
    await closeAll(burst, sockets);

    // Upgrades answered 404 (no such inquiry) or 400 hold no slot once answered.
    const unknown = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        attempt(host, i % 2 ? `AAAAAAAAAAAAAAAAAAAA${String(i).padStart(2, "0")}` : "%ZZ"),
      ),
    );
    expect(unknown.every(({ status }) => status === 404 || status === 400 || status === 429)).toBe(true);
    await until(() => sockets.held() === 0, "the refused upgrades' slots");
    const after = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(host, ids[i % ids.length]!)));
    expect(tally(after)).toEqual({ 101: 30 });
    await closeAll(after, sockets);
  }, 60_000);

  it("behind a proxy (TRUST_PROXY=1) caps each visitor's address, not the proxy's", async () => {
    const { host, sockets } = await startServer({ perAddress: 3 }, 1);
    const id = await createInquiry(host);
    // As nginx forwards them: every connection from the proxy (127.0.0.1), the visitor's address
    // appended last; what a visitor wrote in the header itself stays to its left and counts for nothing.
    const from = (visitor: string, written?: string) => ({
      "X-Forwarded-For": written ? `${written}, ${visitor}` : visitor,
    });
    const first = await Promise.all(
      Array.from({ length: 4 }, (_, i) => attempt(host, id, from("203.0.113.7", `198.51.100.${i}`))),
    );
    expect(tally(first)).toEqual({ 101: 3, 429: 1 });
    const others = await Promise.all([
      attempt(host, id, from("203.0.113.8")),
      attempt(host, id, from("2001:db8::8")),
      attempt(host, id),
    ]);
    expect(others.map(({ status }) => status)).toEqual([101, 101, 101]);
    await closeAll([...first, ...others], sockets);

    // Without TRUST_PROXY the header is the client's own words: every upgrade is its connection's.
    const direct = await startServer({ perAddress: 3 });
    const burst = await Promise.all(
      Array.from({ length: 4 }, (_, i) => attempt(direct.host, id, from(`203.0.113.${20 + i}`))),
    );
    expect(tally(burst)).toEqual({ 101: 3, 429: 1 });
    await closeAll(burst, direct.sockets);
  }, 60_000);

  it("refuses upgrades past the per-process cap with 503", async () => {
    const { host, sockets } = await startServer({ perAddress: 1000, perProcess: 10 });
    const ids = await Promise.all([createInquiry(host), createInquiry(host)]);
    const burst = await Promise.all(ids.flatMap((id) => Array.from({ length: 20 }, () => attempt(host, id))));
    expect(tally(burst)).toEqual({ 101: 10, 503: 30 });
    await closeAll(burst, sockets);
  }, 60_000);
});

describe("inquiry socket fan-out", () => {
  it("carries the socket frame in the NOTIFY payload, and only the id when the frame does not fit", async () => {
    const { host } = await startServer({});
    const id = await createInquiry(host);
    const client = new Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    const payloads: string[] = [];
    client.on("notification", (msg) => {
      if (msg.channel === INQUIRY_CHANNEL) payloads.push(msg.payload ?? "");
    });
    await client.query(`LISTEN "${INQUIRY_CHANNEL}"`);
    try {
      const { message, replies } = await postAnswer(host, id, "Ada Lovelace", "name");
      await until(() => payloads.length >= 2, "both notifications");
      expect(payloads.map(readMessageNotification)).toEqual([
        { inquiryId: id, messageId: message.id, frame: newMessageFrame(message) },
        { inquiryId: id, messageId: replies[0]!.id, frame: newMessageFrame(replies[0]!) },
      ]);

      const long = { ...message, content: "é".repeat(MAX_CHAT_MESSAGE_LENGTH) };
      expect(Buffer.byteLength(newMessageFrame(long))).toBeGreaterThan(MAX_NOTIFY_PAYLOAD_BYTES);
      expect(readMessageNotification(messageNotification(long))).toEqual({ inquiryId: id, messageId: message.id });
    } finally {
      await client.end();
    }
  });

  it("delivers 25 inquiries x 20 sockets their own messages, once each and in order, long multi-byte ones too", async () => {
    const { host, sockets } = await startServer({ perAddress: 1000 });
    const ids = await Promise.all(Array.from({ length: 25 }, () => createInquiry(host)));
    const rooms = await Promise.all(ids.map((id) => Promise.all(Array.from({ length: 20 }, () => attempt(host, id)))));
    expect(rooms.flat().every(({ status }) => status === 101)).toBe(true);

    // One answer to every inquiry at once, fitting the NOTIFY payload.
    const first = await Promise.all(ids.map((id, i) => postAnswer(host, id, `Visitor ${i}`, "name")));
    // Then one too long for a payload (multi-byte text near the cap), followed in the same
    // transaction by a short reply (the e-mail question asked again) that must not overtake it.
    const long = (i: number) => `${i} ${"é".repeat(MAX_CHAT_MESSAGE_LENGTH - 10)}`;
    const second = await Promise.all(ids.map((id, i) => postAnswer(host, id, long(i), "email")));
    expect(Buffer.byteLength(newMessageFrame(second[0]!.message))).toBeGreaterThan(MAX_NOTIFY_PAYLOAD_BYTES);

    // Nothing else arrives in between (no repeats, nothing from other inquiries): a third answer's
    // messages are the next ones every socket sees.
    const third = await Promise.all(ids.map((id, i) => postAnswer(host, id, `visitor${i}@example.com`, "email")));
    const expected = ids.map((_, i) =>
      [first[i]!, second[i]!, third[i]!].flatMap(({ message, replies }) => [message, ...replies]),
    );
    await until(
      () => rooms.every((room, i) => room.every(({ events }) => events.length >= expected[i]!.length)),
      "every answer on every socket",
    );
    rooms.forEach((room, i) => {
      for (const { events } of room) expect(events).toEqual(expected[i]);
    });
    expect(rooms[3]![0]!.events[2]!.content).toBe(long(3));
    await closeAll(rooms.flat(), sockets);
  }, 60_000);
});

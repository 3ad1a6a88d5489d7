import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startRealtimePeer } from "../../tests/support/realtime-peer-process";
import { WebSocket } from "ws";
import type { CreateInquiryResponse, InquiryMessage, NewMessageEvent } from "~/contracts/inquiries";
import { createTestServer } from "../../tests/support/app";
import { MAX_FRAME_BYTES, originAllowed } from "./inquiry-sockets";

/**
 * The chat's sockets over real connections: this process serves the app and
 * its sockets as production composes them (server/compose.ts); a second process (tests/support/realtime-peer.ts) serves the
 * same app on the same database, as a second instance behind a load balancer.
 */
let ctx: Awaited<ReturnType<typeof createTestServer>>;
let base: string;
let peer: Awaited<ReturnType<typeof startRealtimePeer>>;
let peerBase: string;

beforeAll(async () => {
  ctx = await createTestServer();
  base = new URL(ctx.origin).host;

  peer = await startRealtimePeer(ctx.databaseUrl);
  peerBase = peer.host;
}, 60_000);

afterAll(async () => {
  peer?.stop();
  await ctx?.close();
});

/**
 * The messages a new inquiry starts with. Each is notified when it commits, and its notification
 * may reach a process after a socket opened right after the creation has joined the room: the
 * sockets here ignore them, as a client that loaded them with the inquiry does.
 */
const openingMessages = new Set<number>();

async function createInquiry(host = base): Promise<CreateInquiryResponse> {
  const res = await fetch(`http://${host}/api/inquiries/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  const created = (await res.json()) as CreateInquiryResponse;
  for (const message of created.messages) openingMessages.add(message.id);
  return created;
}

function postAnswer(host: string, id: string, content: string, questionType: string) {
  return fetch(`http://${host}/api/inquiries/${id}/messages`, {
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
}

/** A socket that records every event; resolves once open. */
function listen(host: string, id: string, headers: Record<string, string> = {}) {
  const events: InquiryMessage[] = [];
  const socket = new WebSocket(`ws://${host}/api/inquiries/${id}/websocket`, { headers });
  socket.on("message", (data) => {
    const event = JSON.parse(data.toString()) as NewMessageEvent;
    if (event.type === "new_message" && !openingMessages.has(event.message.id)) events.push(event.message);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return { socket, events, opened };
}

/** Waits for a condition (each socket message or notification makes it true), or fails naming it. */
const until = (check: () => boolean, what: string, ms = 5000) =>
  vi.waitUntil(check, { timeout: ms, interval: 10 }).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });

/** What an upgrade is answered when it is refused. */
function refusal(host: string, id: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve) => {
    const socket = new WebSocket(`ws://${host}/api/inquiries/${id}/websocket`, { headers });
    socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    socket.on("open", () => {
      resolve(101);
      socket.close();
    });
    // No answer at all (the connection was dropped, or the server is gone).
    socket.on("error", () => resolve(-1));
  });
}

async function healthStatus(host: string): Promise<number> {
  try {
    return (await fetch(`http://${host}/api/health`)).status;
  } catch {
    return -1;
  }
}

describe("WebSocket /api/inquiries/{id}/websocket", () => {
  it("delivers a message posted over HTTP to two clients, in order, once each", async () => {
    const { inquiryId } = await createInquiry();
    const a = listen(base, inquiryId);
    const b = listen(base, inquiryId);
    await Promise.all([a.opened, b.opened]);

    const res = await postAnswer(base, inquiryId, "Rosa Almeida", "name");
    expect(res.status).toBe(201);
    const { message, replies } = (await res.json()) as { message: InquiryMessage; replies: InquiryMessage[] };

    for (const client of [a, b]) {
      await until(() => client.events.length >= 2, "both messages");
      expect(client.events.map((m) => m.id)).toEqual([message.id, replies[0]!.id]);
      expect(client.events[0]).toMatchObject({ content: "Rosa Almeida", author_type: "visitor" });
      expect(client.events[1]).toMatchObject({ question_type: "email", author_type: "admin" });
    }
    // Nothing arrives twice: the next answer's two messages are the next two each socket sees.
    const next = await postAnswer(base, inquiryId, "rosa@example.com", "email");
    expect(next.status).toBe(201);
    const after = (await next.json()) as { message: InquiryMessage; replies: InquiryMessage[] };
    for (const client of [a, b]) {
      await until(() => client.events.length >= 4, "the next answer's messages");
      expect(client.events.map((m) => m.id)).toEqual([
        message.id,
        replies[0]!.id,
        after.message.id,
        after.replies[0]!.id,
      ]);
    }
    a.socket.close();
    b.socket.close();
  });

  it("delivers to a socket on a second app process on the same database", async () => {
    const { inquiryId } = await createInquiry();
    const remote = listen(peerBase, inquiryId);
    const local = listen(base, inquiryId);
    await Promise.all([remote.opened, local.opened]);

    const res = await postAnswer(base, inquiryId, "Theo", "name");
    expect(res.status).toBe(201);
    await until(() => remote.events.length >= 2, "the message on the other process");
    expect(remote.events.map((m) => m.content)[0]).toBe("Theo");

    // And the other way round: posted to the second process, seen here.
    const back = await postAnswer(peerBase, inquiryId, "theo@example.com", "email");
    expect(back.status).toBe(201);
    await until(() => local.events.length >= 4 && remote.events.length >= 4, "the message from the other process");
    expect(local.events.map((m) => m.content)[2]).toBe("theo@example.com");
    expect(local.events.map((m) => m.id)).toEqual(remote.events.map((m) => m.id));
    remote.socket.close();
    local.socket.close();
  });

  it("keeps inquiries apart: a socket hears only its own inquiry", async () => {
    const first = await createInquiry();
    const second = await createInquiry();
    const a = listen(base, first.inquiryId);
    await a.opened;
    await postAnswer(base, second.inquiryId, "Someone else", "name");
    await postAnswer(base, first.inquiryId, "Mine", "name");
    await until(() => a.events.length >= 2, "own messages");
    expect(a.events.every((m) => m.inquiry_id === first.inquiryId)).toBe(true);
    a.socket.close();
  });

  it("refuses a socket for an unknown inquiry", async () => {
    expect(await refusal(base, "AAAAAAAAAAAAAAAAAAAAAA")).toBe(404);
  });

  it("answers 400 to a path that does not decode or cannot name an inquiry, and keeps serving", async () => {
    // On the second process, so that a crash shows as a refused connection rather than ending this test run.
    for (const id of ["%ZZ", "%E0%A4%A", "not-an-id", "%00AAAAAAAAAAAAAAAAAAAA", "A".repeat(65)]) {
      expect({ id, status: await refusal(peerBase, id) }).toEqual({ id, status: 400 });
      expect(await healthStatus(peerBase)).toBe(200);
    }
    const res = await new Promise<{ status: number; body: string }>((resolve) => {
      const socket = new WebSocket(`ws://${peerBase}/api/inquiries/%ZZ/websocket`);
      socket.on("unexpected-response", (_req, r) => {
        let body = "";
        r.on("data", (chunk: Buffer) => (body += chunk.toString()));
        r.on("end", () => resolve({ status: r.statusCode ?? 0, body }));
      });
      socket.on("error", () => {});
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: expect.any(String) });
  });

  it("survives clients that reset their connection while the inquiry is looked up", async () => {
    const { inquiryId } = await createInquiry(peerBase);
    const [host, port] = peerBase.split(":") as [string, string];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const id = i % 2 ? inquiryId : "AAAAAAAAAAAAAAAAAAAAAA";
        return new Promise<void>((resolve) => {
          const socket = net.connect(Number(port), host, () => {
            socket.write(
              `GET /api/inquiries/${id}/websocket HTTP/1.1\r\nHost: ${peerBase}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
                `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
              () => setImmediate(() => socket.resetAndDestroy()),
            );
          });
          socket.on("error", () => {});
          socket.on("close", () => resolve());
        });
      }),
    );
    expect(await healthStatus(peerBase)).toBe(200);
    expect(await refusal(peerBase, inquiryId)).toBe(101);
  });

  it("refuses another site's Origin and accepts the site's own", async () => {
    const { inquiryId } = await createInquiry();
    expect(await refusal(base, inquiryId, { Origin: "https://evil.example" })).toBe(403);
    expect(await refusal(base, inquiryId, { Origin: ctx.env.SITE_URL })).toBe(101);
    expect(await refusal(base, inquiryId, { Origin: `http://${base}` })).toBe(101);
  });

  it("closes a socket that sends a frame over the cap", async () => {
    const { inquiryId } = await createInquiry();
    const client = listen(base, inquiryId);
    await client.opened;
    const closed = new Promise<number>((resolve) => client.socket.on("close", (code) => resolve(code)));
    client.socket.send("x".repeat(MAX_FRAME_BYTES + 1));
    expect(await closed).toBe(1009);
  });

  it("refuses upgrades on other paths", async () => {
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`ws://${base}/api/other/websocket`);
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("error", () => resolve(-1));
    });
    expect(status).toBe(404);
  });
});

describe("originAllowed", () => {
  it("allows no Origin (not a browser), the site and the host; refuses others and junk", () => {
    expect(originAllowed(undefined, "a.test", "https://site.test")).toBe(true);
    expect(originAllowed("https://site.test", "a.test", "https://site.test")).toBe(true);
    expect(originAllowed("http://a.test", "a.test", "https://site.test")).toBe(true);
    expect(originAllowed("https://evil.test", "a.test", "https://site.test")).toBe(false);
    expect(originAllowed("null", "a.test", "https://site.test")).toBe(false);
  });
});

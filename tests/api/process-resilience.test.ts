import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/global-setup";
import { builtEntry, cleanUp, spawnLogged, tempDataDir, waitForHealth, type Spawned } from "../support/app-process";

/**
 * The built app as a real process: one request cannot stop it, and SIGTERM
 * stops serving busy keep-alive connections instead of answering them for as
 * long as their clients keep asking.
 */
const dataDir = tempDataDir("wbt-resilience-");
const processes: Spawned[] = [];
let pgPort: string;

beforeAll(async () => {
  pgPort = String(await freePort());
});
afterAll(() => cleanUp(dataDir, processes));

async function startApp() {
  const port = await freePort();
  const app = spawnLogged([builtEntry], { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: pgPort });
  processes.push(app);
  await waitForHealth(port);
  return { app, port };
}

/** Sends raw bytes and collects everything the server answers until it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => resolve(answer));
    socket.on("close", () => resolve(answer));
  });
}

const upgrade = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
  `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;

/** A raw keep-alive HTTP/1.1 connection: what it sends, every answer in order, and when the server closes it. */
function openConnection(port: number) {
  const answers: { status: number; connectionClose: boolean; body: string }[] = [];
  const waiting = new Map<number, () => void>();
  let buffered = "";
  const socket = net.connect(port, "127.0.0.1");
  socket.on("data", (chunk) => {
    buffered += chunk.toString();
    for (;;) {
      const end = buffered.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = buffered.slice(0, end);
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      answers.push({
        status: Number(head.split(" ")[1]),
        connectionClose: /\r\nconnection: *close/i.test(head),
        body: buffered.slice(end + 4, end + 4 + length),
      });
      buffered = buffered.slice(end + 4 + length);
      waiting.get(answers.length - 1)?.();
    }
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return {
    answers,
    closed,
    send: (text: string) => socket.write(text),
    answer: (index: number) =>
      new Promise<void>((resolve) => (answers.length > index ? resolve() : waiting.set(index, resolve))),
  };
}

/** One keep-alive connection that asks for /api/health again as soon as each answer is in. */
function keepAliveLoop(port: number, isAfterSignal: () => boolean) {
  const afterSignal: number[] = [];
  let buffered = "";
  const socket = net.connect(port, "127.0.0.1");
  const ask = () => socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  let answered = 0;
  const firstAnswer = new Promise<void>((resolve) => {
    socket.on("data", (chunk) => {
      buffered += chunk.toString();
      for (;;) {
        const end = buffered.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = buffered.slice(0, end);
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        buffered = buffered.slice(end + 4 + length);
        answered++;
        if (answered === 1) resolve();
        if (isAfterSignal()) afterSignal.push(answered);
        // Bounded, so that a server that never stops serving fails the test instead of hanging it.
        if (afterSignal.length < 50) ask();
      }
    });
  });
  socket.on("connect", ask);
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.on("error", () => {});
  return { afterSignal, firstAnswer, closed, answered: () => answered };
}

describe("one request cannot stop the process", () => {
  it("answers 400 to a socket upgrade with an undecodable path, and goes on serving", async () => {
    const { app, port } = await startApp();
    const answer = await rawExchange(port, upgrade("/api/inquiries/%ZZ/websocket"));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(app.child.exitCode, app.output()).toBeNull();
    expect(await waitForHealth(port, 2000)).toEqual({ ok: true, db: true });

    // A client that resets its connection while the upgrade is being checked.
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write(upgrade(`/api/inquiries/reset-${i}/websocket`), () => {
            socket.resetAndDestroy();
            resolve();
          });
        });
        socket.on("error", () => resolve());
      });
    }
    expect(await waitForHealth(port, 2000)).toEqual({ ok: true, db: true });
    expect(app.child.exitCode, app.output()).toBeNull();

    app.child.kill("SIGTERM");
    expect((await app.exited).code).toBe(0);
  }, 60_000);
});

describe("SIGTERM", () => {
  it("answers requests in flight with Connection: close, closes idle keep-alive connections, and takes no more requests", async () => {
    const { app, port } = await startApp();
    const idle = [openConnection(port), openConnection(port)];
    const busy = [openConnection(port), openConnection(port), openConnection(port)];
    // Keep-alive connections that have each been answered a few times already.
    for (const connection of [...idle, ...busy]) {
      for (let i = 0; i < 3; i++) {
        connection.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        await connection.answer(i);
      }
      expect(connection.answers.every((answer) => !answer.connectionClose)).toBe(true);
    }
    // Requests in flight when the signal comes: their bodies are not all there yet.
    const body = JSON.stringify({
      name: "Ana Lima",
      email: "ana.lima@example.com",
      siteType: "business",
      budget: "500-plus",
      timeline: "asap",
      description: "A site for our family restaurant with the menu, opening hours and a booking form.",
      readiness: "ready",
    });
    for (const connection of busy)
      connection.send(
        `POST /api/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
      );
    // An answer on another connection since then: the server has read those requests' headers.
    const probe = openConnection(port);
    probe.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    await probe.closed;

    app.child.kill("SIGTERM");
    await app.waitFor(/"msg":"shutting down"/);
    // The rest of each body, and at once a next request on the same connection.
    for (const connection of busy)
      connection.send(`${body.slice(20)}GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);

    await Promise.all([...idle, ...busy].map((connection) => connection.closed));
    expect((await app.exited).code, app.output()).toBe(0);
    for (const connection of idle) expect(connection.answers).toHaveLength(3);
    for (const connection of busy) {
      // The submission is answered, with Connection: close; the request behind it is not taken.
      expect(connection.answers).toHaveLength(4);
      expect(connection.answers[3]).toMatchObject({ status: 200, connectionClose: true });
      expect(connection.answers[3]!.body).toContain('"success":true');
    }
  }, 60_000);

  it("stops serving connections that keep sending requests", async () => {
    const { app, port } = await startApp();
    let signalled = false;
    const loops = Array.from({ length: 4 }, () => keepAliveLoop(port, () => signalled));
    await Promise.all(loops.map((loop) => loop.firstAnswer));
    signalled = true;
    app.child.kill("SIGTERM");
    await Promise.all(loops.map((loop) => loop.closed));
    expect((await app.exited).code, app.output()).toBe(0);
    // Only what was under way while the signal was delivered; the loops would go on for 50 answers each.
    for (const loop of loops) expect(loop.afterSignal.length).toBeLessThan(10);
  }, 60_000);

  it("cuts a chat socket that never answers its close frame, and still stops within its timeout", async () => {
    const { app, port } = await startApp();
    const created = await fetch(`http://127.0.0.1:${port}/api/inquiries/create`, { method: "POST" });
    const { inquiryId } = (await created.json()) as { inquiryId: string };
    // A client that completes the WebSocket handshake and then ignores everything the server sends.
    const silent = net.connect(port, "127.0.0.1", () => silent.write(upgrade(`/api/inquiries/${inquiryId}/websocket`)));
    const handshake = new Promise<string>((resolve) => silent.once("data", (chunk) => resolve(chunk.toString())));
    const cut = new Promise<void>((resolve) => silent.on("close", () => resolve()));
    silent.on("error", () => {});
    expect(await handshake).toMatch(/^HTTP\/1\.1 101 /);

    app.child.kill("SIGTERM");
    await cut;
    expect((await app.exited).code, app.output()).toBe(0);
    expect(app.output()).toContain("shutdown: stop the embedded database done");
  }, 60_000);
});

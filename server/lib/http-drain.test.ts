import { createServer, type Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpDrain } from "./http-drain";

/**
 * The drain's handling of idle keep-alive connections over real sockets: closed at once with no
 * proxy in front; behind one, left to it (it may be sending on one that very instant) and
 * answered with Connection: close if it does.
 */
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function startServer(idleGraceMs?: number) {
  const server = createServer((_req, res) => res.end("ok"));
  // Longer than every wait here: what closes a connection is the drain, not Node's own timeout.
  server.keepAliveTimeout = 30_000;
  servers.push(server);
  const http = createHttpDrain(server, { idleGraceMs });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, http, port: (server.address() as AddressInfo).port };
}

/** A keep-alive connection: its answers' heads, and whether the server has closed it. */
function connection(port: number) {
  const heads: string[] = [];
  let buffered = "";
  let waiting: (() => void) | undefined;
  const socket = net.connect(port, "127.0.0.1");
  socket.on("data", (chunk) => {
    buffered += chunk.toString();
    const end = buffered.indexOf("\r\n\r\n");
    if (end >= 0 && buffered.length >= end + 4 + 2) {
      heads.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 6);
      waiting?.();
    }
  });
  socket.on("error", () => {});
  let isClosed = false;
  const closed = new Promise<void>((resolve) =>
    socket.on("close", () => {
      isClosed = true;
      resolve();
    }),
  );
  return {
    heads,
    closed,
    get isClosed() {
      return isClosed;
    },
    async ask() {
      const answered = new Promise<void>((resolve) => (waiting = resolve));
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      await answered;
      return heads.at(-1)!;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", () => resolve(true));
  });

describe("createHttpDrain", () => {
  it("closes idle keep-alive connections at once with no proxy in front", async () => {
    const { http, port } = await startServer();
    const idle = connection(port);
    expect(await idle.ask()).not.toMatch(/connection: close/i);
    const drained = http.drain();
    await idle.closed;
    await drained;
    expect(await refused(port)).toBe(true);
  });

  it("behind a proxy, leaves idle connections open, answers a request on one with Connection: close, and refuses new ones", async () => {
    const { http, port } = await startServer(2000);
    const idle = connection(port);
    const quiet = connection(port);
    await Promise.all([idle.ask(), quiet.ask()]);
    let done = false;
    const drained = http.drain().then(() => (done = true));
    await sleep(300);
    expect(idle.isClosed || quiet.isClosed, "an idle connection closed under the proxy").toBe(false);
    expect(await refused(port)).toBe(true);

    // The proxy's next request on a connection it kept: answered, and the connection ends after it.
    expect(await idle.ask()).toMatch(/^HTTP\/1\.1 200[\s\S]*connection: close/i);
    await idle.closed;
    expect(done).toBe(false);
    // One the proxy never used again is closed once the grace is over.
    await quiet.closed;
    await drained;
  });
});

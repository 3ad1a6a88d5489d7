import type { Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../server/lib/logger";
import { attachRealtime } from "../../server/realtime/realtime";
import { createTestApp } from "../support/app";

/**
 * The real-time layer on a real listening server: a socket upgrade or a
 * notification handler that throws is answered or logged, and nothing
 * escapes to the event loop (where it would stop the process).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let realtime: Awaited<ReturnType<typeof attachRealtime>>;
let port: number;
const logged: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
  });
  const log = createLogger("warn", { write: (line: string) => void logged.push(line) });
  realtime = await attachRealtime(server, {
    db: ctx.db,
    databaseUrl: ctx.databaseUrl,
    log,
    siteUrl: ctx.env.SITE_URL,
    refuseOtherUpgrades: true,
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await realtime?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await ctx?.close();
});

function upgrade(path: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
      ),
    );
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", () => resolve(answer));
  });
}

describe("socket upgrades", () => {
  it("answers 400 with a JSON error to a path that cannot be decoded", async () => {
    const answer = await upgrade("/api/inquiries/%ZZ/websocket");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/);
    expect(JSON.parse(answer.split("\r\n\r\n")[1]!)).toEqual({ error: "The address does not name an inquiry" });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it("answers a clean client error to a path that is not a URL at all, and keeps serving", async () => {
    expect(await upgrade("//[/websocket")).toMatch(/^HTTP\/1\.1 4\d\d [A-Za-z ]+\r\n/);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });

  it("answers 404 to an upgrade nobody takes", async () => {
    expect(await upgrade("/api/elsewhere")).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
  });
});

describe("notification handlers", () => {
  it("logs a handler that throws, and the other handlers of the channel still run", async () => {
    realtime.listener.on("guard_check", () => {
      throw new Error("a handler that fails");
    });
    const received = new Promise<string>((resolve) => realtime.listener.on("guard_check", resolve));
    // LISTEN on a channel added after the connection is up is asynchronous: notify until it is heard.
    const heard = { payload: undefined as string | undefined };
    void received.then((value) => (heard.payload = value));
    await vi.waitUntil(
      async () => {
        await ctx.db.execute(sql`select pg_notify('guard_check', 'hello')`);
        return heard.payload !== undefined;
      },
      { timeout: 5000 },
    );
    expect(heard.payload).toBe("hello");
    expect(logged.join("")).toContain("the guard_check notification handler failed");
  });
});

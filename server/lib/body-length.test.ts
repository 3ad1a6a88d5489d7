import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAdminToken } from "../../tests/support/admin";
import { createTestApp } from "../../tests/support/app";
import { contacts } from "../db/schema";
import { inMemoryBodyLength } from "./body-length";

/**
 * Behind the real node server, a small answer held in memory goes out as it is, with its length,
 * and a large JSON read is compressed (server/app.ts, body-length.ts): the library's Response
 * still keeps a string body where inMemoryBodyLength reads it.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let base: string;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
  await ctx.db.insert(contacts).values(
    Array.from({ length: 40 }, (_, i) => ({
      name: `Łucja Nguyễn ${i}`,
      email: `lucja.${i}.${Date.now()}@example.com`,
      message: "We run a bakery in Warren and need a site that takes catering orders.",
    })),
  );
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await ctx?.close();
});

const gzipped = { "Accept-Encoding": "gzip" };

it("reads the length of a string or bytes body of the node server's Response, and none of a stream", async () => {
  const seen: (number | undefined)[] = [];
  const probe = serve(
    {
      fetch: () => {
        seen.push(inMemoryBodyLength(new Response("żółw")));
        seen.push(inMemoryBodyLength(new Response(new Uint8Array(7))));
        seen.push(inMemoryBodyLength(new Response(new ReadableStream())));
        return new Response("ok");
      },
      port: 0,
      hostname: "127.0.0.1",
    },
    () => undefined,
  ) as Server;
  await new Promise((resolve) => probe.once("listening", resolve));
  await (await fetch(`http://127.0.0.1:${(probe.address() as AddressInfo).port}/`)).text();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  expect(seen).toEqual([7, 7, undefined]);
});

it("sends the health check, a 401 and a 404 as they are, with their length", async () => {
  for (const [url, status] of [
    ["/api/health", 200],
    ["/api/admin/contacts", 401],
    ["/api/no-such-call", 404],
  ] as const) {
    const res = await fetch(`${base}${url}`, { headers: gzipped });
    expect(res.status, url).toBe(status);
    expect(res.headers.get("content-encoding"), url).toBeNull();
    expect(Number(res.headers.get("content-length")), url).toBeGreaterThan(0);
    expect(await res.json(), url).toBeTruthy();
  }
});

it("compresses a JSON read of more than a kilobyte", async () => {
  const res = await fetch(`${base}/api/admin/contacts?limit=40`, { headers: { ...auth, ...gzipped } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-encoding")).toBe("gzip");
  const body = (await res.json()) as { contacts?: unknown[] };
  expect(JSON.stringify(body).length).toBeGreaterThan(1024);
});

it("sends that read as it is to a client that takes no compression, saying that it varies by it", async () => {
  const res = await fetch(`${base}/api/admin/contacts?limit=40`, {
    headers: { ...auth, "Accept-Encoding": "identity" },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-encoding")).toBeNull();
  expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
  expect(Number(res.headers.get("content-length"))).toBeGreaterThan(1024);
  expect(((await res.json()) as { contacts: unknown[] }).contacts).toHaveLength(40);
});

import { sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "~/contracts/post-content";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { createApp } from "../../app";
import { createResponseCache, type ResponseCache } from "../../lib/cached-response";
import { createLogger } from "../../lib/logger";
import { findPublishedPost, listPublishedPosts } from "../../services/posts";

/**
 * Public post reads answered from memory (server/lib/cached-response.ts): the
 * same JSON as a fresh read, compressed once, with ETag and 304, and cleared
 * by every change saved through the API. An app of its own is built over the
 * test database so the test can see its cache.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let cache: ResponseCache;
let app: ReturnType<typeof createApp>;
const tag = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
  cache = createResponseCache();
  app = createApp({
    env: ctx.env,
    db: ctx.db,
    reportDb: ctx.reportDb,
    log: createLogger("silent"),
    mailer: ctx.mailer,
    publicCache: cache,
  });
  await ctx.db.execute(sql`delete from posts`);
  for (let i = 0; i < 12; i++)
    await create({ title: `Cached ${tag()} ${i}`, status: "published", content: "Words. ".repeat(300) });
});
afterAll(() => ctx.close());

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

async function create(body: Record<string, unknown>): Promise<Post> {
  const res = await app.request("/api/admin/posts", {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ title: `Post ${tag()}`, content: "Body text.", ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).post;
}

describe("cached public post reads", () => {
  it("answer exactly the JSON of a fresh read, again and again", async () => {
    const fresh = JSON.stringify(await listPublishedPosts(ctx.db, { postType: "blog", limit: 10, offset: 0 }));
    const first = await get("/api/posts?post_type=blog&limit=10");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await first.text()).toBe(fresh);
    expect(await (await get("/api/posts?post_type=blog&limit=10")).text()).toBe(fresh);

    const [one] = JSON.parse(fresh).posts as Post[];
    const single = await get(`/api/posts/${one!.slug}`);
    expect(await single.text()).toBe(JSON.stringify({ post: await findPublishedPost(ctx.db, one!.slug) }));
  });

  it("are kept in memory: a row changed behind the API's back shows only after a change saved through it", async () => {
    const before = await (await get("/api/posts?post_type=blog&limit=10")).json();
    const newest = before.posts[0] as Post;
    await ctx.db.execute(sql`update posts set title = 'Changed in the database' where id = ${newest.id}`);
    expect((await (await get("/api/posts?post_type=blog&limit=10")).json()).posts[0].title).toBe(newest.title);
    expect((await (await get(`/api/posts/${newest.slug}`)).json()).post.title).not.toBe("Changed in the database");

    const etag = (await get("/api/posts?post_type=blog&limit=10")).headers.get("etag")!;
    const title = `Saved through the API ${tag()}`;
    const saved = await app.request(`/api/admin/posts/${newest.id}`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ title, content: newest.content, status: "published" }),
    });
    expect(saved.status).toBe(200);
    const after = await get("/api/posts?post_type=blog&limit=10", { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await after.json()).posts[0].title).toBe(title);
    expect((await (await get(`/api/posts/${newest.slug}`)).json()).post.title).toBe(title);
  });

  it("answer 304 to a matching If-None-Match, strong or weak", async () => {
    const res = await get("/api/posts?post_type=blog&limit=10");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    // Made through Hono's context, so the headers set before the route (the request id) stay.
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    for (const sent of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get("/api/posts?post_type=blog&limit=10", { "If-None-Match": sent });
      expect(again.status, sent).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
    }
  });

  it("are sent brotli or gzip as asked, decoding to the same JSON, and never compressed again per request", async () => {
    const plain = await (await get("/api/posts?post_type=blog&limit=10")).text();
    const br = await get("/api/posts?post_type=blog&limit=10", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(Number(br.headers.get("content-length"))).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await get("/api/posts?post_type=blog&limit=10", { "Accept-Encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    // A client taking neither gets the stored plain bytes, not a per-request deflate.
    const deflate = await get("/api/posts?post_type=blog&limit=10", { "Accept-Encoding": "deflate" });
    expect(deflate.headers.get("content-encoding")).toBeNull();
    expect(await deflate.text()).toBe(plain);
  });

  it("leaves other JSON to per-request compression", async () => {
    const res = await app.request("/api/admin/posts?limit=20", { headers: { ...auth, "Accept-Encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).posts.length).toBeGreaterThan(10);
  });

  it("refuse junk queries with 400 and keep nothing for them; other parameters share one entry", async () => {
    cache.clear();
    for (const query of [
      "limit=0",
      "limit=abc",
      "limit=101",
      "offset=-1",
      "offset=1e9",
      "post_type=nope",
      "limit=1.5",
    ]) {
      const res = await get(`/api/posts?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error, query).toEqual(expect.any(String));
    }
    expect(cache.size).toBe(0);
    for (const query of [
      "post_type=blog",
      "post_type=blog&limit=10",
      "limit=10&post_type=blog&x=1",
      "post_type=blog&offset=0&utm=2",
    ])
      expect((await get(`/api/posts?${query}`)).status, query).toBe(200);
    expect(cache.size).toBe(1);
    expect((await get("/api/posts/no-such-post")).status).toBe(404);
    expect((await get(`/api/posts/${"x".repeat(201)}`)).status).toBe(400);
    expect(cache.size).toBe(1);
  });
});

describe("the response cache", () => {
  it("keeps at most its limit, dropping the least recently used first", async () => {
    const small = createResponseCache(3);
    const produce = (n: number) => async () => ({ body: { n } });
    for (const key of ["a", "b", "c"]) await small.get(key, produce(1));
    await small.get("a", produce(2)); // a is used again: b is now the oldest
    await small.get("d", produce(3));
    expect(small.size).toBe(3);
    let built = 0;
    const count = async () => ({ body: { built: ++built } });
    await small.get("a", count);
    await small.get("b", count);
    expect(built).toBe(1); // a was kept, b was dropped and built again
  });

  it("keeps at most its byte budget, and never an entry larger than it", async () => {
    const small = createResponseCache(500, 20_000);
    // Random text does not compress: each entry holds about three times its length.
    const noise = (n: number) => async () => ({ body: { text: randomBytes(n).toString("base64") } });
    for (let i = 0; i < 20; i++) await small.get(`k${i}`, noise(1500));
    expect(small.bytes).toBeLessThanOrEqual(20_000);
    expect(small.size).toBeGreaterThan(1);
    expect(small.size).toBeLessThan(20);
    const huge = await small.get("huge", noise(30_000));
    expect(huge!.body.byteLength).toBeGreaterThan(30_000);
    expect(small.bytes).toBeLessThanOrEqual(20_000);
    small.clear();
    expect(small.bytes).toBe(0);
  });

  it("builds a key once for concurrent misses and never stores what was read before a clear", async () => {
    const local = createResponseCache();
    let built = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      built++;
      await gate;
      return { body: { built } };
    };
    const answers = Promise.all(Array.from({ length: 20 }, () => local.get("k", slow)));
    local.clear();
    release();
    expect(new Set((await answers).map((a) => a!.etag)).size).toBe(1);
    expect(built).toBe(1);
    expect(local.size).toBe(0);
  });

  it("builds an entry again once it expires", async () => {
    const local = createResponseCache();
    let built = 0;
    const expiring = async () => ({ body: { n: ++built }, expiresAt: Date.now() - 1 });
    await local.get("k", expiring);
    await local.get("k", expiring);
    expect(built).toBe(2);
  });
});

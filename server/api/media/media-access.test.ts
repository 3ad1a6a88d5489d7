import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, media, postMediaRefs, projects } from "../../db/schema";
import { runMigrations } from "../../db/migrate";
import type { MediaItem } from "../../services/media/media";
import { createTestApp } from "../../../tests/support/app";
import { createDatabaseBefore } from "../../../tests/support/db";
import { createAdminToken } from "../../../tests/support/admin";
import { previewSigner } from "../../services/media/preview";

/** Who may read a media file and how it is cached (docs/decisions/012-private-media.md). */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-media-access-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const projectIdLike = () => `WBT-2026-${Array.from(randomBytes(6), (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
async function newProject(): Promise<string> {
  const [row] = await ctx.db.insert(projects).values({ id: projectIdLike(), name: "Harbor Bakery site" }).returning();
  return row!.id;
}
const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a6f97" } })
    .png()
    .toBuffer();
async function upload(fields: Record<string, string> = {}): Promise<MediaItem> {
  const form = new FormData();
  form.set("file", new File([await png()], `photo-${randomBytes(3).toString("hex")}.png`, { type: "image/png" }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const res = await ctx.app.request("/api/admin/media/upload", { method: "POST", headers: auth, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).media;
}
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.request(url, { headers });
const keyOf = (item: MediaItem) => item.url.split("/").pop()!;
async function savePost(id: number | undefined, fields: { status: string; content: string; featured_image?: string }) {
  const res = await ctx.app.request(id ? `/api/admin/posts/${id}` : "/api/admin/posts", {
    method: id ? "PUT" : "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ title: `Harbor ${randomBytes(3).toString("hex")}`, ...fields }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()).post as { id: number };
}

describe("media addresses", () => {
  it("are random keys: a running number is no address, and keys are long and unique", async () => {
    // One after another: two uploads at most run at once (server/lib/call-limits.ts).
    const items = [await upload(), await upload(), await upload()];
    for (const item of items) {
      expect(item.url).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{22}$/);
      expect((await get(item.url)).status).toBe(200);
      const byId = await get(`/api/media/${item.id}`);
      expect(byId.status).toBe(404);
      expect(await byId.json()).toEqual({ error: "Media not found" });
    }
    expect(new Set(items.map(keyOf)).size).toBe(3);
    // 128 bits: 22 base64url characters decode to 16 bytes.
    expect(Buffer.from(keyOf(items[0]!), "base64url")).toHaveLength(16);
    await expect(
      ctx.db
        .update(media)
        .set({ key: keyOf(items[0]!) })
        .where(eq(media.id, items[1]!.id)),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
  });
});

describe("a project's file", () => {
  it("is served only with an admin token, never cached, and 404 (not 401) to anyone else", async () => {
    const item = await upload({ project_id: await newProject() });
    const key = keyOf(item);
    expect(item.r2_url).toBeNull();

    for (const url of [item.url, item.thumbnail_url!]) {
      const anonymous = await get(url);
      expect(anonymous.status).toBe(404);
      expect(await anonymous.json()).toEqual({ error: "Media not found" });
      expect(anonymous.headers.get("cache-control")).toBe("private, no-store");
      expect((await get(url, { Authorization: "Bearer not-a-real-token-at-all-000000" })).status).toBe(404);

      const owner = await get(url, auth);
      expect(owner.status).toBe(200);
      expect(owner.headers.get("cache-control")).toBe("private, no-store");
      expect(owner.headers.get("etag")).toBeNull();
    }
    // Unknown keys answer the same as a private file's key.
    const unknown = await get(`/api/media/${"x".repeat(22)}`);
    expect([unknown.status, unknown.headers.get("cache-control")]).toEqual([404, "private, no-store"]);

    // An expired session is no token.
    const expired = await createAdminToken(ctx.db);
    await ctx.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.userId, expired.user.id));
    expect((await get(item.url, expired.auth)).status).toBe(404);
    expect(key).toHaveLength(22);
  });

  it("is shown in the admin through a signed preview address that expires and fits one file", async () => {
    const item = await upload({ project_id: await newProject() });
    const other = await upload({ project_id: await newProject() });
    expect(item.preview_url).toMatch(new RegExp(`^${item.url}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    expect(item.preview_thumbnail_url).toMatch(new RegExp(`^${item.url}\\?thumb=1&exp=\\d+&sig=`));
    const listed = await (await get("/api/admin/media?limit=500", auth)).json();
    const fromList = listed.media.find((m: MediaItem) => m.id === item.id) as MediaItem;
    for (const url of [item.preview_url, item.preview_thumbnail_url!, fromList.preview_url]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    const query = item.preview_url.split("?")[1]!;
    // Another file's key, a changed signature, a later expiry: refused.
    expect((await get(`${other.url}?${query}`)).status).toBe(404);
    expect((await get(item.preview_url.replace(/sig=./, (m) => (m.endsWith("A") ? "sig=B" : "sig=A")))).status).toBe(
      404,
    );
    const exp = Number(/exp=(\d+)/.exec(query)![1]);
    expect((await get(item.preview_url.replace(`exp=${exp}`, `exp=${exp + 3600}`))).status).toBe(404);
    // Valid one to two hours; a signature made three hours ago has expired.
    expect(exp * 1000 - Date.now()).toBeGreaterThan(3600_000 - 1000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(2 * 3600_000);
    const old = (await previewSigner(ctx.db, Date.now() - 3 * 3600_000))(keyOf(item));
    expect((await get(`${item.url}?${old}`)).status).toBe(404);
    const fresh = (await previewSigner(ctx.db))(keyOf(item));
    expect((await get(`${item.url}?${fresh}`)).status).toBe(200);
    // Unattached files need no signature: their preview address is their address.
    const plain = await upload();
    expect([plain.preview_url, plain.preview_thumbnail_url]).toEqual([plain.url, plain.thumbnail_url]);
  });

  it("stays private when a published post shows it", async () => {
    const item = await upload({ project_id: await newProject() });
    // The posts API refuses it (400, naming the file); a post that holds it anyway (one stored
    // before that check, or written to the database) does not make it public either.
    const refused = await ctx.app.request("/api/admin/posts", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "With a private file", content: `![x](${item.url})`, status: "published" }),
    });
    expect(refused.status).toBe(400);
    await ctx.db.execute(sql`insert into posts (title, slug, content, status, post_type, published_at)
      values ('Stored with a private file', ${`private-file-${randomBytes(4).toString("hex")}`}, ${`![x](${item.url})`}, 'published', 'blog', now())`);
    const res = await get(item.url);
    expect([res.status, res.headers.get("cache-control")]).toEqual([404, "private, no-store"]);
  });
});

describe("a file outside projects", () => {
  it("is publicly cacheable only while published content shows it", async () => {
    const inContent = await upload();
    const featured = await upload();
    const cacheOf = async (url: string) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      return res.headers.get("cache-control");
    };
    expect(await cacheOf(inContent.url)).toBe("private, no-cache");

    const draft = await savePost(undefined, {
      status: "draft",
      content: `Before the ferry.\n\n![dock](${inContent.url})`,
      featured_image: `http://localhost:3000${featured.url}`,
    });
    expect(await cacheOf(inContent.url)).toBe("private, no-cache");
    expect(await cacheOf(featured.url)).toBe("private, no-cache");

    await savePost(draft.id, {
      status: "published",
      content: `Before the ferry.\n\n![dock](${inContent.thumbnail_url})`,
      featured_image: `http://localhost:3000${featured.url}`,
    });
    for (const url of [inContent.url, inContent.thumbnail_url!, featured.url])
      expect(await cacheOf(url)).toBe("public, max-age=31536000, immutable");

    await savePost(draft.id, { status: "draft", content: "Taken down.", featured_image: featured.url });
    expect(await cacheOf(inContent.url)).toBe("private, no-cache");
    expect(await cacheOf(featured.url)).toBe("private, no-cache");

    // Deleting the post forgets its references.
    await savePost(draft.id, { status: "published", content: "Again.", featured_image: featured.url });
    expect(await cacheOf(featured.url)).toBe("public, max-age=31536000, immutable");
    await ctx.app.request(`/api/admin/posts/${draft.id}`, { method: "DELETE", headers: auth });
    expect(await cacheOf(featured.url)).toBe("private, no-cache");
    expect(await ctx.db.select().from(postMediaRefs).where(eq(postMediaRefs.postId, draft.id))).toEqual([]);
  });

  it("stops being served once deleted, revalidation included", async () => {
    const item = await upload();
    await savePost(undefined, { status: "published", content: `![gone](${item.url})` });
    const first = await get(item.url);
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await get(item.url, { "If-None-Match": etag })).status).toBe(304);
    expect((await ctx.app.request(`/api/admin/media/${item.id}`, { method: "DELETE", headers: auth })).status).toBe(
      200,
    );
    for (const headers of [{}, { "If-None-Match": etag }] as Record<string, string>[]) {
      const res = await get(item.url, headers);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Media not found" });
    }
    expect((await get(item.thumbnail_url!)).status).toBe(404);
  });
});

describe("migration 0006 (media keys)", () => {
  it("gives existing files keys and points saved posts at them", async () => {
    const { url, client, close } = await createDatabaseBefore("0006_");
    try {
      const file = async () =>
        (
          await client.query<{ id: string }>(
            `insert into media (filename, original_name, file_type, mime_type, file_size, storage_key)
             values ('a.png', 'a.png', 'image', 'image/png', 1, 'files/a.png') returning id`,
          )
        ).rows[0]!.id;
      // Ids 1 and 12 and 123 side by side: /api/media/1 must not rewrite /api/media/12.
      await client.query(`select setval('media_id_seq', 1, false)`);
      const one = await file();
      await client.query(`select setval('media_id_seq', 12, false)`);
      const twelve = await file();
      const content = [
        `![one](/api/media/${one})`,
        `![twelve](/api/media/${twelve}?thumb=1)`,
        `<img src="https://example.com/api/media/${twelve}">`,
        "![gone](/api/media/999)",
      ].join("\n");
      const post = await client.query<{ id: string }>(
        `insert into posts (title, slug, content, featured_image, status, published_at)
         values ('Old', 'old', $1, $2, 'published', now()) returning id`,
        [content, `/api/media/${twelve}`],
      );

      await runMigrations(url);
      const keys = Object.fromEntries(
        (await client.query<{ id: string; key: string }>(`select id, key from media`)).rows.map((r) => [r.id, r.key]),
      );
      expect(keys[one]).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(keys[twelve]).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(keys[one]).not.toBe(keys[twelve]);
      const { rows } = await client.query<{ content: string; featured_image: string }>(
        `select content, featured_image from posts where id = $1`,
        [post.rows[0]!.id],
      );
      expect(rows[0]).toEqual({
        content: [
          `![one](/api/media/${keys[one]})`,
          `![twelve](/api/media/${keys[twelve]}?thumb=1)`,
          `<img src="https://example.com/api/media/${keys[twelve]}">`,
          "![gone](/api/media/999)",
        ].join("\n"),
        featured_image: `/api/media/${keys[twelve]}`,
      });
      const refs = await client.query<{ media_key: string }>(
        `select media_key from post_media_refs where post_id = $1 order by media_key`,
        [post.rows[0]!.id],
      );
      expect(refs.rows.map((r) => r.media_key).sort()).toEqual([keys[one], keys[twelve], "999"].sort());
    } finally {
      await close();
    }
  });
});

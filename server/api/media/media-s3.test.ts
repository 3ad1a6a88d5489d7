import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaItem } from "../../services/media/media";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { startS3Peer } from "../../../tests/support/s3-peer";

/** The media API with MEDIA_STORAGE=s3, against s3rver (a real S3-compatible server). */
let peer: Awaited<ReturnType<typeof startS3Peer>>;
let client: S3Client;
let dataDir: string;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
/** What the bucket's public address (CDN, R2 custom domain) would be: here s3rver itself. */
let publicUrl: string;

beforeAll(async () => {
  peer = await startS3Peer();
  client = new S3Client({
    region: "us-east-1",
    endpoint: peer.endpoint,
    forcePathStyle: true,
    credentials: peer.credentials,
  });
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-media-s3-"));
  publicUrl = `${peer.endpoint}/${peer.bucket}`;
  ctx = await createTestApp({
    env: { DATA_DIR: dataDir, ...peer.env, S3_KEY_PREFIX: "site", S3_PUBLIC_URL: publicUrl },
  });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(async () => {
  await ctx?.close();
  client?.destroy();
  await peer?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function upload(name: string, type: string, bytes: Uint8Array<ArrayBuffer>): Promise<MediaItem> {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  const res = await ctx.app.request("/api/admin/media/upload", { method: "POST", headers: auth, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).media;
}
const head = (Key: string) => client.send(new HeadObjectCommand({ Bucket: peer.bucket, Key }));

describe("media in an S3-compatible bucket", () => {
  it("uploads into the bucket, serves through /api/media/{key}, and names the public address", async () => {
    const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2a6f97" } })
      .png()
      .toBuffer();
    const item = await upload("Harbor storefront.png", "image/png", bytes);
    const stem = item.filename.split(".")[0];
    expect(item).toMatchObject({
      file_type: "image",
      width: 900,
      url: expect.stringMatching(/^\/api\/media\/[A-Za-z0-9_-]{22}$/),
      thumbnail_url: `${item.url}?thumb=1`,
      r2_url: `${publicUrl}/site/files/${item.filename}`,
    });
    expect((await head(`site/files/${item.filename}`)).ContentType).toBe("image/png");
    expect((await head(`site/thumbs/${stem}.webp`)).ContentType).toBe("image/webp");
    // Nothing on local disk.
    expect(await readdir(path.join(dataDir, "media")).catch(() => [])).toEqual([]);

    const file = await ctx.app.request(item.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-length")).toBe(String(bytes.length));
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    const thumb = await ctx.app.request(item.thumbnail_url!);
    expect(thumb.status).toBe(200);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 400,
    });

    // The browser's direct load from the bucket's public address.
    const direct = await fetch(item.r2_url!);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await direct.arrayBuffer()).equals(bytes)).toBe(true);

    const listed = await (await ctx.app.request(`/api/admin/media?q=${stem}`, { headers: auth })).json();
    expect(listed.media[0]).toMatchObject({ id: item.id, r2_url: item.r2_url });
  });

  it("keeps a document's content type and download disposition", async () => {
    const item = await upload("Site plan.pdf", "application/pdf", Buffer.from("%PDF-1.4\n%%EOF\n"));
    expect((await head(`site/files/${item.filename}`)).ContentType).toBe("application/pdf");
    const res = await ctx.app.request(item.url);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''Site%20plan.pdf");
    expect(await res.text()).toBe("%PDF-1.4\n%%EOF\n");
  });

  it("deletes the objects with the row", async () => {
    const bytes = await sharp({ create: { width: 500, height: 500, channels: 3, background: "#eeeeee" } })
      .png()
      .toBuffer();
    const item = await upload("gone.png", "image/png", bytes);
    const res = await ctx.app.request(`/api/admin/media/${item.id}`, { method: "DELETE", headers: auth });
    expect(await res.json()).toEqual({ success: true });
    await expect(head(`site/files/${item.filename}`)).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    await expect(head(`site/thumbs/${item.filename.split(".")[0]}.webp`)).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
    expect((await ctx.app.request(item.url)).status).toBe(404);
  });

  it("answers 404 when the row exists but its object is gone from the bucket", async () => {
    const item = await upload("notes.txt", "text/plain", Buffer.from("hello"));
    await client.send(new DeleteObjectCommand({ Bucket: peer.bucket, Key: `site/files/${item.filename}` }));
    const res = await ctx.app.request(item.url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Media not found" });
  });
});

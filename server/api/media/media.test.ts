import { sql } from "drizzle-orm";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { projects } from "../../db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaAnswerSchema, MediaListSchema } from "~/contracts/media";
import type { MediaItem } from "../../services/media/media";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let dataDir: string;
const tag = () => Math.random().toString(36).slice(2, 8);
/** media.project_id references projects(id): tests name projects that exist. */
const PROJECT_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
async function newProject(): Promise<string> {
  const suffix = Array.from(
    { length: 6 },
    () => PROJECT_ALPHABET[Math.floor(Math.random() * PROJECT_ALPHABET.length)],
  ).join("");
  const [row] = await ctx.db
    .insert(projects)
    .values({ id: `WBT-2026-${suffix}`, name: `Media test ${suffix}` })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-media-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const pngBytes = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function upload(name: string, type: string, bytes: Uint8Array<ArrayBuffer>, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return ctx.app.request("/api/admin/media/upload", { method: "POST", headers: auth, body: form });
}
async function uploaded(
  name: string,
  type: string,
  bytes: Uint8Array<ArrayBuffer>,
  fields?: Record<string, string>,
): Promise<MediaItem> {
  const res = await upload(name, type, bytes, fields);
  expect(res.status, await res.clone().text()).toBe(201);
  return MediaAnswerSchema.parse(await res.json()).media;
}
const admin = (method: string, url: string, body?: unknown) =>
  ctx.app.request(url, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const filesOf = (item: MediaItem) => [
  path.join(dataDir, "media", "files", item.filename),
  path.join(dataDir, "media", "thumbs", `${item.filename.split(".")[0]}.webp`),
];

describe("media upload", () => {
  it("stores an image with a 400 px WebP thumbnail and serves both at its key's address", async () => {
    const bytes = await pngBytes();
    const item = await uploaded(`Storefront ${tag()}.png`, "image/png", bytes, { description: "Front of the shop" });
    expect(item).toMatchObject({
      file_type: "image",
      file_size: bytes.length,
      width: 1200,
      height: 800,
      description: "Front of the shop",
      project_id: null,
      url: expect.stringMatching(/^\/api\/media\/[A-Za-z0-9_-]{22}$/),
      thumbnail_url: `${item.url}?thumb=1`,
      preview_url: item.url,
      preview_thumbnail_url: item.thumbnail_url,
      r2_url: null,
      cloudinary_url: null,
    });
    expect(item.filename).toMatch(/^[0-9a-f]{24}\.png$/);

    const file = await ctx.app.request(item.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-length")).toBe(String(bytes.length));
    // In no published post yet: whoever has the key may read it, nobody may cache it publicly.
    expect(file.headers.get("cache-control")).toBe("private, no-cache");
    expect(file.headers.get("content-disposition")).toMatch(/^inline/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = file.headers.get("etag")!;
    expect((await ctx.app.request(item.url, { headers: { "If-None-Match": etag } })).status).toBe(304);

    const thumb = await ctx.app.request(item.thumbnail_url!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400 });
    expect(filesOf(item).every(existsSync)).toBe(true);
  });

  it("stores a PDF (inline, no thumbnail) and other documents as attachments", async () => {
    const projectId = await newProject();
    const pdf = await uploaded(`Proposal ${tag()}.pdf`, "application/pdf", PDF, { project_id: projectId });
    expect(pdf).toMatchObject({ file_type: "document", thumbnail_url: null, project_id: projectId });
    const res = await ctx.app.request(pdf.url, { headers: auth });
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^inline/);
    expect((await ctx.app.request(`${pdf.url}?thumb=1`, { headers: auth })).status).toBe(404);

    const zip = await uploaded("site.zip", "application/zip", Buffer.from("PK\u0003\u0004"));
    expect(zip.file_type).toBe("application");
    expect((await ctx.app.request(zip.url)).headers.get("content-disposition")).toMatch(/^attachment/);
  });

  it("refuses other types with 415 naming the allowed ones", async () => {
    for (const [name, type] of [
      ["setup.exe", "application/x-msdownload"],
      ["logo.svg", "image/svg+xml"],
      ["fake.png", "application/x-msdownload"],
      ["noext", "image/png"],
    ] as const) {
      const res = await upload(name, type, Buffer.from("MZ"));
      expect(res.status, name).toBe(415);
      expect((await res.json()).error).toContain(".pdf");
    }
  });

  it("8. checks the owner's files against their content, as the clients' are: 400 naming the kind", async () => {
    for (const [name, type] of [
      ["broken.jpg", "image/jpeg"],
      ["proposal.pdf", "application/pdf"],
      ["contract.doc", "application/msword"],
      ["brief.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ] as const) {
      const res = await upload(name, type, Buffer.from("MZ\x90\x00 a renamed program"));
      expect(res.status, name).toBe(400);
      const ext = name.split(".").pop();
      expect((await res.json()).error).toContain(`This file's content is not that of a .${ext} file`);
    }
    const { rows } = await ctx.db.execute(
      sql`select count(*)::int as n from media where original_name = 'proposal.pdf'`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("answers 400 without a file and 413 above 25 MB", async () => {
    const form = new FormData();
    form.set("description", "no file");
    const none = await ctx.app.request("/api/admin/media/upload", { method: "POST", headers: auth, body: form });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toContain("No file");

    const big = await upload("huge.zip", "application/zip", new Uint8Array(25 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect((await big.json()).error).toContain("25 MB");
    const tooBig = await upload("huger.zip", "application/zip", new Uint8Array(26 * 1024 * 1024));
    expect(tooBig.status).toBe(413);
  });

  it("keeps the JSON body limit on every other API route", async () => {
    const res = await admin("PUT", "/api/admin/media/1", { description: "x".repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });
});

describe("media library", () => {
  it("searches names and descriptions, filters by type and project, newest first", async () => {
    const t = tag();
    const projectId = await newProject();
    const a = await uploaded(`bakery-${t}.png`, "image/png", await pngBytes(50, 50));
    const b = await uploaded(`menu-${t}.pdf`, "application/pdf", PDF, {
      description: `Bakery menu ${t}`,
      project_id: projectId,
    });
    const found = await (await admin("GET", `/api/admin/media?q=bakery-${t}`)).json();
    expect(found.media.map((m: MediaItem) => m.id)).toEqual([a.id]);
    const both = MediaListSchema.parse(await (await admin("GET", `/api/admin/media?q=${t}`)).json());
    expect(both).toMatchObject({ total: 2 });
    expect(both.media.map((m: MediaItem) => m.id)).toEqual([b.id, a.id]);
    const docs = await (await admin("GET", `/api/admin/media?q=${t}&file_type=document`)).json();
    expect(docs.media.map((m: MediaItem) => m.id)).toEqual([b.id]);
    const project = await (await admin("GET", `/api/admin/media?project_id=${projectId}`)).json();
    expect(project.media.map((m: MediaItem) => m.id)).toEqual([b.id]);
    const byFilename = await (await admin("GET", `/api/admin/media?q=${a.filename.slice(0, 10)}`)).json();
    expect(byFilename.media.map((m: MediaItem) => m.id)).toContain(a.id);
    const limited = await (await admin("GET", "/api/admin/media?limit=1")).json();
    expect(limited.media).toHaveLength(1);
    expect((await admin("GET", "/api/admin/media?limit=501")).status).toBe(400);
    expect((await admin("GET", "/api/admin/media?file_type=other")).status).toBe(400);
  });

  it("updates the description and project (empty means none)", async () => {
    const item = await uploaded("notes.txt", "text/plain", Buffer.from("hello"), { project_id: await newProject() });
    const res = await admin("PUT", `/api/admin/media/${item.id}`, { description: "Kickoff notes", project_id: "" });
    expect(res.status).toBe(200);
    expect(MediaAnswerSchema.parse(await res.json()).media).toMatchObject({
      description: "Kickoff notes",
      project_id: null,
    });
    expect((await admin("PUT", "/api/admin/media/999999999", { description: "x" })).status).toBe(404);
  });

  it("deletes the row and its files", async () => {
    const item = await uploaded("gone.png", "image/png", await pngBytes(500, 500));
    expect(filesOf(item).every(existsSync)).toBe(true);
    const res = await admin("DELETE", `/api/admin/media/${item.id}`);
    expect(await res.json()).toEqual({ success: true });
    expect(filesOf(item).some(existsSync)).toBe(false);
    expect((await ctx.app.request(item.url)).status).toBe(404);
    expect((await admin("DELETE", `/api/admin/media/${item.id}`)).status).toBe(404);
  });

  it("answers 404 JSON for unknown media and for running numbers", async () => {
    const unknown = await ctx.app.request("/api/media/987654321");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Media not found" });
    expect((await ctx.app.request("/api/media/not-a-key")).status).toBe(404);
    expect((await ctx.app.request(`/api/media/${"A".repeat(22)}`)).status).toBe(404);
    expect((await ctx.app.request("/api/admin/media")).status).toBe(401);
  });
});

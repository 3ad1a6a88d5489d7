import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { startS3Peer } from "../../../tests/support/s3-peer";
import { media } from "../../db/schema/index";
import { uploadMedia } from "./media";
import { localMediaStore, s3MediaStore, type MediaStore, type S3MediaStoreConfig } from "./store";
import { sweepOrphanFiles } from "./orphan-files";

const HOUR = 60 * 60_000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let peer: Awaited<ReturnType<typeof startS3Peer>>;
let tmp: string;
let pagingPeer: ChildProcess | undefined;

beforeAll(async () => {
  [database, peer, tmp] = await Promise.all([
    createTestDatabase(),
    startS3Peer(),
    mkdtemp(path.join(os.tmpdir(), "wbt-orphans-")),
  ]);
});
afterAll(async () => {
  pagingPeer?.kill();
  await Promise.all([database?.close(), peer?.close(), tmp && rm(tmp, { recursive: true, force: true })]);
});

const id = () => randomBytes(6).toString("hex");
const newLog = () => ({ info: vi.fn(), warn: vi.fn() });
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR);
const localStore = async () => {
  const root = await mkdtemp(path.join(tmp, "media-"));
  return { root, store: localMediaStore(root) };
};
const keysOf = async (store: MediaStore) => {
  const keys: string[] = [];
  for await (const object of store.list()) keys.push(object.key);
  return keys.sort();
};
const put = (store: MediaStore, key: string) => store.put(key, Buffer.from("bytes"), "application/octet-stream");
/** A library row naming a file and its thumbnail, as uploadMedia writes it. */
const addRows = (...rows: [file: string, thumbnail: string | null][]) =>
  database.db.insert(media).values(
    rows.map(([storageKey, thumbnailKey]) => ({
      filename: storageKey.slice("files/".length),
      originalName: "photo.jpg",
      fileType: "image" as const,
      mimeType: "image/jpeg",
      fileSize: 5,
      storageKey,
      thumbnailKey,
    })),
  );

/** A library file with its thumbnail, an orphaned file and thumbnail, and an upload just written. */
async function fill(store: MediaStore) {
  const k = {
    file: `files/${id()}.jpg`,
    thumb: `thumbs/${id()}.webp`,
    orphan: `files/${id()}.pdf`,
    orphanThumb: `thumbs/${id()}.webp`,
    young: `files/${id()}.png`,
  };
  for (const key of Object.values(k)) await put(store, key);
  await addRows([k.file, k.thumb]);
  return k;
}

describe("sweepOrphanFiles", () => {
  it("on disk: removes unreferenced files over an hour old, keeps referenced and recent ones", async () => {
    const { root, store } = await localStore();
    const k = await fill(store);
    // Not an upload's name: someone else's file in the folder, never ours to remove.
    await writeFile(path.join(root, "notes.txt"), "kept");
    const earlier = new Date(Date.now() - 2 * HOUR);
    for (const key of [k.file, k.thumb, k.orphan, k.orphanThumb, "notes.txt"])
      await utimes(path.join(root, key), earlier, earlier);
    const log = newLog();
    expect(await sweepOrphanFiles({ db: database.db, store, log })).toEqual({ scanned: 6, removed: 2 });
    expect(await keysOf(store)).toEqual(["notes.txt", k.file, k.young, k.thumb].sort());
    expect(log.info).toHaveBeenCalledWith({ removed: 2, scanned: 6 }, "removed unreferenced media files");
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("in a bucket: the same, under this site's key prefix only", async () => {
    const bucket = (prefix: string) =>
      s3MediaStore({
        bucket: peer.bucket,
        region: "us-east-1",
        endpoint: peer.endpoint,
        forcePathStyle: true,
        credentials: peer.credentials,
        prefix,
      });
    const store = bucket(`site-${id()}`);
    const neighbour = bucket(`other-site-${id()}`);
    const k = await fill(store);
    await put(neighbour, `files/${id()}.pdf`);
    const log = newLog();
    // Every object was written a moment ago: an upload may still be about to insert its row.
    expect(await sweepOrphanFiles({ db: database.db, store, log })).toEqual({ scanned: 5, removed: 0 });
    expect(await sweepOrphanFiles({ db: database.db, store, log, now: hoursFromNow(2) })).toEqual({
      scanned: 5,
      removed: 3,
    });
    expect(await keysOf(store)).toEqual([k.file, k.thumb].sort());
    expect(await keysOf(neighbour)).toHaveLength(1);
  });

  it("removes the files of an upload that died between its put and its insert, once an hour old", async () => {
    const { store } = await localStore();
    await addRows([`files/${id()}.jpg`, null]);
    await database.db.execute(
      sql`alter table media add constraint dies_on_insert check (original_name <> 'crash.png')`,
    );
    // The process is gone by the time the upload would remove what it wrote.
    const dying: MediaStore = { ...store, delete: () => Promise.reject(new Error("the process has exited")) };
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    try {
      const file = new File([new Uint8Array(png)], "crash.png", { type: "image/png" });
      await expect(uploadMedia(database.db, dying, { file })).rejects.toThrow();
    } finally {
      await database.db.execute(sql`alter table media drop constraint dies_on_insert`);
    }
    const left = await keysOf(store);
    expect(left).toEqual([expect.stringMatching(/^files\/\w+\.png$/), expect.stringMatching(/^thumbs\/\w+\.webp$/)]);

    const log = newLog();
    expect(await sweepOrphanFiles({ db: database.db, store, log })).toEqual({ scanned: 2, removed: 0 });
    expect(await sweepOrphanFiles({ db: database.db, store, log, now: hoursFromNow(2) })).toEqual({
      scanned: 2,
      removed: 2,
    });
    expect(await keysOf(store)).toEqual([]);
  });

  it("logs a file it cannot remove and goes on with the others", async () => {
    const { store } = await localStore();
    const [stuck, other] = [`files/${id()}.pdf`, `files/${id()}.pdf`];
    await Promise.all([put(store, stuck), put(store, other), addRows([`files/${id()}.jpg`, null])]);
    const stubborn: MediaStore = {
      ...store,
      delete: (key) => (key === stuck ? Promise.reject(new Error("permission denied")) : store.delete(key)),
    };
    const log = newLog();
    expect(await sweepOrphanFiles({ db: database.db, store: stubborn, log, now: hoursFromNow(2) })).toEqual({
      scanned: 2,
      removed: 1,
    });
    expect(log.warn).toHaveBeenCalledWith(
      { err: expect.any(Error), key: stuck },
      "could not remove an unreferenced media file",
    );
    expect(await keysOf(store)).toEqual([stuck]);
  });

  it("checks references in batches: every batch keeps its referenced files", async () => {
    const { store } = await localStore();
    const keys = Array.from({ length: 1200 }, (_, i) => `files/${String(i).padStart(4, "0")}-${id()}.jpg`);
    const referenced = keys.filter((_, i) => i % 3 === 0);
    for (let i = 0; i < keys.length; i += 100) await Promise.all(keys.slice(i, i + 100).map((key) => put(store, key)));
    await addRows(...referenced.map((key): [string, null] => [key, null]));
    const log = newLog();
    expect(await sweepOrphanFiles({ db: database.db, store, log, now: hoursFromNow(2) })).toEqual({
      scanned: 1200,
      removed: 800,
    });
    expect(await keysOf(store)).toEqual(referenced.sort());
  });

  it("touches nothing while the media table is empty (a wrong database, not a store of orphans)", async () => {
    const { store } = await localStore();
    await put(store, `files/${id()}.pdf`);
    await database.db.delete(media);
    const log = newLog();
    expect(await sweepOrphanFiles({ db: database.db, store, log, now: hoursFromNow(2) })).toEqual({
      scanned: 0,
      removed: 0,
    });
    expect(log.warn).toHaveBeenCalledWith("the media table is empty: stored media files were not swept");
    expect(await keysOf(store)).toHaveLength(1);
  });

  it("goes through a bucket listed over several pages", async () => {
    const endpoint = await startPagingS3Peer();
    const config: S3MediaStoreConfig = {
      bucket: "paged",
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: peer.credentials,
    };
    const store = s3MediaStore({ ...config, prefix: "site", listPageSize: 2 });
    const kept = `files/${id()}.jpg`;
    await addRows([kept, null]);
    for (const key of [kept, ...Array.from({ length: 5 }, () => `files/${id()}.pdf`)]) await put(store, key);
    await put(s3MediaStore({ ...config, prefix: "elsewhere" }), `files/${id()}.pdf`);
    const log = newLog();
    expect(await sweepOrphanFiles({ db: database.db, store, log, now: hoursFromNow(2) })).toEqual({
      scanned: 6,
      removed: 5,
    });
    expect(await keysOf(store)).toEqual([kept]);
  });
});

/**
 * s3rver signs its continuation tokens with DES, which Node's OpenSSL 3 refuses without the legacy
 * provider: in this process any truncated listing answers 500. This one runs in a child that has it.
 */
async function startPagingS3Peer(): Promise<string> {
  const directory = await mkdtemp(path.join(tmp, "s3rver-"));
  const options = { address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: "paged" }] };
  const script = `new (require("s3rver"))(${JSON.stringify(options)}).run().then(({ port }) => console.log(port))`;
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", script], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  pagingPeer = child;
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (chunk) => resolve(String(chunk).trim()));
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return `http://127.0.0.1:${port}`;
}

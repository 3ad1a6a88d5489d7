import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Peer } from "../../../tests/support/s3-peer";
import { parseEnv } from "../../env";
import { createMediaStore, localMediaStore, mediaStoreFor, s3MediaStore, type MediaStore } from "./store";

let peer: Awaited<ReturnType<typeof startS3Peer>>;
let client: S3Client;
const tag = () => Math.random().toString(36).slice(2, 8);
const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

beforeAll(async () => {
  peer = await startS3Peer();
  client = new S3Client({
    region: "us-east-1",
    endpoint: peer.endpoint,
    forcePathStyle: true,
    credentials: peer.credentials,
  });
});
afterAll(async () => {
  client?.destroy();
  await peer?.close();
});

const storeFor = (options: { prefix?: string; publicUrl?: string } = {}) =>
  s3MediaStore({
    bucket: peer.bucket,
    region: "us-east-1",
    endpoint: peer.endpoint,
    forcePathStyle: true,
    credentials: peer.credentials,
    ...options,
  });
const head = (Key: string) => client.send(new HeadObjectCommand({ Bucket: peer.bucket, Key }));

describe("s3MediaStore (against s3rver)", () => {
  it("puts, gets and deletes an object, keeping its content type", async () => {
    const store = storeFor();
    const key = `files/${tag()}.pdf`;
    const body = Buffer.from("%PDF-1.4 a small document");
    await store.put(key, body, "application/pdf");

    const meta = await head(key);
    expect(meta.ContentType).toBe("application/pdf");
    expect(meta.ContentLength).toBe(body.length);
    expect(meta.CacheControl).toBe("public, max-age=31536000, immutable");

    const got = await store.get(key);
    expect(got?.size).toBe(body.length);
    expect((await bytesOf(got!.body)).equals(body)).toBe(true);

    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    await expect(head(key)).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
  });

  it("answers undefined for an unknown key and deletes one without error", async () => {
    const store = storeFor();
    expect(await store.get(`files/${tag()}-missing.png`)).toBeUndefined();
    await expect(store.delete(`files/${tag()}-missing.png`)).resolves.toBeUndefined();
  });

  it("keeps binary bytes intact", async () => {
    const store = storeFor();
    const key = `thumbs/${tag()}.webp`;
    const body = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256);
    await store.put(key, body, "image/webp");
    const got = await store.get(key);
    expect(got?.size).toBe(body.length);
    expect((await bytesOf(got!.body)).equals(Buffer.from(body))).toBe(true);
    expect((await head(key)).ContentType).toBe("image/webp");
  });

  it("puts objects under the key prefix and gives their public address", async () => {
    const store = storeFor({ prefix: "/site/media/", publicUrl: "https://media.example.com/" });
    const key = `files/${tag()}.txt`;
    await store.put(key, Buffer.from("hello"), "text/plain");
    expect((await head(`site/media/${key}`)).ContentType).toBe("text/plain");
    expect((await bytesOf((await store.get(key))!.body)).toString()).toBe("hello");
    expect(store.publicUrl?.(key)).toBe(`https://media.example.com/site/media/${key}`);
    expect(storeFor().publicUrl).toBeUndefined();
  });

  it("refuses unsafe keys before any request", async () => {
    const store = storeFor();
    await expect(store.put("../escape", Buffer.from("x"), "text/plain")).rejects.toThrow(/Unsafe media key/);
    await expect(store.get("files/../../etc")).rejects.toThrow(/Unsafe media key/);
  });

  it("reports a missing bucket as an error, not as a missing file", async () => {
    const store = s3MediaStore({
      bucket: "no-such-bucket",
      region: "us-east-1",
      endpoint: peer.endpoint,
      forcePathStyle: true,
      credentials: peer.credentials,
    });
    await expect(store.get(`files/${tag()}.txt`)).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(store.put(`files/${tag()}.txt`, Buffer.from("x"), "text/plain")).rejects.toMatchObject({
      name: "NoSuchBucket",
    });
  });
});

describe("one folder of the store, and whole writes", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-media-folder-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const listed = async (store: MediaStore, folder?: string) => {
    const keys: string[] = [];
    for await (const object of store.list(folder)) keys.push(object.key);
    return keys.sort();
  };

  it("lists only the folder asked for, never a sibling whose name starts the same, on disk and in a bucket", async () => {
    const folder = `renders-${tag()}`;
    for (const store of [localMediaStore(dataDir), storeFor({ prefix: `media-${tag()}` })]) {
      for (const key of [`${folder}/quote/1/a.pdf`, `${folder}/quote/12/b.pdf`, `${folder}/invoice/1/c.pdf`])
        await store.put(key, Buffer.from("%PDF"), "application/pdf");
      expect(await listed(store, `${folder}/quote/1`)).toEqual([`${folder}/quote/1/a.pdf`]);
      expect(await listed(store, `${folder}/quote`)).toEqual([`${folder}/quote/1/a.pdf`, `${folder}/quote/12/b.pdf`]);
      expect(await listed(store, `${folder}/receipt`)).toEqual([]);
      expect((await listed(store)).filter((key) => key.startsWith(folder))).toHaveLength(3);
      await expect(listed(store, "../outside")).rejects.toThrow(/Unsafe/);
    }
  });

  it("writes a file on disk whole, beside it first: an overwrite leaves the new bytes and nothing else", async () => {
    const store = localMediaStore(dataDir);
    const key = `files/${tag()}.txt`;
    await store.put(key, Buffer.from("first version, the longer one"), "text/plain");
    await store.put(key, Buffer.from("second"), "text/plain");
    expect((await bytesOf((await store.get(key))!.body)).toString()).toBe("second");
    expect((await listed(store, "files")).filter((k) => k.startsWith(key))).toEqual([key]);
  });
});

describe("choosing the store from the environment", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-media-store-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps local disk under DATA_DIR/media by default", async () => {
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.MEDIA_STORAGE).toBe("local");
    const store = mediaStoreFor(env);
    expect(mediaStoreFor(env)).toBe(store);
    await store.put("files/a.txt", Buffer.from("local"), "text/plain");
    const viaRoot = await localMediaStore(path.join(dataDir, "media")).get("files/a.txt");
    expect((await bytesOf(viaRoot!.body)).toString()).toBe("local");
    expect(store.publicUrl).toBeUndefined();
  });

  it("uses the bucket with MEDIA_STORAGE=s3", async () => {
    const env = parseEnv({
      DATA_DIR: dataDir,
      ...peer.env,
      S3_KEY_PREFIX: "env",
      S3_PUBLIC_URL: "https://cdn.example.com",
    });
    const store: MediaStore = mediaStoreFor(env);
    expect(mediaStoreFor(env)).toBe(store);
    const key = `files/${tag()}.txt`;
    await store.put(key, Buffer.from("in the bucket"), "text/plain");
    expect((await head(`env/${key}`)).ContentType).toBe("text/plain");
    expect(store.publicUrl?.(key)).toBe(`https://cdn.example.com/env/${key}`);
    expect(() => createMediaStore({ ...env, S3_BUCKET: undefined })).toThrow(/S3_BUCKET/);
  });

  it("does not load the AWS SDK until an S3 store is used", async () => {
    // A fresh process: the app and a local store leave @aws-sdk/client-s3 unloaded; the first S3 call loads it.
    const script = `
      import { createRequire } from "node:module";
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => f.includes("@aws-sdk/client-s3"));
      const { createApp } = await import("./server/app.ts");
      const { parseEnv } = await import("./server/env.ts");
      const { mediaStoreFor } = await import("./server/services/media/store.ts");
      const local = mediaStoreFor(parseEnv({ DATA_DIR: ${JSON.stringify(dataDir)} }));
      await local.get("files/none.txt");
      const s3 = mediaStoreFor(parseEnv(${JSON.stringify({ ...peer.env, DATA_DIR: dataDir })}));
      const before = loaded();
      await s3.get("files/none.txt");
      console.log(JSON.stringify({ app: typeof createApp, before, after: loaded() }));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: path.resolve(import.meta.dirname, "../../.."),
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
      },
    );
    expect(JSON.parse(stdout.trim().split("\n").pop()!)).toEqual({ app: "function", before: false, after: true });
  });
});

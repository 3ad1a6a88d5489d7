import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, opendir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "../../env";

/**
 * Where media bytes live (docs/product/architecture.md "Files", docs/decisions/008):
 * local disk under DATA_DIR/media by default, or an S3-compatible bucket
 * (R2, S3, MinIO) with MEDIA_STORAGE=s3.
 */
export interface MediaStore {
  /** Stores the whole object at once: a reader finds the old object, or none, or all of the new one. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /**
   * A file on this machine's disk (an upload as it arrived, server/lib/upload-form.ts), moved or
   * streamed to the key, never read into memory whole (it may be gone from its place afterwards).
   * Nothing is at the key until all of it is.
   */
  putFile(key: string, file: string, size: number, contentType: string): Promise<void>;
  /** The bytes as a web stream with their size, or undefined when the key is unknown. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | undefined>;
  delete(key: string): Promise<void>;
  /** Where browsers can load the object directly (a public bucket or CDN), when there is such an address. */
  publicUrl?(key: string): string | undefined;
  /**
   * Every stored object, keys as put and delete take them ("files/<id>.jpg"), read a page or a
   * folder entry at a time so a large store is never held in memory. Names the store could not
   * have written (unsafe keys, folder markers) are left out. With `folder` ("renders/quote/12"),
   * only the objects under it.
   */
  list(folder?: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;
/** A key put, get and delete accept: a relative path of plain names, no "..". */
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes("..");

export function localMediaStore(root: string): MediaStore {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed over: a reader never opens half a file. A crash leaves the
      // ".part" file, which no row names: the unreferenced-files sweeps remove it.
      const part = `${file}.${randomUUID()}.part`;
      try {
        await writeFile(part, body);
        await rename(part, file);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
    },
    async putFile(key, source) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Put beside its place and renamed into it: a reader never sees half a file.
      // A dot first: not a key (isSafeKey), so listings (backups, orphans) never take it for a file.
      const partial = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString("hex")}.partial`,
      );
      try {
        // Moved when the file is on the same disk (an upload's, under DATA_DIR); copied otherwise.
        await rename(source, partial).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== "EXDEV") throw error;
          await copyFile(source, partial);
        });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    list: (folder = "") => {
      if (folder && !isSafeKey(folder)) throw new Error(`Unsafe media folder: ${folder}`);
      return walkFolder(root, folder);
    },
  };
}

/** Files under `folder` (a key prefix of `root`), depth first; symbolic links are not followed. */
async function* walkFolder(root: string, folder: string): AsyncGenerator<StoredObject> {
  const dir = await opendir(path.join(root, folder)).catch((error: NodeJS.ErrnoException) => {
    // Nothing uploaded yet, or a folder removed while walking.
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!dir) return;
  for await (const entry of dir) {
    const key = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walkFolder(root, key);
    else if (entry.isFile() && isSafeKey(key)) {
      const info = await stat(path.join(root, key)).catch(() => undefined);
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }
}

export interface S3MediaStoreConfig {
  bucket: string;
  /** "auto" for R2. */
  region: string;
  /** The S3 API address; unset: AWS S3. */
  endpoint?: string;
  /** endpoint/bucket/key addresses instead of bucket.endpoint/key (MinIO, s3rver). */
  forcePathStyle?: boolean;
  /** A folder inside the bucket, e.g. "media": keys become media/files/... */
  prefix?: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Public address of the bucket (CDN, R2 custom domain); objects are at publicUrl/prefix/key. */
  publicUrl?: string;
  /** Keys per listing request: 1,000 (S3's and R2's maximum) unless a test wants several pages of a few. */
  listPageSize?: number;
}

/** What an S3 client needs of the bucket's settings (S3_* in server/env.ts). */
export type S3ConnectionConfig = Pick<S3MediaStoreConfig, "region" | "endpoint" | "forcePathStyle" | "credentials">;

export type S3Connection = { client: S3Client; sdk: typeof import("@aws-sdk/client-s3") };

/**
 * A client for the bucket, made on first use: the SDK (several MB of code) is imported then, so an
 * app that never touches a bucket never loads it (idle memory budget). `quiet` silences the SDK's
 * own console warnings, for a caller that records its failures itself.
 */
export function lazyS3Connection(config: S3ConnectionConfig, { quiet = false } = {}): () => Promise<S3Connection> {
  let connection: Promise<S3Connection> | undefined;
  return () =>
    (connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle ?? false,
        credentials: config.credentials,
        // Checksums only where S3 demands them: R2, MinIO and other S3-compatible
        // stores reject or do not send the newer default CRC32 checksum headers.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 3,
        ...(quiet ? { logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {} } } : {}),
      }),
    })));
}

/** An unknown key (a missing bucket is a configuration error, not a missing file). */
export const isMissingKey = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === "NoSuchKey" || (e?.$metadata?.httpStatusCode === 404 && e.name !== "NoSuchBucket");
};

/** Keys are random and never rewritten, so a CDN in front may keep them forever. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Media in an S3-compatible bucket. The SDK (several MB of code) is imported on
 * first use, so an app with local media never loads it (idle memory budget).
 */
export function s3MediaStore(config: S3MediaStoreConfig): MediaStore {
  const prefix = config.prefix?.replace(/^\/+|\/+$/g, "");
  const objectKey = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`);
    return prefix ? `${prefix}/${key}` : key;
  };
  const publicBase = config.publicUrl?.replace(/\/+$/, "");
  const connect = lazyS3Connection(config);
  return {
    async put(key, body, contentType) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async putFile(key, file, size, contentType) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key,
          // The SDK sends a stream of a known length as it reads it.
          Body: createReadStream(file),
          ContentType: contentType,
          ContentLength: size,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async get(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key }));
        if (!answer.Body) return undefined;
        return {
          body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: answer.ContentLength ?? 0,
        };
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key }));
    },
    async *list(under) {
      if (under && !isSafeKey(under)) throw new Error(`Unsafe media folder: ${under}`);
      const { sdk, client } = await connect();
      const folder = prefix ? `${prefix}/` : "";
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: `${folder}${under ? `${under}/` : ""}` || undefined,
            MaxKeys: config.listPageSize,
            ContinuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(folder.length);
          if (key && isSafeKey(key) && object.LastModified) yield { key, modifiedAt: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    publicUrl: publicBase
      ? (key) => `${publicBase}/${objectKey(key).split("/").map(encodeURIComponent).join("/")}`
      : undefined,
  };
}

type MediaEnv = Pick<
  Env,
  | "DATA_DIR"
  | "MEDIA_STORAGE"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_BUCKET"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_KEY_PREFIX"
  | "S3_PUBLIC_URL"
>;

/** The store the environment names (parseEnv has checked that an s3 choice is complete). */
export function createMediaStore(env: MediaEnv): MediaStore {
  if (env.MEDIA_STORAGE !== "s3") return localMediaStore(path.join(env.DATA_DIR, "media"));
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new Error("MEDIA_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  return s3MediaStore({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_KEY_PREFIX,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    publicUrl: env.S3_PUBLIC_URL,
  });
}

const stores = new Map<string, MediaStore>();
/**
 * One store per configuration (the app's deps carry the env, not the store):
 * the S3 client and its connections are made once and reused.
 */
export function mediaStoreFor(env: MediaEnv): MediaStore {
  const id =
    env.MEDIA_STORAGE === "s3"
      ? JSON.stringify([
          "s3",
          env.S3_ENDPOINT,
          env.S3_REGION,
          env.S3_BUCKET,
          env.S3_ACCESS_KEY_ID,
          env.S3_SECRET_ACCESS_KEY,
          env.S3_FORCE_PATH_STYLE,
          env.S3_KEY_PREFIX,
          env.S3_PUBLIC_URL,
        ])
      : path.join(env.DATA_DIR, "media");
  let store = stores.get(id);
  if (!store) {
    store = createMediaStore(env);
    stores.set(id, store);
  }
  return store;
}

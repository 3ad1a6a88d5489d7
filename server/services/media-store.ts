import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * Where media bytes live (ARCHITECTURE.md "files"). Local disk under
 * DATA_DIR/media today; an S3-compatible store implements the same interface.
 */
export interface MediaStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The bytes as a web stream with their size, or undefined when the key is unknown. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function localMediaStore(root: string): MediaStore {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
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
  };
}

const stores = new Map<string, MediaStore>();
/** One store per data directory (the app's deps carry the env, not the store). */
export function mediaStoreFor(dataDir: string): MediaStore {
  const root = path.join(dataDir, "media");
  let store = stores.get(root);
  if (!store) {
    store = localMediaStore(root);
    stores.set(root, store);
  }
  return store;
}

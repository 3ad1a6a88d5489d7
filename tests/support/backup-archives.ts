import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { Client } from "pg";
import { pack as tarPack } from "tar-stream";
import { inject } from "vitest";
import { encryptingStream } from "../../server/services/backups/crypto";
import { fileEntry, MANIFEST, tableEntry } from "../../server/services/backups/manifest";
import { archiveEntries } from "../../server/services/backups/reader";
import { withDatabase } from "./global-setup";

/**
 * Archives as someone might change them, and the empty databases the backup tests restore into.
 */

export interface Rewrite {
  /** The key the archive is read with (an encrypted one). */
  readKey?: Buffer;
  /** The key the copy is encrypted with; without, the copy is a plain .tar.gz. */
  writeKey?: Buffer;
  /**
   * Make the manifest's sizes and checksums those of the changed entries, as an editor without
   * the key would: its HMAC, if any, is left as it was.
   */
  recomputeChecksums?: boolean;
}

/** A copy of an archive with some entries' bytes changed by `change` (undefined: unchanged). */
export async function rewriteArchive(
  from: string,
  to: string,
  change: (name: string, data: Buffer) => Buffer | undefined,
  options: Rewrite = {},
) {
  const entries: { name: string; data: Buffer }[] = [];
  for await (const entry of archiveEntries(from, options.readKey)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    const data = Buffer.concat(chunks);
    entries.push({ name: entry.header.name, data: change(entry.header.name, data) ?? data });
  }
  if (options.recomputeChecksums) {
    const manifest = entries.find((e) => e.name === MANIFEST)!;
    const json = JSON.parse(manifest.data.toString()) as {
      tables: { name: string; bytes: number; sha256: string }[];
      files: { key: string; bytes: number; sha256: string }[];
    };
    const byName = new Map(entries.map((e) => [e.name, e.data]));
    const recount = (item: { bytes: number; sha256: string }, data: Buffer | undefined) => {
      if (!data) return;
      item.bytes = data.length;
      item.sha256 = createHash("sha256").update(data).digest("hex");
    };
    for (const table of json.tables) recount(table, byName.get(tableEntry(table.name)));
    for (const file of json.files) recount(file, byName.get(fileEntry(file.key)));
    manifest.data = Buffer.from(JSON.stringify(json, null, 2));
  }
  const pack = tarPack();
  const out = createWriteStream(to, { mode: 0o600 });
  const written = options.writeKey
    ? pipeline(pack, createGzip(), encryptingStream(options.writeKey), out)
    : pipeline(pack, createGzip(), out);
  for (const { name, data } of entries)
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: data.length }, data, (error) => (error ? reject(error) : resolve())),
    );
  pack.finalize();
  await written;
}

/** `data` with its first `find` replaced by `replace`; throws when it is not there (the edit would do nothing). */
export function replaceOnce(data: Buffer, find: string, replace: string): Buffer {
  const text = data.toString("utf8");
  if (!text.includes(find)) throw new Error(`"${find}" is not in the entry`);
  return Buffer.from(text.replace(find, replace), "utf8");
}

/** A database with nothing in it, not even the app's tables (a new server's); `cleanups` drops it. */
export async function createEmptyDatabase(cleanups: (() => Promise<unknown>)[]) {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_empty_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  return withDatabase(adminUrl, name);
}

/** The number a `select count(*)::int as n ...` gives on the database at `url`, on a connection of its own. */
export async function countOn(url: string, statement: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(statement);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** How many tables the app's schemas hold: 0 when a refused restore wrote nothing. */
export const appTableCount = (url: string) =>
  countOn(url, "select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')");

import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { Client } from "pg";
import { to as copyTo } from "pg-copy-streams";
import { pack as tarPack, type Pack } from "tar-stream";
import { projectRoot } from "../../lib/paths";
import {
  listTables,
  qualified,
  quoteIdent,
  readMigrationLevel,
  readSequences,
  tableColumns,
  useCanonicalSettings,
} from "./catalog";
import {
  BackupError,
  digest,
  fileEntry,
  MANIFEST,
  tableEntry,
  type BackupManifest,
  type BackupProgress,
  type BackupResult,
  type OnProgress,
} from "./manifest";
import { encryptingStream, manifestHmac } from "./crypto";
import type { MediaStore } from "../media/store";

/**
 * Backups of the whole site in one portable file (docs/decisions/037-backups.md): every row of
 * the app's tables as COPY text from one snapshot, the sequences, the migration level and every
 * media file, in a gzipped tar that begins with a manifest of counts and checksums. A restore
 * checks all of it before it writes anything. With BACKUP_ENCRYPTION_KEY the manifest is signed
 * and the archive encrypted (backup-crypto.ts, docs/decisions/047-backup-encryption.md).
 */

export {
  BackupError,
  type BackupManifest,
  type BackupProgress,
  type BackupResult,
  type RestoreResult,
} from "./manifest";
export { readBackupManifest } from "./reader";
export { restoreBackupArchive } from "./restore";

/** The extension of an archive: `.tar.gz`, and `.enc` after it when it is encrypted. */
export const archiveExtension = (encrypted: boolean) => (encrypted ? ".tar.gz.enc" : ".tar.gz");

/** `backup-YYYYMMDD-HHMMSS.tar.gz` in UTC (`.tar.gz.enc` encrypted): names sort by age, and say it. */
export function backupFileName(at = new Date(), encrypted = false): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/-|:/g, "")
    .replace("T", "-");
  return `backup-${stamp}${archiveExtension(encrypted)}`;
}

const appVersion = () =>
  (JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version: string }).version;

/**
 * Makes a folder that holds archives, 0700 (README "Backups"): its parents as they come, the folder
 * itself readable by the app's user alone. A folder that is already there is left as the operator
 * made it.
 */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true });
  try {
    await mkdir(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
    throw error;
  }
  await chmod(dir, 0o700); // whatever the umask
}

/**
 * Writes one archive (a .tar.gz) to `file` (written to file + ".partial" then renamed: a cut run
 * leaves no half archive under the final name). With `key` (BACKUP_ENCRYPTION_KEY's bytes) its
 * manifest carries an HMAC and the whole file is encrypted.
 */
export async function createBackupArchive(opts: {
  databaseUrl: string;
  store: MediaStore;
  file: string;
  key?: Buffer;
  onProgress?: (p: BackupProgress) => void;
}): Promise<BackupResult> {
  const onProgress = opts.onProgress ?? (() => {});
  const target = path.resolve(opts.file);
  const partial = `${target}.partial`;
  await privateFolder(path.dirname(target));
  // The tables' COPY text waits here until the manifest that leads the archive is complete.
  const staging = await mkdtemp(path.join(path.dirname(target), ".backup-tables-"));
  try {
    const snapshot = await copyTablesOut(opts.databaseUrl, staging, onProgress);
    const files = await hashStoreFiles(opts.store, onProgress);
    const manifest: BackupManifest = {
      format: 1,
      created_at: snapshot.createdAt,
      app_version: appVersion(),
      postgres_version: snapshot.postgresVersion,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
    };
    if (opts.key) manifest.hmac = manifestHmac(opts.key, manifest);
    await writeArchive(partial, manifest, { staging, store: opts.store, key: opts.key }, onProgress);
    await rename(partial, target);
    const { size } = await stat(target);
    return { file: target, bytes: size, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Every table's rows as COPY text into `staging`, all read in one REPEATABLE READ transaction:
 * the tables agree with each other as of one moment, while the site goes on writing.
 */
async function copyTablesOut(databaseUrl: string, staging: string, onProgress: OnProgress) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await useCanonicalSettings(client);
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ version: string; at: Date }>(
      "select current_setting('server_version') as version, now() as at",
    );
    const migrations = await readMigrationLevel(client);
    if (migrations.applied === 0)
      throw new BackupError(
        "This database holds none of the app's tables (it was never migrated): check DATABASE_URL, or start the app once.",
      );
    // No version could restore such an archive: this one refuses it, a newer one cannot name its level.
    if (migrations.last_tag === null)
      throw new BackupError(
        "This database was migrated by a newer version of the app than this one. Run the backup with that version (update this one first).",
      );
    const tables = await listTables(client);
    const written: BackupManifest["tables"] = [];
    for (const [i, table] of tables.entries()) {
      onProgress({ phase: "tables", done: i, total: tables.length, item: table.name });
      const columns = await tableColumns(client, table);
      const counted = digest();
      // The query form also reads a partitioned table (COPY of its name alone refuses one).
      const copy = client.query(
        copyTo(`copy (select ${columns.map(quoteIdent).join(", ")} from ${qualified(table)}) to stdout`),
      );
      await pipeline(copy, counted.stream, createWriteStream(path.join(staging, `${i}.copy`), { mode: 0o600 }));
      written.push({ name: table.name, rows: copy.rowCount, ...counted.result(), columns });
    }
    onProgress({ phase: "tables", done: tables.length, total: tables.length });
    // Read after the rows: a sequence is never behind an id the archive holds.
    const sequences = await readSequences(client);
    await client.query("commit");
    return {
      createdAt: rows[0]!.at.toISOString(),
      postgresVersion: rows[0]!.version,
      migrations,
      tables: written,
      sequences,
    };
  } finally {
    await client.end();
  }
}

async function hashStream(body: ReadableStream<Uint8Array>) {
  const counted = digest();
  await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream), counted.stream, async (source) => {
    for await (const chunk of source) void chunk;
  });
  return counted.result();
}

/**
 * The size and checksum of every stored file, read once here for the manifest and again as the
 * archive is written (and checked against this): nothing is copied to a staging disk first, so a
 * bucket larger than the machine's free space can still be backed up.
 */
async function hashStoreFiles(store: MediaStore, onProgress: OnProgress): Promise<BackupManifest["files"]> {
  const keys: string[] = [];
  for await (const object of store.list()) keys.push(object.key);
  keys.sort();
  const files: BackupManifest["files"] = [];
  for (const [i, key] of keys.entries()) {
    onProgress({ phase: "files", done: i, total: keys.length, item: key });
    const stored = await store.get(key);
    if (!stored) continue; // deleted since the listing: not part of this backup
    files.push({ key, ...(await hashStream(stored.body)) });
  }
  onProgress({ phase: "files", done: keys.length, total: keys.length });
  return files;
}

/** Adds one entry of `size` bytes from `source` and resolves when the tar has taken all of it. */
function addEntry(pack: Pack, name: string, size: number, source: Readable | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const header = { name, size, mode: 0o644, mtime: new Date() };
    if (Buffer.isBuffer(source)) {
      pack.entry(header, source, (error) => (error ? reject(error) : resolve()));
      return;
    }
    const entry = pack.entry(header, (error) => (error ? reject(error) : resolve()));
    source.once("error", (error) => {
      entry.destroy(error);
      reject(error);
    });
    source.pipe(entry);
  });
}

async function writeArchive(
  partial: string,
  manifest: BackupManifest,
  from: { staging: string; store: MediaStore; key: Buffer | undefined },
  onProgress: OnProgress,
) {
  const { staging, store } = from;
  const pack = tarPack();
  // Readable by the app's user alone: an archive holds every row, the cookie-signing key among them.
  const out = createWriteStream(partial, { mode: 0o600 });
  const written = from.key
    ? pipeline(pack, createGzip(), encryptingStream(from.key), out)
    : pipeline(pack, createGzip(), out);
  written.catch(() => {}); // awaited below; an early failure also fails the entry being added
  const total = 1 + manifest.tables.length + manifest.files.length;
  let done = 0;
  const step = (item: string) => onProgress({ phase: "archive", done: done++, total, item });
  try {
    step(MANIFEST);
    await addEntry(pack, MANIFEST, 0, Buffer.from(JSON.stringify(manifest, null, 2)));
    for (const [i, table] of manifest.tables.entries()) {
      step(table.name);
      await addEntry(pack, tableEntry(table.name), table.bytes, createReadStream(path.join(staging, `${i}.copy`)));
    }
    for (const file of manifest.files) {
      step(file.key);
      const stored = await store.get(file.key);
      if (!stored)
        throw new BackupError(`The media file ${file.key} was deleted while the backup ran. Run the backup again.`);
      const counted = digest();
      const source = Readable.fromWeb(stored.body as import("node:stream/web").ReadableStream).pipe(counted.stream);
      await addEntry(pack, fileEntry(file.key), file.bytes, source);
      const { sha256 } = counted.result();
      if (sha256 !== file.sha256)
        throw new BackupError(`The media file ${file.key} changed while the backup ran. Run the backup again.`);
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    throw error;
  }
  await written;
  onProgress({ phase: "archive", done: total, total });
  // On disk before the rename gives it its final name (a power cut leaves a whole archive or none).
  const handle = await open(partial, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

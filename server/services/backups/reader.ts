import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { createGunzip } from "node:zlib";
import { extract as tarExtract, type Extract } from "tar-stream";
import {
  BackupError,
  fileEntry,
  MANIFEST,
  ManifestSchema,
  tableEntry,
  type BackupManifest,
  type OnProgress,
} from "./manifest";
import { hmacMatches, openArchiveBytes } from "./crypto";

/**
 * Reading a backup archive as a stream, never unpacked to disk: its manifest alone (the first
 * entry), or every entry checked against it before a restore writes anything. An encrypted
 * archive is read through its key (backup-crypto.ts), and a signed manifest is checked with it.
 */

/** One entry of an archive being read: its header and its bytes as a stream. */
export type Entry = Extract extends AsyncIterable<infer E> ? E : never;

/** No manifest this app writes comes near this (a million files is about 150 MB of it). */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/**
 * The entries of an archive in order; each must be read to its end (or resumed) before the next.
 * `key`: BACKUP_ENCRYPTION_KEY's bytes, needed for an encrypted archive.
 */
export async function* archiveEntries(file: string, key?: Buffer): AsyncGenerator<Entry> {
  const source = await openArchiveBytes(file, key);
  const gunzip = createGunzip();
  const entries = tarExtract();
  source.once("error", (error) => entries.destroy(error));
  gunzip.once("error", (error) => entries.destroy(error));
  source.pipe(gunzip).pipe(entries);
  try {
    for await (const entry of entries) yield entry;
  } finally {
    source.destroy();
    gunzip.destroy();
    entries.destroy();
  }
}

/** Errors of the file itself (not gzip, not tar, cut short) said as what they mean to the owner. */
export async function readingArchive<T>(file: string, read: () => Promise<T>): Promise<T> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile())
    throw new BackupError(`There is no archive at ${file}. Give the path of a backup-….tar.gz(.enc) file.`);
  try {
    return await read();
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${file} is not a backup archive this app can read (${(error as Error).message}). It may be cut short or damaged: use another archive.`,
    );
  }
}

export async function readAll(entry: Entry, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BackupError(`An entry of the archive is larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** What a manifest is read with: the backup key, and who is told of an archive that carries no HMAC. */
export interface ManifestCheck {
  key?: Buffer;
  onWarning?: (message: string) => void;
}

/** The warning for an archive whose manifest carries no HMAC: it restores, but nothing vouches for it. */
export const unsignedWarning = (file: string) =>
  `Warning: ${file} carries no HMAC (it was made without BACKUP_ENCRYPTION_KEY): its checksums find damage, but nothing proves it was not altered since it was made. Restoring it anyway.`;

/**
 * An archive's manifest, read and checked: a manifest with an HMAC needs the key and must match
 * it; one without is read, and `onWarning` told.
 */
export async function readBackupManifest(file: string, check: ManifestCheck = {}): Promise<BackupManifest> {
  return readingArchive(file, async () => {
    for await (const entry of archiveEntries(file, check.key)) {
      if (entry.header.name !== MANIFEST)
        throw new BackupError(`${file} is not a backup archive of this site: it does not begin with ${MANIFEST}.`);
      const text = (await readAll(entry, MAX_MANIFEST_BYTES)).toString("utf8");
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new BackupError(
          `The manifest of ${file} is not valid JSON: the archive is damaged. Use another archive.`,
        );
      }
      const format = (json as { format?: unknown } | null)?.format;
      if (typeof format === "number" && format > 1)
        throw new BackupError(
          `${file} was made by a newer version of the app (archive format ${format}). Update the app first, then restore.`,
        );
      const parsed = ManifestSchema.safeParse(json);
      if (!parsed.success)
        throw new BackupError(
          `The manifest of ${file} is not one this app writes (${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}). Use another archive.`,
        );
      checkHmac(file, json as Record<string, unknown>, parsed.data, check);
      return parsed.data;
    }
    throw new BackupError(`${file} is an empty archive, not a backup of this site.`);
  });
}

/** The HMAC over the manifest as parsed (all but its own field), against the key's. */
function checkHmac(file: string, json: Record<string, unknown>, manifest: BackupManifest, check: ManifestCheck) {
  if (manifest.hmac === undefined) {
    check.onWarning?.(unsignedWarning(file));
    return;
  }
  if (!check.key)
    throw new BackupError(
      `${file} is signed (its manifest carries an HMAC) and no BACKUP_ENCRYPTION_KEY is set to check it. Set the key it was made with, then restore again.`,
    );
  const { hmac: _hmac, ...signed } = json;
  if (!hmacMatches(check.key, signed, manifest.hmac))
    throw new BackupError(
      `The manifest of ${file} does not match its HMAC: the archive was altered, or signed with another key than BACKUP_ENCRYPTION_KEY. Nothing was restored; use another archive.`,
    );
}

/**
 * Reads the whole archive and checks every entry against the manifest: each table's and each
 * file's size and checksum, nothing missing, nothing extra. Writes nothing.
 */
export async function verifyArchive(
  file: string,
  manifest: BackupManifest,
  onProgress: OnProgress,
  key: Buffer | undefined,
) {
  const expected = new Map<string, { what: string; bytes: number; sha256: string }>();
  for (const t of manifest.tables) expected.set(tableEntry(t.name), { what: `the table ${t.name}`, ...t });
  for (const f of manifest.files) expected.set(fileEntry(f.key), { what: `the media file ${f.key}`, ...f });
  const total = expected.size;
  let done = 0;
  await readingArchive(file, async () => {
    for await (const entry of archiveEntries(file, key)) {
      const name = entry.header.name;
      if (name === MANIFEST && done === 0) {
        entry.resume();
        continue;
      }
      const wanted = expected.get(name);
      if (!wanted)
        throw new BackupError(
          `${file} holds an entry that no backup of this site writes (${name}). Use another archive.`,
        );
      expected.delete(name);
      onProgress({ phase: "verify", done: done++, total, item: name });
      const hash = createHash("sha256");
      let bytes = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      if (bytes !== wanted.bytes || hash.digest("hex") !== wanted.sha256)
        throw new BackupError(
          `The archive is damaged: ${wanted.what} does not match its checksum in the manifest. Nothing was restored; use another archive.`,
        );
    }
  });
  if (expected.size > 0)
    throw new BackupError(
      `The archive is incomplete: ${[...expected.values()][0]!.what} is missing${expected.size > 1 ? ` (and ${expected.size - 1} more)` : ""}. Nothing was restored; use another archive.`,
    );
  onProgress({ phase: "verify", done: total, total });
}

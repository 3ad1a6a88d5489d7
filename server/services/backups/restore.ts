import { createHash } from "node:crypto";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Client } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { runMigrations } from "../../db/migrate";
import {
  dropAppObjects,
  foreignKeys,
  listTables,
  migrateTo,
  qualified,
  quoteIdent,
  readJournal,
  readMigrationLevel,
  tableColumns,
  tablesWithRows,
  useCanonicalSettings,
  type TableInfo,
} from "./catalog";
import {
  BackupError,
  digest,
  fileEntry,
  tableEntry,
  type BackupManifest,
  type BackupProgress,
  type OnProgress,
  type RestoreResult,
} from "./manifest";
import { checkAcceptedQuotes } from "./quote-check";
import { archiveEntries, readAll, readBackupManifest, verifyArchive } from "./reader";
import { ALLOWED_TYPES } from "../media/media";
import type { MediaStore } from "../media/store";

/**
 * Puts an archive back (docs/decisions/037-backups.md): checked whole first (its HMAC and, when
 * encrypted, every frame: docs/decisions/047-backup-encryption.md), then the tables as they were
 * at the archive's migration level, its rows, this version's newer migrations, and the media
 * files; last, the accepted quotes are checked against their stored hashes.
 */

export async function restoreBackupArchive(opts: {
  databaseUrl: string;
  store: MediaStore;
  file: string;
  replace?: boolean;
  /** BACKUP_ENCRYPTION_KEY's bytes: needed for an encrypted or signed archive. */
  key?: Buffer;
  onProgress?: (p: BackupProgress) => void;
  /** Told what the restore goes on despite (an archive that carries no HMAC). */
  onWarning?: (message: string) => void;
}): Promise<RestoreResult> {
  const onProgress = opts.onProgress ?? (() => {});
  const file = path.resolve(opts.file);
  const { key } = opts;
  const manifest = await readBackupManifest(file, { key, onWarning: opts.onWarning });
  const journal = await readJournal();
  const { applied, last_tag: lastTag } = manifest.migrations;
  const level = lastTag === null ? -1 : journal.findIndex((entry) => entry.tag === lastTag);
  if (level === -1 || applied > journal.length)
    throw new BackupError(
      `This archive was made by a newer version of the app: its database is at migration ${lastTag ?? `number ${applied}`}, which this version does not have. Update the app first (to the version that made the archive, or a later one), then restore.`,
    );

  const client = new Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const occupied = await tablesWithRows(client);
    if (occupied.length > 0 && !opts.replace)
      throw new BackupError(
        `The database already holds data (rows in ${occupied.length} table${occupied.length > 1 ? "s" : ""}: ${occupied.slice(0, 3).join(", ")}${occupied.length > 3 ? ", …" : ""}). ` +
          "Restore into an empty database, or run the restore again with --replace to delete everything in it " +
          "(and the stored media files that are not in the archive) and put the archive's in its place.",
      );
    await verifyArchive(file, manifest, onProgress, key);

    // Nothing was written before this line: the archive is whole and the installation may take it.
    // First the tables as they were at the archive's level...
    onProgress({ phase: "migrate", done: 0, total: level + 1, item: lastTag! });
    await client.query("begin");
    await dropAppObjects(client);
    await client.query("commit");
    await migrateTo(opts.databaseUrl, lastTag!);
    onProgress({ phase: "migrate", done: level + 1, total: level + 1 });
    const rows = await copyTablesIn(client, { file, key }, manifest, lastTag!, onProgress);
    // ...then, with the rows in them, this version's newer migrations.
    if (level + 1 < journal.length) {
      onProgress({ phase: "migrate", done: level + 1, total: journal.length, item: journal.at(-1)!.tag });
      await runMigrations(opts.databaseUrl);
    }
    const migratedTo = (await readMigrationLevel(client)).applied;
    if (level + 1 < journal.length) onProgress({ phase: "migrate", done: migratedTo, total: journal.length });
    const files = await putFiles(opts.store, { file, key }, manifest, opts.replace ?? false, onProgress);
    // The restore is complete: what the check finds is reported, and changes nothing.
    const quotes = await checkAcceptedQuotes(opts.databaseUrl);
    return { manifest, migratedFrom: level + 1, migratedTo, tables: manifest.tables.length, rows, files, quotes };
  } finally {
    await client.end();
  }
}

/**
 * The archive's rows into the freshly migrated tables, in one transaction. The foreign keys are
 * dropped while the rows go in (any order works, cycles too) and added back after, which checks
 * every reference at once; user triggers are off, so a trigger that writes a table of its own
 * (post_media_refs) does not write rows the archive already holds. Both need only the tables'
 * ownership, not a superuser (session_replication_role would), so a provider's PostgreSQL does.
 */
/** The archive a pass reads: its path, and the key of an encrypted one. */
interface ArchiveFile {
  file: string;
  key: Buffer | undefined;
}

async function copyTablesIn(
  client: Client,
  archive: ArchiveFile,
  manifest: BackupManifest,
  lastTag: string,
  onProgress: OnProgress,
): Promise<number> {
  await useCanonicalSettings(client);
  await client.query("begin");
  try {
    const tables = new Map((await listTables(client)).map((t) => [t.name, t]));
    const wanted = new Map<string, { entry: BackupManifest["tables"][number]; table: TableInfo; columns: string[] }>();
    for (const entry of manifest.tables) {
      const table = tables.get(entry.name);
      if (!table)
        throw new BackupError(
          `The archive holds the table ${entry.name}, which this app's database at migration ${lastTag} does not have: it was not made by this app.`,
        );
      const present = await tableColumns(client, table);
      const columns = entry.columns ?? present;
      const unknown = columns.find((column) => !present.includes(column));
      if (unknown)
        throw new BackupError(
          `The archive's table ${entry.name} has a column ${unknown} that this app's database at migration ${lastTag} does not have: it was not made by this app.`,
        );
      wanted.set(tableEntry(entry.name), { entry, table, columns });
    }
    // The rows the migrations wrote themselves (drizzle's own record of them) give way to the archive's.
    if (tables.size > 0) await client.query(`truncate ${[...tables.values()].map(qualified).join(", ")}`);
    const keys = await foreignKeys(client);
    for (const key of keys) await client.query(`alter table ${key.table} drop constraint ${key.name}`);
    for (const table of tables.values()) await client.query(`alter table ${qualified(table)} disable trigger user`);

    let rows = 0;
    let done = 0;
    const total = wanted.size;
    for await (const entry of archiveEntries(archive.file, archive.key)) {
      if (done === total) break; // the tables come first; the media files are put after the commit
      const target = wanted.get(entry.header.name);
      if (!target) {
        entry.resume();
        continue;
      }
      onProgress({ phase: "restore", done: done++, total, item: target.entry.name });
      const counted = digest();
      const copy = client.query(
        copyFrom(`copy ${qualified(target.table)} (${target.columns.map(quoteIdent).join(", ")}) from stdin`),
      );
      await pipeline(entry, counted.stream, copy);
      if (counted.result().sha256 !== target.entry.sha256)
        throw new BackupError(
          `The table ${target.entry.name} changed in the archive during the restore. Restore again.`,
        );
      const { rows: counts } = await client.query<{ n: string }>(
        `select count(*)::text as n from ${qualified(target.table)}`,
      );
      if (copy.rowCount !== target.entry.rows || Number(counts[0]!.n) !== target.entry.rows)
        throw new BackupError(
          `The table ${target.entry.name} took ${counts[0]!.n} rows, but the manifest says ${target.entry.rows}. Nothing was restored.`,
        );
      rows += copy.rowCount;
    }
    if (done !== total) throw new BackupError("The archive ended before all its tables were read. Restore again.");

    for (const table of tables.values()) await client.query(`alter table ${qualified(table)} enable trigger user`);
    for (const key of keys) await client.query(`alter table ${key.table} add constraint ${key.name} ${key.definition}`);
    for (const sequence of manifest.sequences) {
      const [schema, ...name] = sequence.name.split(".");
      const found = await client.query("select to_regclass($1) as id", [
        qualified({ schema: schema!, table: name.join(".") }),
      ]);
      if (!found.rows[0]?.id)
        throw new BackupError(
          `The archive's sequence ${sequence.name} is not in this app's database: it was not made by this app.`,
        );
      await client.query("select setval($1::regclass, $2::bigint, $3)", [
        qualified({ schema: schema!, table: name.join(".") }),
        sequence.last_value,
        sequence.is_called,
      ]);
    }
    await client.query("commit");
    onProgress({ phase: "restore", done: total, total });
    return rows;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

/** The type a file is served with, from its extension (the store keeps it beside S3 objects). */
function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return ALLOWED_TYPES[ext]?.mimes[0] ?? "application/octet-stream";
}

/** Every file of the archive into the store; with `replace`, the store's other files are deleted. */
async function putFiles(
  store: MediaStore,
  archive: ArchiveFile,
  manifest: BackupManifest,
  replace: boolean,
  onProgress: OnProgress,
): Promise<number> {
  const wanted = new Map(manifest.files.map((f) => [fileEntry(f.key), f]));
  const total = wanted.size;
  let done = 0;
  for await (const entry of archiveEntries(archive.file, archive.key)) {
    const stored = wanted.get(entry.header.name);
    if (!stored) {
      entry.resume();
      continue;
    }
    onProgress({ phase: "files", done: done++, total, item: stored.key });
    const body = await readAll(entry, stored.bytes);
    if (createHash("sha256").update(body).digest("hex") !== stored.sha256)
      throw new BackupError(`The media file ${stored.key} changed in the archive during the restore. Restore again.`);
    await store.put(stored.key, body, contentTypeOf(stored.key));
  }
  if (replace) {
    const keep = new Set(manifest.files.map((f) => f.key));
    const extra: string[] = [];
    for await (const object of store.list()) if (!keep.has(object.key)) extra.push(object.key);
    for (const key of extra) await store.delete(key);
  }
  onProgress({ phase: "files", done: total, total });
  return done;
}

import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { contacts } from "../../db/schema/index";
import { createDatabaseBefore, createTestDatabase } from "../../../tests/support/db";
import { withDatabase } from "../../../tests/support/global-setup";
import { appTableCount, createEmptyDatabase, rewriteArchive } from "../../../tests/support/backup-archives";
import { startS3Peer } from "../../../tests/support/s3-peer";
import {
  AWKWARD_TEXT,
  acceptedQuoteCount,
  dumpTables,
  fillEveryTable,
  nextSequenceValues,
  storeContents,
  type FilledSite,
} from "../../../tests/support/backup-site";
import {
  BackupError,
  backupFileName,
  createBackupArchive,
  readBackupManifest,
  restoreBackupArchive,
  type BackupProgress,
  type BackupResult,
} from "./archive";
import { readJournal } from "./catalog";
import { localMediaStore, s3MediaStore, type MediaStore } from "../media/store";

/**
 * Backups on a real PostgreSQL (the test server, or DATABASE_URL's in CI's second pass), real
 * files and a real S3 peer: a whole site goes out and comes back row for row and byte for byte,
 * and what must be refused is refused before anything is written.
 */

const cleanups: (() => Promise<unknown>)[] = [];
let folder: string;
let source: Awaited<ReturnType<typeof createTestDatabase>>;
let sourceStore: MediaStore;
let site: FilledSite;
let backup: BackupResult;
let backupProgress: BackupProgress[];
let sourceDump: Record<string, string[]>;
let sourceFiles: Record<string, string>;
let s3: Awaited<ReturnType<typeof startS3Peer>>;

async function freshTestDatabase() {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  return database;
}

const freshStore = async () => localMediaStore(await mkdtemp(path.join(folder, "media-")));

const s3Store = (prefix: string) =>
  s3MediaStore({
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    prefix,
    credentials: s3.credentials,
  });

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "wbt-backup-"));
  s3 = await startS3Peer();
  source = await freshTestDatabase();
  sourceStore = await freshStore();
  site = await fillEveryTable(source.db, sourceStore);
  backupProgress = [];
  backup = await createBackupArchive({
    databaseUrl: source.url,
    store: sourceStore,
    file: path.join(folder, "out", backupFileName(new Date("2026-07-04T09:05:03.250Z"))),
    onProgress: (p) => backupProgress.push(p),
  });
  sourceDump = await dumpTables(source.url);
  sourceFiles = await storeContents(sourceStore);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe("a backup archive", () => {
  it("is written under its UTC name, and its manifest counts every table, sequence and file", async () => {
    expect(path.basename(backup.file)).toBe("backup-20260704-090503.tar.gz");
    expect(await readdir(path.dirname(backup.file)), "no partial file or staging folder is left").toEqual([
      "backup-20260704-090503.tar.gz",
    ]);
    const manifest = await readBackupManifest(backup.file);
    expect(manifest).toEqual(backup.manifest);
    expect(manifest.format).toBe(1);
    expect(manifest.migrations).toEqual({
      applied: (await readJournal()).length,
      last_tag: (await readJournal()).at(-1)!.tag,
    });
    expect(manifest.tables.map((t) => t.name).sort()).toEqual(Object.keys(sourceDump).sort());
    expect(manifest.tables.map((t) => t.name)).toContain("drizzle.__drizzle_migrations");
    for (const table of manifest.tables) expect(table.rows, table.name).toBe(sourceDump[table.name]!.length);
    expect(manifest.sequences.map((s) => s.name)).toEqual(
      expect.arrayContaining(["public.contacts_id_seq", "drizzle.__drizzle_migrations_id_seq"]),
    );
    expect(manifest.files.map((f) => f.key).sort()).toEqual(Object.keys(sourceFiles));
    for (const file of manifest.files) expect(file.sha256).toBe(sourceFiles[file.key]);
    // Progress: every table, every file, then every entry of the archive, counted as they go.
    const last = (phase: BackupProgress["phase"]) => backupProgress.filter((p) => p.phase === phase).at(-1);
    expect(last("tables")).toEqual({ phase: "tables", done: manifest.tables.length, total: manifest.tables.length });
    expect(last("files")).toEqual({ phase: "files", done: manifest.files.length, total: manifest.files.length });
    const entries = 1 + manifest.tables.length + manifest.files.length;
    expect(last("archive")).toEqual({ phase: "archive", done: entries, total: entries });
    expect(backupProgress.filter((p) => p.phase === "tables").map((p) => p.done)).toEqual([
      ...manifest.tables.keys(),
      manifest.tables.length,
    ]);
  });

  it("restores into an empty database and store: every row, every file and the sequences' next values", async () => {
    const url = await createEmptyDatabase(cleanups);
    const store = await freshStore();
    const progress: BackupProgress[] = [];
    const result = await restoreBackupArchive({
      databaseUrl: url,
      store,
      file: backup.file,
      onProgress: (p) => progress.push(p),
    });

    const journal = await readJournal();
    expect(result).toEqual({
      manifest: backup.manifest,
      migratedFrom: journal.length,
      migratedTo: journal.length,
      tables: backup.manifest.tables.length,
      rows: backup.manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: backup.manifest.files.length,
      quotes: { checked: await acceptedQuoteCount(source.url), mismatches: [] },
    });
    expect(await dumpTables(url)).toEqual(sourceDump);
    expect(await storeContents(store)).toEqual(sourceFiles);
    expect(await nextSequenceValues(url)).toEqual(await nextSequenceValues(source.url));
    const client = new Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query("select name, phone, company from contacts where id = $1", [
      site.awkwardContactId,
    ]);
    await client.end();
    expect(rows).toEqual([{ name: AWKWARD_TEXT, phone: null, company: "" }]);
    // The whole archive was checked before the first write.
    const phases = progress.map((p) => p.phase).filter((phase, i, all) => phase !== all[i - 1]);
    expect(phases).toEqual(["verify", "migrate", "restore", "files"]);
  }, 60_000);

  it("carries the media of an S3 bucket into another", async () => {
    const from = s3Store("site-a");
    for (const key of Object.keys(sourceFiles)) {
      const stored = await sourceStore.get(key);
      const bytes = new Uint8Array(await new Response(stored!.body).arrayBuffer());
      await from.put(key, bytes, key.endsWith(".webp") ? "image/webp" : "image/png");
    }
    const archive = await createBackupArchive({
      databaseUrl: source.url,
      store: from,
      file: path.join(folder, "s3", "backup.tar.gz"),
    });
    expect(archive.manifest.files).toEqual(backup.manifest.files);

    const target = await freshTestDatabase();
    const to = s3Store("site-b");
    await restoreBackupArchive({ databaseUrl: target.url, store: to, file: archive.file });
    expect(await storeContents(to)).toEqual(sourceFiles);
    expect(await dumpTables(target.url)).toEqual(sourceDump);
  }, 60_000);

  it("refuses an installation that holds data, and with replace puts the archive in its place", async () => {
    const target = await freshTestDatabase();
    await target.db.insert(contacts).values({ name: "Someone Else", email: "else@example.com" });
    const store = await freshStore();
    await store.put("files/stray.txt", new TextEncoder().encode("not in the archive"), "text/plain");

    const refused = restoreBackupArchive({ databaseUrl: target.url, store, file: backup.file });
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/already holds data \(rows in 1 table: public\.contacts\).*--replace/);
    expect(await target.db.select({ name: contacts.name }).from(contacts)).toEqual([{ name: "Someone Else" }]);
    expect(Object.keys(await storeContents(store))).toEqual(["files/stray.txt"]);

    await restoreBackupArchive({ databaseUrl: target.url, store, file: backup.file, replace: true });
    expect(await dumpTables(target.url)).toEqual(sourceDump);
    expect(await storeContents(store), "the stray file was deleted").toEqual(sourceFiles);
  }, 60_000);

  it("refuses a damaged archive, a newer one and files that are not archives, before writing anything", async () => {
    const url = await createEmptyDatabase(cleanups);
    const store = await freshStore();
    const restore = (file: string) => restoreBackupArchive({ databaseUrl: url, store, file });

    // One byte of one table changed: still valid COPY text, so only the checksum can tell.
    const damaged = path.join(folder, "damaged.tar.gz");
    await rewriteArchive(backup.file, damaged, (name, data) => {
      if (name !== "tables/public.contacts.copy") return undefined;
      const at = data.indexOf("@example.com");
      const copy = Buffer.from(data);
      copy[at + 1] = copy[at + 1] === 0x65 ? 0x66 : 0x65;
      return copy;
    });
    await expect(restore(damaged)).rejects.toThrow(
      "The archive is damaged: the table public.contacts does not match its checksum in the manifest. Nothing was restored; use another archive.",
    );

    const newer = path.join(folder, "newer.tar.gz");
    await rewriteArchive(backup.file, newer, (name, data) => {
      if (name !== "manifest.json") return undefined;
      const manifest = JSON.parse(data.toString());
      manifest.migrations = { applied: manifest.migrations.applied + 1, last_tag: "9999_from_the_future" };
      return Buffer.from(JSON.stringify(manifest));
    });
    await expect(restore(newer)).rejects.toThrow(
      /made by a newer version of the app.*9999_from_the_future.*Update the app first/,
    );

    const notArchive = path.join(folder, "notes.tar.gz");
    await writeFile(notArchive, "these are not the backups you are looking for");
    await expect(restore(notArchive)).rejects.toThrow(/notes\.tar\.gz is not a backup archive this app can read/);
    await expect(readBackupManifest(notArchive)).rejects.toThrow(BackupError);

    const cut = path.join(folder, "cut.tar.gz");
    const whole = await readFile(backup.file);
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(restore(cut)).rejects.toThrow(BackupError);

    await expect(restore(path.join(folder, "nowhere.tar.gz"))).rejects.toThrow(/There is no archive at/);

    expect(await appTableCount(url), "no table was created").toBe(0);
    expect(await storeContents(store), "no file was put").toEqual({});
  }, 60_000);

  it("restores an archive made by an older version and migrates it to this version's level", async () => {
    const old = await createDatabaseBefore("0015_");
    cleanups.push(() => old.close());
    await old.client.query(
      "insert into contacts (name, email, source) values ($1, 'old.client@example.com', 'website')",
      [AWKWARD_TEXT],
    );
    await old.client.query(
      "insert into posts (title, slug, content, status, published_at) values ('Old news', 'old-news', 'From before', 'published', now())",
    );
    const archive = await createBackupArchive({
      databaseUrl: old.url,
      store: await freshStore(),
      file: path.join(folder, "old", "backup.tar.gz"),
    });
    const journal = await readJournal();
    const level = journal.findIndex((entry) => entry.tag.startsWith("0015_"));
    expect(archive.manifest.migrations).toEqual({ applied: level, last_tag: journal[level - 1]!.tag });
    expect(archive.manifest.tables.map((t) => t.name)).not.toContain("public.job_runs");

    const target = await freshTestDatabase(); // migrated to this version, empty
    const progress: BackupProgress[] = [];
    const result = await restoreBackupArchive({
      databaseUrl: target.url,
      store: await freshStore(),
      file: archive.file,
      onProgress: (p) => progress.push(p),
    });
    expect([result.migratedFrom, result.migratedTo]).toEqual([level, journal.length]);
    // To the archive's level, its rows in, then this version's newer migrations.
    const steps = progress.filter((p) => p.phase !== "verify").map(({ phase, done, total }) => [phase, done, total]);
    const tables = archive.manifest.tables.length;
    expect(steps).toEqual([
      ["migrate", 0, level],
      ["migrate", level, level],
      ...archive.manifest.tables.map((_, i) => ["restore", i, tables]),
      ["restore", tables, tables],
      ["migrate", level, journal.length],
      ["migrate", journal.length, journal.length],
      ["files", 0, 0],
    ]);

    const dump = await dumpTables(target.url);
    expect(dump["drizzle.__drizzle_migrations"]).toHaveLength(journal.length);
    expect(dump["public.job_runs"], "the newer migrations ran").toEqual([]);
    const client = new Client({ connectionString: target.url });
    await client.connect();
    const { rows: people } = await client.query("select name, email from contacts");
    const { rows: news } = await client.query("select slug, content from posts");
    await client.end();
    expect(people).toEqual([{ name: AWKWARD_TEXT, email: "old.client@example.com" }]);
    expect(news).toEqual([{ slug: "old-news", content: "From before" }]);
  }, 60_000);

  it("restores as a database's owner who is not a superuser (a provider's PostgreSQL)", async () => {
    const adminUrl = inject("pgAdminUrl");
    const role = `t_owner_${randomBytes(4).toString("hex")}`;
    const password = randomBytes(12).toString("hex");
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create role ${role} login nosuperuser nocreaterole nocreatedb password '${password}'`);
    await admin.query(`create database ${role} owner ${role}`);
    // Before PostgreSQL 15 every role could create in public; as of 15 its owner is the database's owner.
    await admin.end();
    cleanups.push(async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${role} with (force)`);
      await client.query(`drop role if exists ${role}`);
      await client.end();
    });
    const url = new URL(withDatabase(adminUrl, role));
    url.username = role;
    url.password = password;

    await restoreBackupArchive({ databaseUrl: url.toString(), store: await freshStore(), file: backup.file });
    expect(await dumpTables(url.toString())).toEqual(sourceDump);
    // And the owner can back it up again, and restore over it with --replace.
    const again = await createBackupArchive({
      databaseUrl: url.toString(),
      store: sourceStore,
      file: path.join(folder, "owner", "backup.tar.gz"),
    });
    expect(again.manifest.tables.map(({ name, rows, sha256 }) => ({ name, rows, sha256 }))).toEqual(
      backup.manifest.tables.map(({ name, rows, sha256 }) => ({ name, rows, sha256 })),
    );
    await restoreBackupArchive({
      databaseUrl: url.toString(),
      store: await freshStore(),
      file: again.file,
      replace: true,
    });
    expect(await dumpTables(url.toString())).toEqual(sourceDump);
  }, 60_000);

  it("leaves no archive, partial file or staging folder when a run is cut short", async () => {
    const media = await mkdtemp(path.join(folder, "media-"));
    const store = localMediaStore(media);
    await store.put("files/a.png", new Uint8Array([1, 2, 3]), "image/png");
    const root = path.join(folder, "cut-run");
    const run = createBackupArchive({
      databaseUrl: source.url,
      store,
      file: path.join(root, "backup.tar.gz"),
      // The file goes between its checksum and its copy into the archive.
      onProgress: (p) => {
        if (p.phase === "archive" && p.done === 0) rmSync(path.join(media, "files/a.png"));
      },
    });
    await expect(run).rejects.toThrow(
      "The media file files/a.png was deleted while the backup ran. Run the backup again.",
    );
    expect(existsSync(root) ? await readdir(root) : []).toEqual([]);
  }, 60_000);
});

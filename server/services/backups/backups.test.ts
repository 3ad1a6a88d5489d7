import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../../tests/support/app";
import { startS3Peer } from "../../../tests/support/s3-peer";
import { composeServer } from "../../compose";
import { connectDatabase } from "../../db/client";
import { jobProgress, jobRuns, media } from "../../db/schema/index";
import { parseEnv } from "../../env";
import { createLogger } from "../../lib/logger";
import { DAILY_JOBS_LOCK } from "../../lib/job-lock";
import { createBackupArchive, readBackupManifest } from "./archive";
import { bucketBackupTarget, folderBackupTarget, isOwnArchive, type BackupTarget } from "./target";
import {
  BACKUP_JOB,
  backupDay,
  backupJob,
  isBackupDue,
  lastBackupRun,
  pruneArchives,
  readRunningBackup,
  runScheduledBackup,
  startBackup,
  type BackupDeps,
} from "./backups";
import { runDailyJob } from "../job-runs";
import { localMediaStore, s3MediaStore, type MediaStore } from "../media/store";
import { sweepOrphanFiles } from "../media/orphan-files";

/**
 * The daily backup (docs/decisions/037-backups.md) on the real database, real folders and a real
 * S3 peer: when it is due, that it runs once among processes, what it keeps, and what a failure
 * leaves for the owner to read.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let tmp: string;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const JOB_LOCK_SPACE = 0x6a6f6273;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "wbt-backups-"));
  ctx = await createTestApp({ env: { DATA_DIR: tmp } });
});
afterAll(async () => {
  await ctx.close();
  await rm(tmp, { recursive: true, force: true });
});

const folder = () => mkdtemp(path.join(tmp, "archives-"));
const mediaFolder = async () => localMediaStore(await mkdtemp(path.join(tmp, "media-")));
const depsWith = (target: BackupTarget, store: MediaStore, more: Partial<BackupDeps> = {}): BackupDeps => ({
  db: ctx.db,
  databaseUrl: ctx.databaseUrl,
  store,
  target,
  keep: 14,
  hour: 3,
  log: quiet,
  ...more,
});
/** A backup taken by hand: whenever asked, as "Back up now" takes it (but waited for). */
const forced = (deps: BackupDeps) => runDailyJob(backupJob(deps), { db: deps.db, log: deps.log, force: true });

/** New York wall-clock times as instants (EST -5 in winter, EDT -4 in summer). */
const ny = (local: string, offset: "-05:00" | "-04:00") => new Date(`${local}${offset}`);

describe('an archive\'s file modes (README "Backups")', () => {
  const modeOf = async (at: string) => (await stat(at)).mode & 0o777;

  it("the app writes each archive 0600, in a folder it makes 0700", async () => {
    const dir = path.join(await folder(), "backups");
    await forced(depsWith(folderBackupTarget(dir), await mediaFolder()));
    const [archive] = (await readdir(dir)).filter(isOwnArchive);
    expect(archive).toBeDefined();
    expect((await modeOf(path.join(dir, archive!))).toString(8)).toBe("600");
    expect((await modeOf(dir)).toString(8)).toBe("700");
  });

  it("npm run backup's archive is 0600 too, and the folder it makes 0700", async () => {
    const dir = path.join(await folder(), "by-hand", "backups");
    const result = await createBackupArchive({
      databaseUrl: ctx.databaseUrl,
      store: await mediaFolder(),
      file: path.join(dir, "backup-by-hand.tar.gz"),
    });
    expect((await modeOf(result.file)).toString(8)).toBe("600");
    expect((await modeOf(dir)).toString(8)).toBe("700");
  });
});

describe("when the daily backup is due", () => {
  it("the backup day starts at the configured hour on the business's clock", () => {
    expect(backupDay(ny("2026-06-05T03:00:00", "-04:00"), 3)).toBe("2026-06-05");
    expect(backupDay(ny("2026-06-05T02:59:59", "-04:00"), 3)).toBe("2026-06-04");
    expect(backupDay(ny("2026-06-05T00:00:00", "-04:00"), 0)).toBe("2026-06-05");
    expect(backupDay(ny("2026-06-05T23:30:00", "-04:00"), 23)).toBe("2026-06-05");
    // 1 a.m. in New York is 5 a.m. in London: the date is New York's.
    expect(backupDay(new Date("2026-06-05T05:00:00Z"), 3)).toBe("2026-06-04");
  });

  it.each([
    ["never backed up: at once, whatever the hour", null, ny("2026-06-05T01:00:00", "-04:00"), true],
    [
      "backed up at 3:05 today: not again today",
      ny("2026-06-05T03:05:00", "-04:00"),
      ny("2026-06-05T22:00:00", "-04:00"),
      false,
    ],
    [
      "backed up at 3:05 yesterday, 2:59 now: the hour has not come",
      ny("2026-06-04T03:05:00", "-04:00"),
      ny("2026-06-05T02:59:00", "-04:00"),
      false,
    ],
    [
      "backed up at 3:05 yesterday, 3:00 now: due",
      ny("2026-06-04T03:05:00", "-04:00"),
      ny("2026-06-05T03:00:00", "-04:00"),
      true,
    ],
    [
      "by hand at 4 p.m. yesterday: that counts until today's 3 a.m.",
      ny("2026-06-04T16:00:00", "-04:00"),
      ny("2026-06-05T02:30:00", "-04:00"),
      false,
    ],
    [
      "by hand at 4 p.m. yesterday, 3:10 now: due",
      ny("2026-06-04T16:00:00", "-04:00"),
      ny("2026-06-05T03:10:00", "-04:00"),
      true,
    ],
    [
      "by hand at 2 a.m. today, before the hour: due at 3",
      ny("2026-06-05T02:00:00", "-04:00"),
      ny("2026-06-05T03:10:00", "-04:00"),
      true,
    ],
    [
      "the last good one three days ago (the runs since failed): due",
      ny("2026-06-02T03:05:00", "-04:00"),
      ny("2026-06-05T01:00:00", "-04:00"),
      true,
    ],
  ])("%s", (_, lastSucceededAt, now, due) => {
    expect(isBackupDue(lastSucceededAt, now, 3)).toBe(due);
  });

  it("keeps its hour through the daylight-saving changes", () => {
    // March 8, 2026: 2 a.m. EST jumps to 3 a.m. EDT. A 2 o'clock backup is due at 3 that day.
    const day = ny("2026-03-07T02:10:00", "-05:00");
    expect(isBackupDue(day, ny("2026-03-08T01:59:00", "-05:00"), 2)).toBe(false);
    expect(isBackupDue(day, ny("2026-03-08T03:00:00", "-04:00"), 2)).toBe(true);
    // November 1, 2026: 1 a.m. comes twice. A 1 o'clock backup runs at the first, not again at the second.
    const first = ny("2026-11-01T01:05:00", "-04:00");
    expect(isBackupDue(ny("2026-10-31T01:05:00", "-04:00"), first, 1)).toBe(true);
    expect(isBackupDue(first, ny("2026-11-01T01:05:00", "-05:00"), 1)).toBe(false);
    expect(isBackupDue(first, ny("2026-11-02T01:00:00", "-05:00"), 1)).toBe(true);
  });

  it("BACKUP_HOUR=off: never due by the schedule", async () => {
    await ctx.db.delete(jobRuns);
    const deps = depsWith(folderBackupTarget(await folder()), await mediaFolder(), { hour: null });
    expect(await runScheduledBackup(deps)).toEqual({ ran: true, result: null });
    expect(await lastBackupRun(ctx.db)).toBeNull();
  });
});

describe("a backup", () => {
  it("writes one archive of the database and the files into the folder, and records what it copied", async () => {
    await ctx.db.delete(jobRuns);
    const dir = await folder();
    const store = await mediaFolder();
    await store.put("files/logo.png", Buffer.from("not really a png"), "image/png");
    const run = await runScheduledBackup(depsWith(folderBackupTarget(dir), store));
    expect(run.ran && run.result?.status).toBe("succeeded");

    const names = await readdir(dir);
    expect(names).toHaveLength(1);
    expect(isOwnArchive(names[0]!)).toBe(true);
    const manifest = await readBackupManifest(path.join(dir, names[0]!));
    expect(manifest.files.map((f) => f.key)).toEqual(["files/logo.png"]);

    const last = await lastBackupRun(ctx.db);
    expect(last).toMatchObject({ status: "succeeded", error: null });
    expect(last!.lastSucceededAt).toEqual(last!.startedAt);
    expect(last!.counts).toEqual({
      bytes: (await readFile(path.join(dir, names[0]!))).byteLength,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: 1,
    });
    expect(last!.counts.tables).toBeGreaterThan(10);
    // Not due again today; nothing is left running.
    expect(await runScheduledBackup(depsWith(folderBackupTarget(dir), store))).toEqual({ ran: true, result: null });
    expect(await readRunningBackup(ctx.db)).toBeNull();
    expect(await ctx.db.select().from(jobProgress)).toEqual([]);
  });

  it("keeps the newest BACKUP_KEEP of its own archives; one put there by hand stays", async () => {
    const dir = await folder();
    await writeFile(path.join(dir, "before-the-upgrade.tar.gz"), "kept by the owner");
    // One npm run backup wrote there: dated by its name, and not the daily backup's to delete.
    await writeFile(path.join(dir, "backup-20261101-030000.tar.gz"), "made by hand");
    await writeFile(path.join(dir, "notes.txt"), "not an archive");
    const deps = depsWith(folderBackupTarget(dir), await mediaFolder(), { keep: 2 });
    for (let i = 0; i < 4; i++) expect((await forced(deps)).ran).toBe(true);

    const own = (await readdir(dir)).filter(isOwnArchive).sort();
    expect(own).toHaveLength(2);
    const listed = await deps.target.list();
    expect(listed.map((a) => a.name)).toEqual(
      expect.arrayContaining([...own, "before-the-upgrade.tar.gz", "backup-20261101-030000.tar.gz"]),
    );
    expect(listed).toHaveLength(4);
    expect(listed.find((a) => a.name === "backup-20261101-030000.tar.gz")?.createdAt).toEqual(
      new Date("2026-11-01T03:00:00Z"),
    );
    // The two kept are the newest two: listed newest first.
    const ownListed = listed.filter((a) => isOwnArchive(a.name));
    expect(ownListed[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(ownListed[1]!.createdAt.getTime());
    expect(await readdir(dir)).toEqual(
      expect.arrayContaining(["notes.txt", "before-the-upgrade.tar.gz", "backup-20261101-030000.tar.gz"]),
    );
    // Pruning again to one removes only the older of its own.
    expect(await pruneArchives(deps.target, 1, quiet)).toEqual({ removed: 1 });
    expect((await readdir(dir)).filter(isOwnArchive)).toEqual([ownListed[0]!.name]);
  });

  it("a failed backup is recorded with its error, keeps the last good one's time, leaves nothing behind, and is due again", async () => {
    const dir = await folder();
    const store = await mediaFolder();
    await ctx.db.delete(jobRuns);
    const good = await forced(depsWith(folderBackupTarget(dir), store));
    const goodAt = good.ran ? good.result!.startedAt : null;

    // The archives' folder is a file: nothing can be written under it.
    const blocked = path.join(tmp, `blocked-${randomBytes(3).toString("hex")}`);
    await writeFile(blocked, "a file where the folder should be");
    const failing = depsWith(folderBackupTarget(blocked), store);
    await expect(forced(failing)).rejects.toThrow(/ENOTDIR|EEXIST/);

    const last = await lastBackupRun(ctx.db);
    expect(last).toMatchObject({ status: "failed", error: expect.stringMatching(/ENOTDIR|EEXIST/) });
    expect(last!.lastSucceededAt).toEqual(goodAt);
    expect(await readRunningBackup(ctx.db)).toBeNull();
    // The schedule counts only a success: the one forced above, today, so not due now...
    expect(isBackupDue(last!.lastSucceededAt, new Date(), 3)).toBe(false);
    // ...and a run that never succeeded is tried at every check.
    await ctx.db.update(jobRuns).set({ lastSucceededAt: null }).where(eq(jobRuns.job, BACKUP_JOB));
    await expect(runScheduledBackup(failing)).rejects.toThrow();
  });

  it("shows its progress to every process while it runs; a second start meanwhile is refused", async () => {
    const store = await mediaFolder();
    for (let i = 0; i < 4; i++) await store.put(`files/slow-${i}.txt`, Buffer.from(`file ${i}`), "text/plain");
    // A store that answers slowly, as a distant bucket would: the run lasts long enough to watch.
    const slow: MediaStore = {
      ...store,
      list: () => store.list(),
      get: async (key) => {
        await new Promise((resolve) => setTimeout(resolve, 250));
        return store.get(key);
      },
    };
    const deps = depsWith(folderBackupTarget(await folder()), slow);
    const start = await startBackup(deps);
    expect(start.started).toBe(true);

    // Another process: its own pool on the same database.
    const other = connectDatabase(ctx.databaseUrl, { max: 1 });
    try {
      const seen = await readRunningBackup(other.db);
      expect(seen).toMatchObject({ phase: expect.any(String) });
      await expect
        .poll(async () => (await readRunningBackup(other.db))?.phase, { timeout: 10_000, interval: 100 })
        .toBe("files");
      expect(await startBackup({ ...deps, db: other.db })).toEqual({ started: false });
      if (start.started) await start.finished;
      expect(await readRunningBackup(other.db)).toBeNull();
      expect((await lastBackupRun(other.db))?.status).toBe("succeeded");
    } finally {
      await other.close();
    }
  });

  it("does not start while the project retention (another daily job) runs", async () => {
    const holder = new Client({ connectionString: ctx.databaseUrl });
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock($1, hashtext($2))", [JOB_LOCK_SPACE, DAILY_JOBS_LOCK]);
      const deps = depsWith(folderBackupTarget(await folder()), await mediaFolder());
      expect(await startBackup(deps)).toEqual({ started: false });
      expect(await runScheduledBackup({ ...deps, hour: 3 })).toEqual({ ran: false });
    } finally {
      await holder.end();
    }
  });
});

describe("two processes on one database", () => {
  it("take one backup between them", async () => {
    await ctx.db.delete(jobRuns);
    const dataDir = await mkdtemp(path.join(tmp, "two-"));
    const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
    const log = createLogger("silent");
    const pools = [connectDatabase(ctx.databaseUrl), connectDatabase(ctx.databaseUrl)];
    const servers = await Promise.all(
      pools.map((pool) =>
        composeServer(env, {
          db: pool.db,
          databaseUrl: ctx.databaseUrl,
          log,
          jobIntervals: { backupCheckMs: 150, firstBackupCheckAfterMs: 20 },
        }),
      ),
    );
    try {
      await expect.poll(() => lastBackupRun(ctx.db), { timeout: 20_000 }).not.toBeNull();
      const first = await lastBackupRun(ctx.db);
      // Several more checks on each process find it done for the day.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await lastBackupRun(ctx.db)).toEqual(first);
      expect(first?.status).toBe("succeeded");
      expect((await readdir(env.BACKUP_DIR)).filter(isOwnArchive)).toHaveLength(1);
    } finally {
      for (const server of servers) await server.close();
      for (const pool of pools) await pool.close();
    }
  });
});

describe("archives in the media's bucket", () => {
  it("the backups and the media files leave each other alone: the sweep, the archive's files, the pruning", async () => {
    const peer = await startS3Peer();
    try {
      const s3 = {
        bucket: peer.bucket,
        region: "us-east-1",
        endpoint: peer.endpoint,
        forcePathStyle: true,
        credentials: peer.credentials,
      };
      const store = s3MediaStore({ ...s3, prefix: "media" });
      const target = bucketBackupTarget({ ...s3, prefix: "backups", stagingDir: await folder() });
      const raw = s3MediaStore(s3); // the whole bucket, keys as stored
      // A library file with its row, and an upload its crash left without one.
      await ctx.db.delete(media);
      await ctx.db.insert(media).values({
        filename: "kept.txt",
        originalName: "kept.txt",
        fileType: "document",
        mimeType: "text/plain",
        fileSize: 4,
        storageKey: "files/kept.txt",
      });
      await store.put("files/kept.txt", Buffer.from("kept"), "text/plain");
      await store.put("files/orphan.txt", Buffer.from("lost"), "text/plain");

      const deps = depsWith(target, store, { keep: 1 });
      for (let i = 0; i < 2; i++) expect((await forced(deps)).ran).toBe(true);
      const archives = await target.list();
      expect(archives).toHaveLength(1);

      // The archive holds the media, not the backups.
      const opened = await target.open(archives[0]!.name);
      const copy = path.join(await folder(), archives[0]!.name);
      await writeFile(copy, Buffer.from(await new Response(opened!.body).arrayBuffer()));
      expect(opened!.bytes).toBe(archives[0]!.bytes);
      expect((await readBackupManifest(copy)).files.map((f) => f.key)).toEqual(["files/kept.txt", "files/orphan.txt"]);

      // The sweep removes the orphan and nothing of the backups'.
      const swept = await sweepOrphanFiles({
        db: ctx.db,
        store,
        log: quiet,
        olderThanMs: 0,
        now: new Date(Date.now() + 1000),
      });
      expect(swept.removed).toBe(1);
      const keys: string[] = [];
      for await (const object of raw.list()) keys.push(object.key);
      expect(keys.sort()).toEqual([`backups/${archives[0]!.name}`, "media/files/kept.txt"]);
      expect(await target.list()).toEqual(archives);
      expect(await target.open("backup-20200101-000000-0000000000000000.tar.gz")).toBeUndefined();
    } finally {
      await peer.close();
    }
  });

  it("records an unreachable bucket as a failed backup, its archive never half-stored", async () => {
    await ctx.db.delete(jobRuns);
    const target = bucketBackupTarget({
      bucket: "nowhere",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9",
      forcePathStyle: true,
      credentials: { accessKeyId: "x", secretAccessKey: "y" },
      prefix: "backups",
      stagingDir: await folder(),
    });
    const warn = vi.fn();
    await expect(forced(depsWith(target, await mediaFolder(), { log: { ...quiet, warn } }))).rejects.toThrow();
    expect(await lastBackupRun(ctx.db)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    expect(await readdir(target.stagingDir)).toEqual([]);
  });
});

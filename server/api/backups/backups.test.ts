import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupsOverviewSchema, BackupStartedSchema, type BackupsOverview } from "~/contracts/backups";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { jobProgress, jobRuns } from "../../db/schema";
import { DAILY_JOBS_LOCK } from "../../lib/job-lock";
import { MAGIC } from "../../services/backups/crypto";

/**
 * The backups' API (docs/decisions/037-backups.md) as the owner's screens call it: the overview,
 * "Back up now" and an archive's download, on a real database and a real folder.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let dataDir: string;
const JOB_LOCK_SPACE = 0x6a6f6273;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-backups-api-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, BACKUP_KEEP: "3" } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const overview = async (app = ctx.app, headers = auth): Promise<BackupsOverview> => {
  const res = await app.request("/api/admin/backups", { headers });
  expect(res.status, await res.clone().text()).toBe(200);
  const body: unknown = await res.json();
  // Exactly the contract: no field more, none missing.
  expect(BackupsOverviewSchema.strict().parse(body)).toEqual(body);
  return BackupsOverviewSchema.parse(body);
};
const backUpNow = (app = ctx.app, headers = auth) => app.request("/api/admin/backups", { method: "POST", headers });
/**
 * Waits for the backup started by hand to end (every process sees the same rows): no run in
 * progress and a last run recorded. The progress row goes a moment before the run's row is
 * written, so "nothing running" alone can be read in between.
 */
const finished = async (app = ctx.app, headers = auth) => {
  await expect
    .poll(
      async () => {
        const now = await overview(app, headers);
        return now.running === null && now.last_run !== null;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return overview(app, headers);
};

describe("the admin token", () => {
  it.each([
    ["GET", "/api/admin/backups"],
    ["POST", "/api/admin/backups"],
    ["GET", "/api/admin/backups/backup-20261127-080200-3f9a1c2b7d4e5a60.tar.gz"],
  ])("%s %s answers 401 without it, or with a wrong one", async (method, url) => {
    for (const headers of [{}, { Authorization: "Bearer not-a-session" }] as Record<string, string>[]) {
      const res = await ctx.app.request(url, { method, headers });
      expect(res.status).toBe(401);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
  });
});

describe("GET, POST /api/admin/backups and the download", () => {
  it("before the first: no run, no archive, and the schedule with where the archives go", async () => {
    await ctx.db.delete(jobRuns);
    expect(await overview()).toEqual({
      last_run: null,
      last_success_at: null,
      running: null,
      archives: [],
      archives_error: null,
      schedule: {
        hour: 3,
        time_zone: "America/New_York",
        keep: 3,
        target: { kind: "folder", path: path.join(dataDir, "backups") },
        encrypted: false,
      },
    });
  });

  it("Back up now: 202 at once, then the run, its archive in the list, and the download is the stored file", async () => {
    const res = await backUpNow();
    expect(res.status).toBe(202);
    const started = BackupStartedSchema.parse(await res.json());
    const after = await finished();
    expect(after.last_run).toMatchObject({ status: "succeeded", error: null, started_at: started.started_at });
    expect(after.last_success_at).toBe(started.started_at);
    expect(after.archives).toHaveLength(1);
    const [archive] = after.archives;
    expect(after.last_run!.counts.bytes).toBe(archive!.bytes);
    expect(after.last_run!.counts.tables).toBeGreaterThan(10);
    expect(after.last_run!.counts.rows).toBeGreaterThan(0);

    const download = await ctx.app.request(`/api/admin/backups/${archive!.name}`, { headers: auth });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/gzip");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${archive!.name}"`);
    expect(download.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(await readFile(path.join(dataDir, "backups", archive!.name)))).toBe(true);
    expect(bytes.byteLength).toBe(archive!.bytes);
    // A gzip stream, as sent (no second compression on the way).
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  });

  it("answers 409 with an error while a backup runs on any process, or another daily job holds the lock", async () => {
    const other = new Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    try {
      // Another process's run: it holds the daily jobs' lock and writes its progress.
      await other.query("select pg_advisory_lock($1, hashtext($2))", [JOB_LOCK_SPACE, DAILY_JOBS_LOCK]);
      await ctx.db.insert(jobProgress).values({
        job: "backup",
        startedAt: new Date(Date.now() - 5000),
        phase: "files",
        done: 3,
        total: 12,
        item: "files/cove-kayaks.jpg",
      });
      const busy = await backUpNow();
      expect(busy.status).toBe(409);
      expect((await busy.json()).error).toMatch(
        /^A backup is already running \(started .+\).*Wait for it to finish\.$/,
      );
      expect((await overview()).running).toMatchObject({
        phase: "files",
        done: 3,
        total: 12,
        item: "files/cove-kayaks.jpg",
      });

      // The project retention's run: the same lock, no backup progress.
      await ctx.db.delete(jobProgress);
      const retention = await backUpNow();
      expect(retention.status).toBe(409);
      expect((await retention.json()).error).toBe(
        "Another daily job (the project clean-up) is running right now: back up again in a minute.",
      );
    } finally {
      await other.end();
    }
    // A progress row its process stopped writing (it died) is not a run.
    await ctx.db.insert(jobProgress).values({
      job: "backup",
      startedAt: new Date(Date.now() - 120_000),
      updatedAt: new Date(Date.now() - 60_000),
      phase: "tables",
    });
    expect((await overview()).running).toBeNull();
    expect((await backUpNow()).status).toBe(202);
    expect((await finished()).last_run?.status).toBe("succeeded");
  });

  it("keeps the newest BACKUP_KEEP archives", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await backUpNow()).status).toBe(202);
      await finished();
    }
    const { archives } = await overview();
    expect(archives).toHaveLength(3);
    const times = archives.map((a) => a.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it.each([
    ["a path out of the folder", "..%2F..%2Fetc%2Fpasswd"],
    ["a dotted name", "..tar.gz"],
    ["another kind of file", "notes.txt"],
    ["a hidden file", ".incoming.tar.gz"],
  ])("refuses %s with 400 and an error", async (_, name) => {
    const res = await ctx.app.request(`/api/admin/backups/${name}`, { headers: auth });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual(expect.any(String));
  });

  it("answers 404 for an archive's name that is not kept", async () => {
    await writeFile(path.join(dataDir, "backups", "notes.txt"), "not an archive");
    const res = await ctx.app.request("/api/admin/backups/backup-20200101-000000-0000000000000000.tar.gz", {
      headers: auth,
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe(
      "No archive named backup-20200101-000000-0000000000000000.tar.gz: download one of those the list shows.",
    );
  });
});

describe("with BACKUP_ENCRYPTION_KEY (docs/decisions/047-backup-encryption.md)", () => {
  it("says the archives are encrypted, names them .tar.gz.enc and serves them as bytes only a restore reads", async () => {
    const keyDir = await mkdtemp(path.join(os.tmpdir(), "wbt-backups-key-"));
    const keyed = await createTestApp({
      env: { DATA_DIR: keyDir, BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("base64") },
    });
    try {
      const owner = (await createAdminToken(keyed.db)).auth;
      expect((await overview(keyed.app, owner)).schedule.encrypted).toBe(true);
      expect((await backUpNow(keyed.app, owner)).status).toBe(202);
      const [archive] = (await finished(keyed.app, owner)).archives;
      expect(archive!.name).toMatch(/^backup-\d{8}-\d{6}-[0-9a-f]{16}\.tar\.gz\.enc$/);
      const download = await keyed.app.request(`/api/admin/backups/${archive!.name}`, { headers: owner });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("application/octet-stream");
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(bytes.byteLength).toBe(archive!.bytes);
      expect(bytes.subarray(0, MAGIC.length).equals(MAGIC)).toBe(true);
    } finally {
      await keyed.close();
      await rm(keyDir, { recursive: true, force: true });
    }
  });
});

describe("a failed backup", () => {
  it("is recorded with its error and shown, the last good one's time kept; the list says why it cannot be read", async () => {
    const failDir = await mkdtemp(path.join(os.tmpdir(), "wbt-backups-fail-"));
    // The archives' folder is a file: nothing can be written there, nor listed.
    const blocked = path.join(failDir, "backups");
    await writeFile(blocked, "a file where the folder should be");
    const failing = await createTestApp({ env: { DATA_DIR: failDir, BACKUP_DIR: blocked } });
    try {
      const owner = (await createAdminToken(failing.db)).auth;
      const goodAt = new Date(Date.now() - 3 * 24 * 60 * 60_000);
      await failing.db.insert(jobRuns).values({
        job: "backup",
        startedAt: goodAt,
        finishedAt: goodAt,
        status: "succeeded",
        counts: { bytes: 1000, tables: 30, rows: 500, files: 2 },
        lastSucceededAt: goodAt,
      });
      expect((await backUpNow(failing.app, owner)).status).toBe(202);
      const after = await finished(failing.app, owner);
      expect(after.last_run).toMatchObject({ status: "failed", error: expect.stringMatching(/ENOTDIR|EEXIST/) });
      expect(after.last_success_at).toBe(goodAt.toISOString());
      expect(after.archives).toEqual([]);
      expect(after.archives_error).toMatch(/^The archives could not be listed: .*ENOTDIR/);
    } finally {
      await failing.close();
      await rm(failDir, { recursive: true, force: true });
    }
  });
});

describe("the API document", () => {
  it("lists the three operations under Admin: backups, with the bearer token", async () => {
    const doc = (await (await ctx.app.request("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        Record<string, { tags: string[]; security: unknown[]; responses: Record<string, unknown> }>
      >;
    };
    expect(Object.keys(doc.paths["/api/admin/backups"]!).sort()).toEqual(["get", "post"]);
    const download = doc.paths["/api/admin/backups/{name}"]!.get!;
    expect(download.tags).toEqual(["Admin: backups"]);
    expect(Object.keys((download.responses["200"] as { content: object }).content)).toEqual([
      "application/gzip",
      "application/octet-stream",
    ]);
    expect(download.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(doc.paths["/api/admin/backups"]!.post!.responses)).toEqual(
      expect.arrayContaining(["202", "401", "409"]),
    );
  });
});

import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../server/db/embedded";
import { runMigrations } from "../../server/db/migrate";
import { createLogger } from "../../server/lib/logger";
import { localMediaStore } from "../../server/services/media/store";
import {
  alive,
  builtEntry,
  cleanUp,
  postmasterPid,
  runScript as runProjectScript,
  spawnLogged,
  tempDataDir,
  waitForHealth,
  type Spawned,
} from "../support/app-process";
import { dumpTables, fillEveryTable, storeContents } from "../support/backup-site";
import { freePort } from "../support/global-setup";

/**
 * `npm run backup` and `npm run restore` as the owner runs them, on the embedded PostgreSQL: a
 * busy site in one data folder is backed up while its database is in use, restored into a new
 * data folder, and the built app on each serves the same contacts, project, portal and blog.
 */
const dirA = tempDataDir("wbt-backup-a-");
const dirB = tempDataDir("wbt-backup-b-");
const outDir = path.join(tempDataDir("wbt-backup-out-"), "archives");
const processes: Spawned[] = [];
let embeddedA: EmbeddedPostgres | undefined;
let databaseA: DatabaseHandle | undefined;
const log = createLogger("silent");

afterAll(async () => {
  await databaseA?.close();
  await embeddedA?.stop();
  for (const dir of [dirA, dirB]) cleanUp(dir, processes);
  // cleanUp removes a folder a second later, on a timer this fork may not live to run: wait for
  // the PostgreSQL servers to stop, then remove the folders here.
  for (const dir of [dirA, dirB]) {
    const deadline = Date.now() + 20_000;
    const stopped = () => {
      const pid = postmasterPid(dir);
      return !pid || !alive(pid);
    };
    while (!stopped() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const dir of [dirA, dirB, path.dirname(outDir)]) rmSync(dir, { recursive: true, force: true });
});

/** A script as `npm run` starts it (tsx), stopped at the end if it is still running. */
const runScript = (script: string, args: string[], env: Record<string, string>) =>
  runProjectScript(script, args, env, processes);

async function startApp(dataDir: string, pgPort: number) {
  const port = await freePort();
  const app = spawnLogged([builtEntry], { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), PORT: String(port) });
  processes.push(app);
  await waitForHealth(port, 40_000);
  return { app, origin: `http://127.0.0.1:${port}` };
}

describe("npm run backup and npm run restore on the embedded database", () => {
  it("moves a whole site to a new data folder, where the app serves it as before", async () => {
    // A: a site in use, its embedded server held by this process as by a running app.
    const pgA = await freePort();
    embeddedA = await startEmbeddedPostgres({ dataDir: path.join(dirA, "postgres"), port: pgA, log });
    await runMigrations(embeddedA.url);
    databaseA = connectDatabase(embeddedA.url, { max: 3 });
    const storeA = localMediaStore(path.join(dirA, "media"));
    const site = await fillEveryTable(databaseA.db, storeA);

    const backup = await runScript("backup.ts", ["--out", outDir], { DATA_DIR: dirA, EMBEDDED_PG_PORT: String(pgA) });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/^Tables: \d+\/\d+$/m);
    expect(backup.output).toMatch(/^Writing the archive: (\d+)\/\1$/m);
    const file = backup.output.match(/^Backup written: (\/\S+\/backup-\d{8}-\d{6}\.tar\.gz) \(/m)?.[1];
    expect(file, backup.output).toBeDefined();
    expect(path.dirname(file!)).toBe(outDir);

    // The database of a running app is not restored under it.
    const refused = await runScript("restore.ts", [file!, "--replace"], {
      DATA_DIR: dirA,
      EMBEDDED_PG_PORT: String(pgA),
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`Stop the app first (it is running on the embedded database in ${dirA}/postgres)`);

    // B: a new machine's data folder, nothing in it yet.
    const pgB = await freePort();
    const restore = await runScript("restore.ts", [file!], { DATA_DIR: dirB, EMBEDDED_PG_PORT: String(pgB) });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/^Checking the archive: (\d+)\/\1$/m);
    expect(restore.output).toMatch(/^Restored the backup of \S+ \(app \S+, PostgreSQL [\d.]+\):$/m);
    expect(restore.output).toMatch(/^ {2}public\.contacts +\d+ rows$/m);
    expect(restore.output).toMatch(/^ {2}public\.job_runs +1 row$/m);

    // The same rows and files, read before the app on B writes anything of its own.
    const embeddedB = await startEmbeddedPostgres({ dataDir: path.join(dirB, "postgres"), port: pgB, log });
    try {
      expect(await dumpTables(embeddedB.url)).toEqual(await dumpTables(embeddedA.url));
    } finally {
      await embeddedB.stop();
    }
    expect(await storeContents(localMediaStore(path.join(dirB, "media")))).toEqual(await storeContents(storeA));

    // The built app on each folder: the same answers to the owner, the client and a visitor.
    await databaseA.close();
    databaseA = undefined;
    await embeddedA.stop();
    embeddedA = undefined;
    const [a, b] = await Promise.all([startApp(dirA, pgA), startApp(dirB, pgB)]);
    const answer = async (origin: string, url: string, token?: string) => {
      const res = await fetch(`${origin}${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      expect(res.status, `${url} on ${origin}`).toBe(200);
      return res.headers.get("content-type")?.includes("json") ? res.json() : Buffer.from(await res.arrayBuffer());
    };
    const same = async (url: string, token?: string) => {
      const [fromA, fromB] = await Promise.all([answer(a.origin, url, token), answer(b.origin, url, token)]);
      expect(fromB, url).toEqual(fromA);
      return fromB;
    };
    const contactPage = (await same("/api/admin/contacts?limit=100&sort=name", site.adminToken)) as {
      contacts: unknown[];
      total: number;
    };
    expect(contactPage.total).toBeGreaterThan(10);
    await same(`/api/admin/projects/${site.projectId}`, site.adminToken);
    const portal = (await same("/api/client-portal/projects", site.portalToken)) as { projects: { id: string }[] };
    expect(portal.projects.map((p) => p.id)).toEqual([site.projectId]);
    await same(`/api/client-portal/projects/${site.projectId}`, site.portalToken);
    await same(`/api/media/${site.mediaKey}`);
    const page = (await answer(b.origin, `/blog/${site.postSlug}`)) as Buffer;
    expect(page.toString()).toContain(`/api/media/${site.mediaKey}`);

    for (const { app } of [a, b]) app.child.kill("SIGTERM");
    expect((await Promise.all([a.app.exited, b.app.exited])).map((e) => e.code)).toEqual([0, 0]);
  }, 180_000);
});

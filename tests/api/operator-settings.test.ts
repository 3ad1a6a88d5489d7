import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { composeServer, type ComposedServer } from "../../server/compose";
import { connectDatabase, type DatabaseHandle } from "../../server/db/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../server/db/embedded";
import { runMigrations } from "../../server/db/migrate";
import { parseEnv } from "../../server/env";
import { createLogger } from "../../server/lib/logger";
import { createAdmin, listAdmins } from "../../server/services/admin-accounts";
import { cleanUp, runScript as runProjectScript, tempDataDir, type Spawned } from "../support/app-process";
import { createTestDatabase } from "../support/db";
import { freePort } from "../support/global-setup";

/**
 * The operator's commands with the service's settings (README.md "Configuration", "Backups and
 * restore"): `npm run backup` with ENV_FILE naming a file that sets DATABASE_URL backs up that
 * database, and `npm run restore -- FILE --replace` is refused while an app process uses the
 * database (it holds the lock of server/db/app-lock.ts), on a DATABASE_URL and on the embedded
 * database alike, and goes through once the app has stopped.
 */
const dir = tempDataDir("wbt-operator-");
const embeddedDir = tempDataDir("wbt-operator-embedded-");
const processes: Spawned[] = [];
const log = createLogger("silent");
const opened: { close(): Promise<unknown> }[] = [];

afterAll(async () => {
  for (const handle of opened.reverse()) await handle.close().catch(() => {});
  cleanUp(embeddedDir, processes);
  rmSync(dir, { recursive: true, force: true });
});

/** A script as `npm run` starts it (tsx), stopped at the end if it is still running. */
const runScript = (script: string, args: string[], env: Record<string, string>) =>
  runProjectScript(script, args, env, processes);

/** An app process's server on `databaseUrl` as server/index.ts composes it (LISTEN connection and all). */
async function startApp(databaseUrl: string): Promise<ComposedServer & { pool: DatabaseHandle }> {
  const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", BACKUP_HOUR: "off", DATA_DIR: dir });
  const pool = connectDatabase(databaseUrl, { max: 2 });
  const composed = await composeServer(env, { db: pool.db, databaseUrl, log });
  await composed.listen(0, "127.0.0.1");
  return Object.assign(composed, { pool });
}

async function stopApp(app: ComposedServer & { pool: DatabaseHandle }) {
  await app.close();
  await app.pool.close();
}

const APP_RUNNING = "An app process is using this database: stop the service";

describe("the operator's commands with the service's settings", () => {
  it("back up the ENV_FILE's DATABASE_URL, and restore --replace only once no app process uses the database", async () => {
    const database = await createTestDatabase();
    opened.push(database);
    await createAdmin(database.db, { email: "settings.file@example.com", password: "a long enough password 1" });
    const url = new URL(database.url);

    // The settings file, as /etc/ri-web-design.env holds them; the shell gives nothing else.
    const envFile = path.join(dir, "service.env");
    const outDir = path.join(dir, "archives");
    mkdirSync(path.join(dir, "data"), { recursive: true });
    writeFileSync(
      envFile,
      `# the service's settings\nDATABASE_URL=${database.url}\nDATA_DIR=${path.join(dir, "data")}\nMEDIA_STORAGE=local\n`,
    );
    const backup = await runScript("backup.ts", ["--out", outDir], { ENV_FILE: envFile });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(
      `Backing up DATABASE_URL, the database ${url.pathname.slice(1)} on ${url.hostname}:${url.port}`,
    );
    expect(backup.output).toContain(`settings from ${envFile}`);
    if (url.password) expect(backup.output).not.toContain(decodeURIComponent(url.password));
    const file = backup.output.match(/^Backup written: (\/\S+\.tar\.gz) \(/m)?.[1];
    expect(file, backup.output).toBeDefined();

    // A variable set in the shell wins over the file's: here a database that does not exist.
    const shellWins = await runScript("backup.ts", ["--out", outDir], {
      ENV_FILE: envFile,
      DATABASE_URL: `${url.protocol}//${url.username}${url.password ? `:${url.password}` : ""}@${url.host}/no_such_db`,
    });
    expect(shellWins.code).toBe(1);
    expect(shellWins.output).toContain("the database no_such_db on");

    // DATABASE_URL: refused while an app process runs on it, restored once it has stopped.
    const app = await startApp(database.url);
    const refused = await runScript("restore.ts", [file!, "--replace"], { ENV_FILE: envFile });
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain(APP_RUNNING);
    expect(refused.output).toContain("systemctl stop ri-web-design");
    await stopApp(app);
    const restored = await runScript("restore.ts", [file!, "--replace"], { ENV_FILE: envFile });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`into DATABASE_URL, the database ${url.pathname.slice(1)}`);
    expect((await listAdmins(database.db)).map((a) => a.email)).toContain("settings.file@example.com");

    // An ENV_FILE without DATABASE_URL would create a new embedded database: said, and stopped.
    const embeddedEnv = { DATA_DIR: embeddedDir };
    const noUrlFile = path.join(dir, "no-url.env");
    writeFileSync(noUrlFile, `DATA_DIR=${embeddedDir}\n`);
    const pgPort = String(await freePort());
    const noUrl = await runScript("restore.ts", [file!], { ENV_FILE: noUrlFile, EMBEDDED_PG_PORT: pgPort });
    expect(noUrl.code, noUrl.output).toBe(1);
    expect(noUrl.output).toContain("(ENV_FILE) sets no DATABASE_URL");
    expect(noUrl.output).toContain("--embedded");

    // The embedded database: its server held by an app process here, as `npm start` holds it.
    const embedded: EmbeddedPostgres = await startEmbeddedPostgres({
      dataDir: path.join(embeddedDir, "postgres"),
      port: Number(pgPort),
      log,
    });
    opened.push({ close: () => embedded.stop() });
    await runMigrations(embedded.url);
    const embeddedApp = await startApp(embedded.url);
    const args = { ...embeddedEnv, EMBEDDED_PG_PORT: pgPort };
    const refusedEmbedded = await runScript("restore.ts", [file!, "--replace"], args);
    expect(refusedEmbedded.code, refusedEmbedded.output).toBe(1);
    expect(refusedEmbedded.output).toContain(APP_RUNNING);
    await stopApp(embeddedApp);
    await embedded.stop();
    const restoredEmbedded = await runScript("restore.ts", [file!, "--replace"], args);
    expect(restoredEmbedded.code, restoredEmbedded.output).toBe(0);
    expect(restoredEmbedded.output).toContain(`into the embedded database in ${embeddedDir}`);
  }, 180_000);
});

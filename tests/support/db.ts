import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { inject } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/client";
import { runMigrations } from "../../server/db/migrate";
import { migrationsDir } from "../../server/lib/paths";
import { withDatabase } from "./global-setup";

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const adminUrl = inject("pgAdminUrl");
  const template = inject("pgTemplate");
  const name = `t_${template}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const handle = connectDatabase(url, { max: 4 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh database migrated up to, but not including, the migration whose tag
 * starts with `tagPrefix` (e.g. "0006_"): an installation from before that
 * migration, to fill with old rows and then migrate with `runMigrations(url)`.
 * `client` is connected to it; `close()` drops it.
 */
export async function createDatabaseBefore(tagPrefix: string) {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_before_${tagPrefix.replace(/\W/g, "")}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = withDatabase(adminUrl, name);
  const folder = await mkdtemp(path.join(os.tmpdir(), "wbt-migrations-"));
  const client = new Client({ connectionString: url });
  const close = async () => {
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await cp(migrationsDir, folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag.startsWith(tagPrefix));
    if (at <= 0) throw new Error(`no migration after the first one has a tag starting with ${tagPrefix}`);
    journal.entries = journal.entries.slice(0, at);
    await writeFile(journalFile, JSON.stringify(journal));
    await runMigrations(url, folder);
    await client.connect();
  } catch (error) {
    await close();
    throw error;
  }
  return { url, client, close };
}

/**
 * One PostgreSQL per test run: the embedded server in a temporary folder, or
 * the server of DATABASE_URL when set (CI's second run). A migrated template
 * database is made once; each test file clones its own fresh copy from it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createServer } from "node:net";
import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../server/db/embedded";
import { runMigrations } from "../../server/db/migrate";
import { createLogger } from "../../server/lib/logger";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

let embedded: EmbeddedPostgres | undefined;
let tempDir: string | undefined;

export async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = mkdtempSync(path.join(os.tmpdir(), "wbt-test-pg-"));
    embedded = await startEmbeddedPostgres({ dataDir: tempDir, port: await freePort(), log: createLogger("warn") });
    adminUrl = embedded.url;
  }
  const template = `tmpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  await runMigrations(withDatabase(adminUrl, template));
  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);

  return async () => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [template, `t_${template}_%`],
    );
    for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    await client.end();
    await embedded?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}

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

/**
 * A port no one listens on, for an app, a database or a proxy a test starts. Chosen below the
 * kernel's ephemeral range (32768 and up on Linux): a port from listen(0) comes from that range,
 * and the many outgoing connections of the other test files (to PostgreSQL, to the apps) may take
 * it as their own local port before the test's server binds it (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * 22_000);
    if (await canListen(port)) return port;
  }
  throw new Error("no free port found between 10000 and 32000");
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

interface TestServer {
  adminUrl: string;
  template: string;
  stop(): Promise<void>;
}

/** The run's server, shared by the projects of vitest.config.ts (each calls setup): the last one out stops it. */
const SHARED = Symbol.for("wbt.test-postgres");
type Shared = { server: Promise<TestServer>; users: number };
const shared = globalThis as { [SHARED]?: Shared };

async function startServer(): Promise<TestServer> {
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
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
  const url = adminUrl;
  return {
    adminUrl,
    template,
    stop: async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [template, `t_${template}_%`],
      );
      for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
      await client.end();
      await embedded?.stop();
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

export async function setup(project: TestProject) {
  const run = (shared[SHARED] ??= { server: startServer(), users: 0 });
  run.users++;
  const server = await run.server;
  project.provide("pgAdminUrl", server.adminUrl);
  project.provide("pgTemplate", server.template);

  return async () => {
    if (--run.users > 0) return;
    delete shared[SHARED];
    await server.stop();
  };
}

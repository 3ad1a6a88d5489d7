import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";

/**
 * The database of the app under test, as e2e-server.mjs wrote it down: its own database on
 * the server of DATABASE_URL when that is set, else the embedded one it started. Against a
 * server started elsewhere (E2E_BASE_URL), DATABASE_URL itself.
 */
export function e2eDatabaseUrl(): string {
  const infoFile = path.join(os.tmpdir(), `wbt-e2e-${process.env.E2E_PORT ?? "4173"}.json`);
  if (process.env.E2E_BASE_URL && process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const info = JSON.parse(readFileSync(infoFile, "utf8")) as {
    dataDir: string;
    pgPort: string;
    databaseUrl?: string;
  };
  if (info.databaseUrl) return info.databaseUrl;
  const password = readFileSync(path.join(info.dataDir, "postgres", "password"), "utf8").trim();
  return `postgres://postgres:${password}@127.0.0.1:${info.pgPort}/app`;
}

/** Runs one query on the app's database. */
export async function queryAppDb<T extends Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

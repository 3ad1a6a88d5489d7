import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { inject } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/client";
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

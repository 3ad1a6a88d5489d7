import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Client } from "pg";
import { migrationsDir } from "../lib/paths";

/** Any stable 64-bit number: the advisory lock that serialises migrations across app processes. */
const MIGRATION_LOCK_ID = 7_314_227_001;

/** Applies the committed drizzle-kit migrations; several processes may start at once. */
export async function runMigrations(url: string, folder = migrationsDir): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

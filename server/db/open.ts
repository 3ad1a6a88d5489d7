import path from "node:path";
import type { Env } from "../env";
import type { Logger } from "../lib/logger";
import { connectDatabase, type DatabaseHandle } from "./client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded";
import { runMigrations } from "./migrate";

export interface OpenDatabase extends DatabaseHandle {
  url: string;
  embedded?: EmbeddedPostgres;
}

/** DATABASE_URL when set, otherwise the embedded server under DATA_DIR/postgres; migrated either way. */
export async function openDatabase(env: Env, log: Logger): Promise<OpenDatabase> {
  let embedded: EmbeddedPostgres | undefined;
  let url = env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(env.DATA_DIR, "postgres"),
      port: env.EMBEDDED_PG_PORT,
      log,
    });
    url = embedded.url;
  }
  try {
    const started = Date.now();
    await runMigrations(url);
    log.info({ ms: Date.now() - started }, "migrations applied");
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const handle = connectDatabase(url, { max: env.DATABASE_POOL_MAX });
  return { ...handle, url, embedded };
}

import path from "node:path";
import type { Env } from "../env";
import type { Logger } from "../lib/logger";
import { connectDatabase, type DatabaseHandle } from "./client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded";
import { runMigrations } from "./migrate";

export interface OpenDatabase extends DatabaseHandle {
  url: string;
  embedded?: EmbeddedPostgres;
  /** The reports' and exports' own small pool, with a statement timeout (REPORT_POOL_MAX). */
  reports: DatabaseHandle;
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
  const reports = connectReportDatabase(url, env, { local: Boolean(embedded) });
  return {
    ...handle,
    url,
    embedded,
    reports,
    close: async () => {
      await Promise.all([handle.close(), reports.close()]);
    },
  };
}

/**
 * The pool the owner's reports and exports run on: REPORT_POOL_MAX connections beside the
 * visitors' pool, each statement stopped after REPORT_STATEMENT_TIMEOUT_MS, and a longer wait
 * for a connection (a report may queue behind another; a visitor never does). On the embedded
 * server (`local`), whose processes are this machine's, the reports' server processes also run
 * at the lowest CPU priority (nice 19): a report then takes only the CPU the visitors leave over.
 */
export const REPORT_BACKEND_NICE = 19;

export function connectReportDatabase(
  url: string,
  env: Pick<Env, "REPORT_POOL_MAX" | "REPORT_STATEMENT_TIMEOUT_MS">,
  { local = false }: { local?: boolean } = {},
) {
  return connectDatabase(url, {
    max: env.REPORT_POOL_MAX,
    backendNice: local ? REPORT_BACKEND_NICE : undefined,
    statementTimeoutMs: env.REPORT_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMs: 30_000,
  });
}

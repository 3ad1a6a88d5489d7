import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import {
  alive,
  builtEntry,
  postmasterPid,
  spawnLogged,
  tempDataDir,
  waitForHealth,
  type Spawned,
} from "../support/app-process";
import { freePort } from "../support/global-setup";

/**
 * The built app on a database of its own, for a journey that changes what every other journey
 * would see (sending the held e-mails, say): the journeys' shared server and its database are
 * left alone. With DATABASE_URL set (CI's second pass) a fresh database on that server, dropped
 * at the end; otherwise the app's embedded PostgreSQL in a temporary DATA_DIR on a free port.
 * It can be stopped and started again on the same data with other settings (a mail server added).
 */
export interface OwnApp {
  /** e.g. http://127.0.0.1:41234; the same after a restart, so the browser keeps its session. */
  origin: string;
  admin: { email: string; password: string };
  /** SIGTERM, waits for the exit, then starts it again on the same data and port with `env` added. */
  restart(env?: Record<string, string>): Promise<void>;
  /** One query on the app's database (while it runs: the embedded server stops with it). */
  query<T extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /**
   * Closes the app's database to every connection (ALLOW_CONNECTIONS false, and its sessions cut),
   * as an outage or maintenance of the database server would: the app itself keeps running.
   */
  closeDatabase(): Promise<void>;
  /** Opens it again (safe to call when it is open). */
  openDatabase(): Promise<void>;
  /** Stops the app and removes its database and data: safe to call twice, and after a failed start. */
  stop(): Promise<void>;
}

const ADMIN = { email: "owner@mail-setup.test", password: "mail-setup-password-2026" };
const STOP_TIMEOUT_MS = 25_000;

/** On the server of `url`: one statement in its maintenance database. */
async function onServer(url: string, statement: string) {
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function stopProcess(app: Spawned) {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill("SIGTERM");
  const timer = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), STOP_TIMEOUT_MS).unref());
  if ((await Promise.race([app.exited, timer])) === "late") {
    app.child.kill("SIGKILL");
    await app.exited;
  }
}

async function stopOrphanedPostgres(dataDir: string) {
  const pid = postmasterPid(dataDir);
  if (!pid || !alive(pid)) return;
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive(pid)) process.kill(pid, "SIGKILL");
}

export async function startOwnApp(env: Record<string, string> = {}): Promise<OwnApp> {
  const dataDir = tempDataDir("wbt-own-app-");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const processes: Spawned[] = [];
  let database: { name: string; url: string } | undefined;
  let pgPort: number | undefined;

  if (process.env.DATABASE_URL) {
    const name = `wbt_own_${randomBytes(6).toString("hex")}`;
    await onServer(process.env.DATABASE_URL, `CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    database = { name, url: url.toString() };
  } else {
    pgPort = await freePort();
  }

  const baseEnv: Record<string, string> = {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PORT: String(port),
    SITE_URL: origin,
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : { EMBEDDED_PG_PORT: String(pgPort) }),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_FORM_LIMIT: "1000",
    PORTAL_LOOKUP_LIMIT: "1000",
    EMAIL_DAILY_LIMIT: "100000",
  };

  let running: Spawned | undefined;
  async function start(extra: Record<string, string>) {
    const app = spawnLogged([builtEntry], { ...baseEnv, ...extra });
    processes.push(app);
    running = app;
    try {
      await waitForHealth(port, 60_000);
    } catch (error) {
      throw new Error(`The journey's own app did not start: ${String(error)}\n${app.output().slice(-3000)}`, {
        cause: error,
      });
    }
  }

  const databaseUrl = () => {
    if (database) return database.url;
    const password = readFileSync(path.join(dataDir, "postgres", "password"), "utf8").trim();
    return `postgres://postgres:${password}@127.0.0.1:${pgPort}/app`;
  };

  /** One statement on the server's maintenance database, beside the app's own. */
  const onMaintenance = (statement: string) => {
    if (database) return onServer(database.url, statement);
    const url = new URL(databaseUrl());
    url.pathname = "/postgres";
    return onServer(url.toString(), statement);
  };
  const databaseName = () => database?.name ?? "app";

  let stopped = false;
  const own: OwnApp = {
    origin,
    admin: ADMIN,
    async restart(extra = {}) {
      if (running) await stopProcess(running);
      await start({ ...env, ...extra });
    },
    async query(text, values = []) {
      const client = new Client({ connectionString: databaseUrl() });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async closeDatabase() {
      await onMaintenance(`ALTER DATABASE ${databaseName()} ALLOW_CONNECTIONS false`);
      await onMaintenance(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${databaseName()}' AND pid <> pg_backend_pid()`,
      );
    },
    async openDatabase() {
      await onMaintenance(`ALTER DATABASE ${databaseName()} ALLOW_CONNECTIONS true`);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const app of processes) await stopProcess(app);
      // An embedded PostgreSQL a killed app left running is stopped before its folder goes.
      await stopOrphanedPostgres(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
      if (database)
        await onServer(database.url, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`).catch((error: unknown) =>
          console.warn(`Could not drop the journey's database ${database!.name}:`, error),
        );
    },
  };

  try {
    await start(env);
  } catch (error) {
    await own.stop();
    throw error;
  }
  return own;
}

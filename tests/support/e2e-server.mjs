// Starts the built app for the browser journeys on a throwaway data folder, so
// the journeys never touch a developer's own data. With DATABASE_URL set, the
// app uses that server instead (CI's second run), on a database of its own that
// is created for this run and dropped after it: no run sees another's posts,
// nor media rows whose files lived in an earlier run's data folder.
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "wbt-e2e-"));
// As root the embedded PostgreSQL runs as the postgres user, which must reach its folder.
chmodSync(dataDir, 0o755);
const pgPort = String(20000 + Math.floor(Math.random() * 20000));

/** On the server of `url`: runs one statement in its maintenance database. */
async function onServer(url, statement) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
let databaseUrl;
if (process.env.DATABASE_URL) {
  const name = `wbt_e2e_${randomBytes(6).toString("hex")}`;
  await onServer(process.env.DATABASE_URL, `CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const dropDatabase = () =>
  databaseUrl
    ? onServer(databaseUrl, `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`).catch(
        (error) => console.error("Could not drop the journeys' database", error),
      )
    : Promise.resolve();

// The journeys read what the app stored: tell them where its database is (tests/e2e/db.ts).
const infoFile = path.join(os.tmpdir(), `wbt-e2e-${process.env.PORT ?? "4173"}.json`);
writeFileSync(infoFile, JSON.stringify({ dataDir, pgPort, databaseUrl }));
const child = spawn(process.execPath, ["build/server-app/index.js"], {
  stdio: "inherit",
  env: {
    EMBEDDED_PG_PORT: pgPort,
    // The journeys send many forms from one address.
    PUBLIC_FORM_LIMIT: "1000",
    INQUIRY_CREATE_LIMIT: "1000",
    PORTAL_LOOKUP_LIMIT: "1000",
    // Every journey's PDFs, uploads and exports come from one address; each token keeps its own limits.
    CALL_LIMIT_PER_ADDRESS: "10000",
    ADMIN_EMAIL: "owner@websitesbytyler.test",
    ADMIN_PASSWORD: "journeys-password-2026",
    INQUIRY_MESSAGE_LIMIT: "10000",
    // Every journey's lead writes e-mails: keep the daily e-mail limit out of the way.
    EMAIL_DAILY_LIMIT: "100000",
    // This server counts visits as the production host does (with consent), from one address.
    ANALYTICS_HOSTS: `localhost:${process.env.PORT ?? "4173"},127.0.0.1:${process.env.PORT ?? "4173"}`,
    ANALYTICS_RATE_LIMIT: "1000000",
    ...process.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    NODE_ENV: "production",
  },
});
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", async (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(infoFile, { force: true });
  // The owner's saved session (tests/e2e/auth.setup.ts) dies with this server's database.
  rmSync(path.join(os.tmpdir(), `wbt-e2e-${process.env.PORT ?? "4173"}-owner.json`), { force: true });
  await dropDatabase();
  process.exit(code ?? 0);
});

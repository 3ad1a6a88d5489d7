// Starts the built app for the browser journeys on a throwaway data folder, so
// the journeys never touch a developer's own data. With DATABASE_URL set, the
// app uses that server instead (CI's second run).
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "wbt-e2e-"));
// As root the embedded PostgreSQL runs as the postgres user, which must reach its folder.
chmodSync(dataDir, 0o755);
const pgPort = String(20000 + Math.floor(Math.random() * 20000));
// The journeys read what the app stored: tell them where its database is (tests/e2e/db.ts).
const infoFile = path.join(os.tmpdir(), `wbt-e2e-${process.env.PORT ?? "4173"}.json`);
writeFileSync(infoFile, JSON.stringify({ dataDir, pgPort }));
const child = spawn(process.execPath, ["build/server-app/index.js"], {
  stdio: "inherit",
  env: {
    EMBEDDED_PG_PORT: pgPort,
    // The journeys send many forms from one address.
    PUBLIC_FORM_LIMIT: "1000",
    INQUIRY_CREATE_LIMIT: "1000",
    ADMIN_EMAIL: "owner@websitesbytyler.test",
    ADMIN_PASSWORD: "journeys-password-2026",
    INQUIRY_MESSAGE_LIMIT: "10000",
    // Every journey's lead writes e-mails: keep the daily e-mail limit out of the way.
    EMAIL_DAILY_LIMIT: "100000",
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
  },
});
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(infoFile, { force: true });
  process.exit(code ?? 0);
});

import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { builtEntry, spawnLogged, waitForHealth, type Spawned } from "../support/app-process";
import { freePort } from "../support/global-setup";
import { startSmtpServer } from "../support/smtp";
import { e2eDatabaseUrl } from "./db";

/**
 * A second process of the built app beside the journeys' server (tests/support/e2e-server.mjs):
 * the same database and data folder, and a real SMTP peer, so a journey can read the e-mails
 * this process sends and follow a message from one process to the other. The journeys' own
 * server has no SMTP on purpose: other journeys check how the app behaves without one.
 */
export interface SecondApp {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  stop(): Promise<void>;
}

function journeysDataDir(): string {
  const infoFile = path.join(os.tmpdir(), `wbt-e2e-${process.env.E2E_PORT ?? "4173"}.json`);
  return (JSON.parse(readFileSync(infoFile, "utf8")) as { dataDir: string }).dataDir;
}

export async function startSecondApp(): Promise<SecondApp> {
  const smtp = await startSmtpServer();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let app: Spawned | undefined;
  try {
    app = spawnLogged([builtEntry], {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      SITE_URL: origin,
      DATABASE_URL: e2eDatabaseUrl(),
      DATA_DIR: journeysDataDir(),
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: "owner@websitesbytyler.test",
      ADMIN_PASSWORD: "journeys-password-2026",
      PUBLIC_FORM_LIMIT: "1000",
      INQUIRY_CREATE_LIMIT: "1000",
      PORTAL_LOOKUP_LIMIT: "1000",
      INQUIRY_MESSAGE_LIMIT: "10000",
      EMAIL_DAILY_LIMIT: "100000",
    });
    await waitForHealth(port, 40_000);
  } catch (error) {
    app?.child.kill("SIGKILL");
    await smtp.close();
    throw new Error(`The second app process did not start: ${String(error)}\n${app?.output() ?? ""}`, {
      cause: error,
    });
  }
  const running = app;
  return {
    origin,
    smtp,
    async stop() {
      if (running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill("SIGTERM");
        await Promise.race([running.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill("SIGKILL");
      }
      await smtp.close();
    },
  };
}

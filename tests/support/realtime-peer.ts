/**
 * A second app process for the scale-out test: the same app on the same
 * database, serving HTTP and sockets on its own port. Prints `ready <port>`.
 */
import { serve } from "@hono/node-server";
import type { Server } from "node:http";
import { createApp } from "../../server/app";
import { connectDatabase } from "../../server/db/client";
import { parseEnv } from "../../server/env";
import { createLogger } from "../../server/lib/logger";
import { attachRealtime } from "../../server/realtime/realtime";
import { createMailer } from "../../server/services/mail";

const databaseUrl = process.env.DATABASE_URL!;
const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SITE_URL: "http://localhost:3000", ...process.env, PORT: "3000" });
const log = createLogger("silent");
const database = connectDatabase(databaseUrl, { max: 2 });
const mailer = createMailer({ db: database.db, log, from: env.MAIL_FROM });
const app = createApp({ env, db: database.db, log, mailer });
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, async (info) => {
  await attachRealtime(server as Server, { db: database.db, databaseUrl, log, siteUrl: env.SITE_URL, refuseOtherUpgrades: true });
  process.stdout.write(`ready ${info.port}\n`);
});
process.on("SIGTERM", () => process.exit(0));

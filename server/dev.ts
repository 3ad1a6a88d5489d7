/**
 * `npm run dev`: one process like production, with Vite's middleware for
 * modules and hot reload in front of the same Hono app.
 */
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "./app";
import { openDatabase } from "./db/open";
import { parseEnv } from "./env";
import { createLogger } from "./lib/logger";
import { onShutdown } from "./lib/shutdown";
import { createSiteHandler } from "./site/site-handler";
import { createMailer } from "./services/mail";
import { attachRealtime } from "./realtime/realtime";
import { ensureFirstAdmin } from "./services/admin-accounts";
import { seedShippedContentOnStart } from "./services/migration";
import { contentReader, postSitemapEntries } from "./services/posts";

const env = parseEnv({ NODE_ENV: "development", ...process.env });
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase(env, log);
await ensureFirstAdmin(database.db, env);
// A new installation starts with the shipped blog posts and portfolio (content/).
await seedShippedContentOnStart(database.db, log);
const httpServer = createServer();
// Hot reload rides on the app's own port, so several dev servers can run side by side.
const vite = await createViteServer({
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: "custom",
});
const site = createSiteHandler({
  getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  mode: "development",
  content: contentReader(database.db),
});
const mailer = createMailer({ db: database.db, log, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
const app = createApp({ env, db: database.db, log, site, mailer, sitemapSources: [postSitemapEntries(database.db)] });
const listener = getRequestListener(app.fetch);
const server = httpServer.on("request", (req, res) => vite.middlewares(req, res, () => listener(req, res)));
const realtime = await attachRealtime(server, {
  db: database.db,
  databaseUrl: database.url,
  log,
  siteUrl: env.SITE_URL,
  socketLimits: { perAddress: env.INQUIRY_SOCKETS_PER_ADDRESS },
});
server.listen(env.PORT, env.HOST, () => log.info(`dev server on http://localhost:${env.PORT}`));

onShutdown(log, [
  { name: "close the chat sockets", run: () => realtime.close() },
  { name: "close the HTTP server", run: () => new Promise<void>((resolve) => server.close(() => resolve())) },
  {
    name: "close Vite",
    run: () => Promise.race([vite.close(), new Promise<void>((resolve) => setTimeout(resolve, 3000))]),
  },
  { name: "close the database pool", run: () => database.close() },
  { name: "stop the embedded database", run: () => database.embedded?.stop() },
]);

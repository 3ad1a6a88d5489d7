/**
 * `npm run dev`: one process like production (server/compose.ts), with Vite's
 * middleware for modules and hot reload in front of the same Hono app.
 */
import { createServer } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { composeServer } from "./compose";
import { openDatabase } from "./db/open";
import { environmentWith, parseEnv } from "./env";
import { createLogger } from "./lib/logger";
import { onShutdown } from "./lib/shutdown";
import { createSiteHandler } from "./site/site-handler";
import { ensureFirstAdmin } from "./services/admin-accounts";
import { seedShippedContentOnStart } from "./services/migration";
import { contentReader } from "./services/posts";

const env = parseEnv(environmentWith({ NODE_ENV: "development" }));
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
const composed = await composeServer(env, {
  db: database.db,
  reportDb: database.reports.db,
  databaseUrl: database.url,
  log,
  site,
  server: httpServer,
  middleware: (req, res, next) => vite.middlewares(req, res, next),
  onServerError: () => void shutdown("server-error", 1),
});

const shutdown = onShutdown(log, [
  ...composed.shutdownSteps,
  {
    name: "close Vite",
    run: () => Promise.race([vite.close(), new Promise<void>((resolve) => setTimeout(resolve, 3000))]),
  },
  { name: "close the database pool", run: () => database.close() },
  { name: "stop the embedded database", run: () => database.embedded?.stop() },
]);
void composed.listen(env.PORT, env.HOST).then(
  () => log.info(`dev server on http://localhost:${env.PORT}`),
  () => {},
);

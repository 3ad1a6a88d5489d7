import type { ServerBuild } from "react-router";
import { pathToFileURL } from "node:url";
import { composeServer } from "./compose";
import { openDatabase } from "./db/open";
import { EnvError, parseEnv, siteUrlIsSet } from "./env";
import { createLogger } from "./lib/logger";
import { clientBuildDir, serverBuildFile } from "./lib/paths";
import { guarded } from "./lib/guard";
import { onShutdown } from "./lib/shutdown";
import { createSiteHandler } from "./site/site-handler";
import { createMailer } from "./services/mail";
import { ensureFirstAdmin } from "./services/admin-accounts";
import { seedShippedContentOnStart } from "./services/migration";
import { contentReader, isContentPage } from "./services/posts";

const started = performance.now();

async function main() {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);
  if (!siteUrlIsSet()) {
    log.warn(
      `SITE_URL is not set: canonical links, the sitemap and e-mail links use ${env.SITE_URL}. Set it to the public address.`,
    );
  }
  const database = await openDatabase(env, log);
  await ensureFirstAdmin(database.db, env);
  // A new installation starts with the shipped blog posts and portfolio (content/).
  await seedShippedContentOnStart(database.db, log);
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const site = createSiteHandler({
    clientDir: clientBuildDir,
    getBuild: async () => build,
    mode: "production",
    content: contentReader(database.db),
    cacheable: isContentPage,
    analyticsHosts: env.ANALYTICS_HOSTS,
  });
  const mailer = createMailer({ db: database.db, log, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  if (!mailer.smtpConfigured)
    log.info("SMTP_URL is not set: e-mails are kept in the outbox (admin) until SMTP is configured");
  // The app, its sockets, the notifications and the scheduled jobs (server/compose.ts); the
  // shutdown steps are in place before the port opens, so a signal that arrives right after the
  // first request still shuts down cleanly.
  const composed = await composeServer(env, {
    db: database.db,
    reportDb: database.reports.db,
    databaseUrl: database.url,
    log,
    site,
    mailer,
    onServerError: () => void shutdown("server-error", 1),
  });

  const shutdown = onShutdown(log, [
    ...composed.shutdownSteps,
    {
      // Bounded: a connection left waiting on a server that died under it (the embedded one is
      // restarted by its watchdog) must not hold the stop; the database's own stop ends it.
      name: "close the database pool",
      run: () => Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]),
    },
    { name: "stop the embedded database", run: () => database.embedded?.stop() },
  ]);
  // Under `npm start`'s supervisor: tell it the server is up, and stop when it is gone.
  process.channel?.unref();
  process.on(
    "disconnect",
    guarded(log, "the supervisor disconnect handler", () => shutdown("supervisor gone")),
  );
  // A failure to listen (a port in use) is logged and shuts down through onServerError.
  void composed.listen(env.PORT, env.HOST).then(
    guarded(log, "the listen callback", () => {
      log.info(
        {
          port: env.PORT,
          pid: process.pid,
          staticFiles: site.staticCount,
          startupMs: Math.round(performance.now() - started),
        },
        `serving ${env.SITE_URL} on http://localhost:${env.PORT}`,
      );
      if (process.connected)
        process.send?.({ type: "serving", pid: process.pid }, undefined, undefined, (error) => {
          if (error) log.warn({ err: error }, "could not tell the supervisor the server is up");
        });
    }),
    () => {},
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error("The app could not start:", error instanceof Error ? error.message : error);
  }
  process.exit(1);
});

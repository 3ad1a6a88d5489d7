import { createAdaptorServer } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { pathToFileURL } from "node:url";
import { createApp } from "./app";
import { openDatabase } from "./db/open";
import { EnvError, parseEnv } from "./env";
import { createLogger } from "./lib/logger";
import { clientBuildDir, serverBuildFile } from "./lib/paths";
import { guarded } from "./lib/guard";
import { createHttpDrain } from "./lib/http-drain";
import { onShutdown } from "./lib/shutdown";
import { createSiteHandler } from "./site/site-handler";
import { createMailer } from "./services/mail";
import { purgeExpiredRateLimits } from "./services/rate-limit";
import { purgeOldInquiries } from "./services/inquiries";
import { attachRealtime } from "./realtime/realtime";
import { ensureFirstAdmin } from "./services/admin-accounts";
import { seedShippedContentOnStart } from "./services/migration";
import { CONTENT_CHANNEL, contentReader, isContentPage, postSitemapEntries } from "./services/posts";
import { sql } from "drizzle-orm";
import type { Server } from "node:http";
import { createResponseCache } from "./lib/cached-response";
import { CHAT_SETTINGS_CHANNEL } from "./services/chat-settings";

const started = performance.now();

async function main() {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);
  if (!process.env.SITE_URL) {
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
  });
  const mailer = createMailer({ db: database.db, log, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  if (!mailer.smtpConfigured)
    log.info("SMTP_URL is not set: e-mails are kept in the outbox (admin) until SMTP is configured");
  // A post saved on any app process clears every process's rendered content pages.
  const onContentChange = () => {
    site.invalidate();
    void database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`).catch(() => {});
  };
  const publicCache = createResponseCache();
  const app = createApp({
    env,
    db: database.db,
    log,
    site,
    mailer,
    onContentChange,
    publicCache,
    sitemapSources: [postSitemapEntries(database.db)],
  });
  // Failed e-mails are retried with back-off; expired rate-limit windows are cleared.
  const maintenance = setInterval(
    guarded(log, "the maintenance job", () => {
      void mailer.retryDue().catch((error: unknown) => log.error({ err: error }, "retrying e-mails failed"));
      void purgeExpiredRateLimits(database.db).catch((error: unknown) =>
        log.error({ err: error }, "clearing rate limits failed"),
      );
    }),
    60_000,
  );
  // Retention (public-site spec 9): old and abandoned inquiries, hourly.
  const retention = setInterval(
    guarded(log, "purging inquiries", () => purgeOldInquiries(database.db)),
    60 * 60_000,
  );
  retention.unref();
  maintenance.unref();

  // Sockets and the shutdown steps are in place before the port opens, so a
  // signal that arrives right after the first request still shuts down cleanly.
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const http = createHttpDrain(server);
  const realtime = await attachRealtime(server, {
    db: database.db,
    databaseUrl: database.url,
    log,
    siteUrl: env.SITE_URL,
    refuseOtherUpgrades: true,
    socketLimits: { perAddress: env.INQUIRY_SOCKETS_PER_ADDRESS },
  });
  realtime.listener.on(CONTENT_CHANNEL, () => site.invalidate());
  // Cached public API reads follow content and chat-settings changes made on any process.
  realtime.listener.on(CONTENT_CHANNEL, () => publicCache.clear());
  realtime.listener.on(CHAT_SETTINGS_CHANNEL, () => publicCache.clear());
  server.on(
    "error",
    guarded(log, "the HTTP server error handler", (error: Error) => {
      log.fatal({ err: error }, "the HTTP server failed");
      void shutdown("server-error", 1);
    }),
  );

  const shutdown = onShutdown(log, [
    // At once: no new connections, and every answer from now on says Connection: close.
    { name: "stop accepting requests", run: () => void http.drain() },
    { name: "close the chat sockets", run: () => realtime.close() },
    { name: "finish in-flight requests", run: () => http.drain() },
    {
      name: "finish sending e-mails",
      run: () => Promise.race([mailer.settled(), new Promise<void>((r) => setTimeout(r, 5000))]),
    },
    { name: "close the database pool", run: () => database.close() },
    { name: "stop the embedded database", run: () => database.embedded?.stop() },
  ]);
  // Under `npm start`'s supervisor: tell it the server is up, and stop when it is gone.
  process.channel?.unref();
  process.on(
    "disconnect",
    guarded(log, "the supervisor disconnect handler", () => shutdown("supervisor gone")),
  );
  server.listen(
    env.PORT,
    env.HOST,
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

import { createApp } from "../../server/app";
import { parseEnv, type Env } from "../../server/env";
import { createLogger } from "../../server/lib/logger";
import { clientBuildDir } from "../../server/lib/paths";
import { createSiteHandler, type SiteHandler } from "../../server/site/site-handler";
import { createTestDatabase } from "./db";
import { connectReportDatabase } from "../../server/db/open";
import type { Database } from "../../server/db/client";
import { createMailer, type RetryPolicy } from "../../server/services/mail";
import { contentReader, isContentPage, postSitemapEntries } from "../../server/services/posts";
import { composeServer, type ServerDeps } from "../../server/compose";
import { createAnalyticsIngest } from "../../server/services/analytics/ingest";
import { createDailyCaps } from "../../server/services/analytics/guards";
import { loadServerBuild } from "./server-build";

export interface TestAppOptions {
  /** Serve pages from the production build (npm test builds it first). */
  site?: boolean;
  env?: Record<string, string>;
  /** The outbox's waits (tests of retries shorten them). */
  mailPolicy?: Partial<RetryPolicy>;
}

/** Pages and files from the production build, as server/index.ts serves them. */
async function productionSite(db: Database): Promise<SiteHandler> {
  const build = await loadServerBuild();
  return createSiteHandler({
    clientDir: clientBuildDir,
    getBuild: async () => build,
    mode: "production",
    content: contentReader(db),
    cacheable: isContentPage,
  });
}

export async function createTestApp(options: TestAppOptions = {}) {
  const database = await createTestDatabase();
  const env: Env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SITE_URL: "http://localhost:3000",
    ...options.env,
  });
  const site = options.site ? await productionSite(database.db) : undefined;
  const log = createLogger("silent");
  const mailer = createMailer({
    db: database.db,
    log,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    policy: options.mailPolicy,
  });
  // Tests write the queued analytics rows when they want them (analytics.flush()).
  const analytics = createAnalyticsIngest({ db: database.db, log });
  // The analytics daily caps, for tests that fill them without sending every call.
  const analyticsCaps = createDailyCaps();
  // The reports' own pool, as production opens it (server/db/open.ts).
  const reports = connectReportDatabase(database.url, env);
  const app = createApp({
    env,
    db: database.db,
    reportDb: reports.db,
    databaseUrl: database.url,
    log,
    site,
    mailer,
    onContentChange: () => site?.invalidate(),
    sitemapSources: [postSitemapEntries(database.db)],
    analytics,
    analyticsCaps,
  });
  return {
    app,
    env,
    mailer,
    analytics,
    analyticsCaps,
    db: database.db,
    reportDb: reports.db,
    pool: database.pool,
    databaseUrl: database.url,
    close: async () => {
      await mailer.settled();
      await analytics.close();
      await reports.close();
      await database.close();
    },
  };
}

/**
 * The whole server as production composes it (server/compose.ts: the app, its HTTP server, the
 * chat sockets, the notifications and the scheduled jobs), on a fresh test database and a free
 * port. close() runs the server's shutdown steps, then closes the database.
 */
export async function createTestServer(
  options: TestAppOptions & Pick<ServerDeps, "jobIntervals"> & { log?: ServerDeps["log"] } = {},
) {
  const test = await createTestApp(options);
  const log = options.log ?? createLogger("silent");
  // A site of its own: the one in createTestApp's app is not the one this server serves.
  const site = options.site ? await productionSite(test.db) : undefined;
  const composed = await composeServer(test.env, {
    db: test.db,
    reportDb: test.reportDb,
    databaseUrl: test.databaseUrl,
    log,
    site,
    mailer: test.mailer,
    jobIntervals: options.jobIntervals,
  });
  const { port } = await composed.listen(0, "127.0.0.1");
  return {
    ...test,
    composed,
    app: composed.app,
    server: composed.server,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await composed.close();
      await test.close();
    },
  };
}

import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app";
import { parseEnv, type Env } from "../../server/env";
import { createLogger } from "../../server/lib/logger";
import { clientBuildDir, serverBuildFile } from "../../server/lib/paths";
import { createSiteHandler, type SiteHandler } from "../../server/site/site-handler";
import { createTestDatabase } from "./db";
import { createMailer } from "../../server/services/mail";
import { contentReader, isContentPage, postSitemapEntries } from "../../server/services/posts";

export interface TestAppOptions {
  /** Serve pages from the production build (npm test builds it first). */
  site?: boolean;
  env?: Record<string, string>;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const database = await createTestDatabase();
  const env: Env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SITE_URL: "http://localhost:3000",
    ...options.env,
  });
  let site: SiteHandler | undefined;
  if (options.site) {
    if (!existsSync(serverBuildFile))
      throw new Error("No build found: run `npm run build` (npm test does it for you).");
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    site = createSiteHandler({
      clientDir: clientBuildDir,
      getBuild: async () => build,
      mode: "production",
      content: contentReader(database.db),
      cacheable: isContentPage,
    });
  }
  const log = createLogger("silent");
  const mailer = createMailer({ db: database.db, log, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const app = createApp({
    env,
    db: database.db,
    log,
    site,
    mailer,
    onContentChange: () => site?.invalidate(),
    sitemapSources: [postSitemapEntries(database.db)],
  });
  return {
    app,
    env,
    mailer,
    db: database.db,
    pool: database.pool,
    databaseUrl: database.url,
    close: async () => {
      await mailer.settled();
      await database.close();
    },
  };
}

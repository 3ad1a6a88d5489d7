import type { Env } from "../env";
import type { Database } from "../db/client";
import type { Logger } from "./logger";
import type { Mailer } from "../services/mail";
import type { AdminIdentity } from "../services/admin-sessions";
import type { PortalAccess } from "../services/portal-access";
import type { SiteHandler } from "../site/site-handler";
import type { SitemapSource } from "../site/sitemap-source";
import type { ResponseCache } from "./cached-response";
import type { AnalyticsIngest } from "../services/analytics/ingest";
import type { DailyCapCounter } from "../services/analytics/guards";

/** What the HTTP app is built from (server/app.ts); server/compose.ts assembles it. */
export interface AppDeps {
  env: Env;
  db: Database;
  /**
   * The owner's reports and exports (analytics, CSV): their own small pool with a statement
   * timeout, so they never take the visitors' connections (server/db/open.ts).
   */
  reportDb: Database;
  /** The database's address, for work on connections of its own (a backup's snapshot); unset: the pool's. */
  databaseUrl?: string;
  log: Logger;
  mailer: Mailer;
  /** Pages and files; absent in API-only tests. */
  site?: SiteHandler;
  sitemapSources?: SitemapSource[];
  /** Told when posts change, so cached pages are rendered again. */
  onContentChange?: () => void;
  /**
   * Public API reads kept in memory (posts, chat settings); made here when absent.
   * server/compose.ts passes its own to clear it on other processes' NOTIFYs.
   */
  publicCache?: ResponseCache;
  /**
   * Where analytics rows wait for their batched write; made here when absent. server/compose.ts
   * passes its own to write the rest on shutdown.
   */
  analytics?: AnalyticsIngest;
  /** The analytics daily caps of this process (server/services/analytics/guards.ts); made here when absent. */
  analyticsCaps?: DailyCapCounter;
}

/** The Hono environment every route and middleware shares. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    log: Logger;
    requestId: string;
    /** The owner behind an admin route's token (its access step, or the /api/admin/* guard). */
    admin: AdminIdentity;
    /** The client behind a portal route's token (its access step, server/lib/access-step.ts). */
    portalAccess?: PortalAccess;
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer, getRequestListener } from "@hono/node-server";
import { createApp } from "./app";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { createResponseCache } from "./lib/cached-response";
import { guarded } from "./lib/guard";
import { createHttpDrain } from "./lib/http-drain";
import { runBookingReminders, runBusyRefresh } from "./services/bookings/jobs";
import { runScheduledInvoices } from "./services/billing/schedule";
import { runCarePlanInvoices } from "./services/billing/care-plan-invoices";
import { runCarePlanCharges } from "./services/billing/care-plan-charges";
import { runReviewRequests } from "./services/reviews/index";
import { scheduleJobs } from "./lib/jobs";
import { runExclusive } from "./lib/job-lock";
import { mediaStoreFor } from "./services/media/store";
import { sweepOrphanFiles } from "./services/media/orphan-files";
import { sweepRenders } from "./services/billing/pdf-sweep";
import { runSignedCopies } from "./services/billing/documents";
import { pdfPoolFor } from "./services/billing/pdf-pool";
import type { Logger } from "./lib/logger";
import { attachRealtime } from "./realtime/realtime";
import { CHAT_SETTINGS_CHANNEL } from "./services/chat-settings";
import { ACCESS_CHANGED_CHANNEL } from "./services/access-changes";
import { forgetVerifiedSessions } from "./services/admin-sessions";
import { createAnalyticsIngest, purgeOldAnalytics } from "./services/analytics/ingest";
import {
  ROLLUP_CATCH_UP_PAUSE_MS,
  ROLLUP_FIRST_RUN_AFTER_MS,
  rollupsRemain,
  runAnalyticsRollups,
} from "./services/analytics/rollups";
import { purgeOldInquiries } from "./services/inquiries";
import { DAILY_JOB_CHECK_MS } from "./services/job-runs";
import { purgeExpiredPortalAccess } from "./services/portal-access";
import { runProjectRetention } from "./services/projects/retention";
import { backupDepsFor, runScheduledBackup } from "./services/backups/backups";
import { runBillingDaily } from "./services/billing/daily";
import { runQuoteFollowUps } from "./services/billing/follow-ups";
import { createMailer, type Mailer } from "./services/mail";
import { CONTENT_CHANNEL, notifyContentChanged, postSitemapEntries } from "./services/posts";
import { purgeExpiredRateLimits } from "./services/rate-limit";
import { purgeRequestReplays } from "./lib/write-replay";
import type { SiteHandler } from "./site/site-handler";

/** How long a shutdown waits for e-mails being sent before it goes on. */
const MAIL_SETTLE_MS = 5000;
/** How long an idle connection of a client on the port itself stays open (no proxy in front). */
const DIRECT_KEEP_ALIVE_MS = 65_000;

export interface ServerDeps {
  db: Database;
  /** The reports' and exports' own pool (server/db/open.ts); the main one when absent (tests). */
  reportDb?: Database;
  /** For LISTEN (content and chat-settings changes, chat sockets across processes). */
  databaseUrl: string;
  log: Logger;
  /** Pages and files; absent in API-only tests. */
  site?: SiteHandler;
  /** Made here (SMTP_URL, MAIL_FROM) when absent. */
  mailer?: Mailer;
  /**
   * Development: Vite's middleware answers first and passes on what is not its own to the app.
   * Its hot reload then shares the server's socket upgrades, which are no longer refused.
   */
  middleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** An HTTP server made beforehand (development: Vite's hot reload is attached to it). */
  server?: Server;
  /** Told when the HTTP server fails (a port in use); it is logged in any case. */
  onServerError?: (error: Error) => void;
  /** The jobs' periods; tests shorten them. */
  jobIntervals?: {
    maintenanceMs?: number;
    retentionMs?: number;
    sweepMs?: number;
    firstSweepAfterMs?: number;
    rollupMs?: number;
    firstRollupAfterMs?: number;
    dailyCheckMs?: number;
    firstDailyCheckAfterMs?: number;
    backupCheckMs?: number;
    firstBackupCheckAfterMs?: number;
    busyFeedMs?: number;
  };
}

export type ComposedServer = Awaited<ReturnType<typeof composeServer>>;

/**
 * The whole server, as production runs it: the app, its HTTP server, the chat sockets, the
 * content-change and chat-settings notifications that clear the page cache and the cached public
 * API reads on every process, and the scheduled jobs. server/index.ts, server/dev.ts and the test
 * harness all build it here. The database is the caller's: opened before, closed after close().
 */
export async function composeServer(env: Env, deps: ServerDeps) {
  const { db, log, site } = deps;
  const mailer = deps.mailer ?? createMailer({ db, log, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const publicCache = createResponseCache();
  // Analytics rows wait in memory and are written in batches; the shutdown writes the rest.
  const analytics = createAnalyticsIngest({ db, log });
  // A post saved on any app process clears every process's rendered content pages.
  const onContentChange = () => {
    site?.invalidate();
    void notifyContentChanged(db).catch(() => {});
  };
  const app = createApp({
    env,
    db,
    reportDb: deps.reportDb ?? db,
    databaseUrl: deps.databaseUrl,
    log,
    site,
    mailer,
    onContentChange,
    publicCache,
    analytics,
    sitemapSources: [postSitemapEntries(db)],
  });

  // Failed e-mails are retried with back-off; expired rate-limit windows are cleared;
  // retention (docs/product/data-and-retention.md "Retention"): old and abandoned inquiries,
  // analytics past 2 years (their daily rollups stay), the visitor salts of past days and spent or
  // expired portal sign-in links and sessions, hourly.
  // Stored files no row references (an upload cut by a crash), and kept PDFs gone stale, at start
  // and daily, on one process.
  // Analytics rollups (docs/decisions/031-analytics-rollups.md): every finished day without one,
  // seconds after start, then every 10 minutes so the day that closed at midnight is summed soon after; a
  // backlog (after an upgrade or an import) a batch at a time, newest first, one batch after
  // another until none is left (decision 049).
  // The daily jobs (project retention: docs/decisions/036-project-retention.md): each process asks
  // hourly, and a minute after it starts, whether one is due; one process runs it. The backup
  // (docs/decisions/037-backups.md) asks a minute later, so a retention run due at the same
  // check goes first and the archive holds what stays; BACKUP_HOUR=off schedules none.
  const maintenanceMs = deps.jobIntervals?.maintenanceMs ?? 60_000;
  const retentionMs = deps.jobIntervals?.retentionMs ?? 60 * 60_000;
  const sweepMs = deps.jobIntervals?.sweepMs ?? 24 * 60 * 60_000;
  const rollupMs = deps.jobIntervals?.rollupMs ?? 10 * 60_000;
  const dailyCheckMs = deps.jobIntervals?.dailyCheckMs ?? DAILY_JOB_CHECK_MS;
  const jobs = scheduleJobs(log, [
    { name: "retrying e-mails", everyMs: maintenanceMs, run: () => mailer.retryDue() },
    { name: "clearing rate limits", everyMs: maintenanceMs, run: () => purgeExpiredRateLimits(db) },
    // Bookings (docs/product/bookings.md): reminders a day and an hour before, every minute; the
    // owner's calendar read for busy times every five minutes, and soon after the start.
    {
      name: "queuing booking reminders",
      everyMs: maintenanceMs,
      run: () => runBookingReminders({ db, mailer, env }),
    },
    // Review requests (docs/product/reviews.md "The request"): each project's, once due, every minute.
    { name: "queuing review requests", everyMs: maintenanceMs, run: () => runReviewRequests({ db, mailer, env }) },
    {
      name: "reading the owner's calendar feed",
      everyMs: deps.jobIntervals?.busyFeedMs ?? 5 * 60_000,
      firstAfterMs: deps.jobIntervals?.firstSweepAfterMs ?? 20_000,
      run: () => runBusyRefresh({ db, log }),
    },
    // Quote follow-ups (docs/product/billing.md "Follow-ups"): a nudge to a client who has not opened
    // a sent quote, a reminder before an opened one expires; each once, checked every minute.
    {
      name: "queuing quote follow-ups",
      everyMs: maintenanceMs,
      run: () => runQuoteFollowUps({ db, mailer, siteUrl: env.SITE_URL }),
    },
    // Payment schedules (docs/product/billing.md "Payment schedules"): the payments that fall due on a
    // date or N days after acceptance (and a Launch no change caught), invoiced once each, every minute.
    {
      name: "invoicing scheduled payments",
      everyMs: maintenanceMs,
      run: () => runScheduledInvoices({ db, mailer, siteUrl: env.SITE_URL, ownerEmail: env.OWNER_EMAIL }),
    },
    // Care plans (docs/product/billing.md "Care plans"): each period's invoice written and sent its
    // lead days before it is due, once each, the periods missed while no process ran caught up in order.
    {
      name: "invoicing care plans",
      everyMs: maintenanceMs,
      run: () => runCarePlanInvoices({ db, mailer, siteUrl: env.SITE_URL, ownerEmail: env.OWNER_EMAIL }),
    },
    // Care plans paid automatically (decision 062): each invoice charged to the saved card on its
    // due date, once; the outcome comes from Stripe's signed webhook.
    {
      name: "charging care plans' saved cards",
      everyMs: maintenanceMs,
      run: () => runCarePlanCharges({ db, mailer, siteUrl: env.SITE_URL, ownerEmail: env.OWNER_EMAIL, env, log }),
    },
    {
      name: "clearing the answers kept for writes sent twice",
      everyMs: maintenanceMs,
      run: () => purgeRequestReplays(db),
    },
    { name: "purging inquiries", everyMs: retentionMs, run: () => purgeOldInquiries(db) },
    { name: "purging analytics", everyMs: retentionMs, run: () => purgeOldAnalytics(db) },
    { name: "purging portal sign-in links", everyMs: retentionMs, run: () => purgeExpiredPortalAccess(db) },
    {
      name: "removing unreferenced media files",
      everyMs: sweepMs,
      firstAfterMs: deps.jobIntervals?.firstSweepAfterMs ?? 30_000,
      run: () => runExclusive(db, "orphan-files", () => sweepOrphanFiles({ db, store: mediaStoreFor(env), log })),
    },
    // Kept billing PDFs no longer their document's current render (docs/decisions/045-pdfs-rendered-once.md).
    {
      name: "removing stale kept PDFs",
      everyMs: sweepMs,
      firstAfterMs: deps.jobIntervals?.firstSweepAfterMs ?? 30_000,
      run: () => runExclusive(db, "pdf-renders", () => sweepRenders({ db, store: mediaStoreFor(env), log })),
    },
    // Accepted quotes' signed PDFs not kept yet: after each acceptance, and every minute for what
    // a failure or a crash left (decision 056).
    {
      name: "keeping accepted quotes' signed PDFs",
      everyMs: maintenanceMs,
      firstAfterMs: deps.jobIntervals?.firstSweepAfterMs ?? 30_000,
      againAfterMs: 1_000,
      run: () => runSignedCopies({ db, store: mediaStoreFor(env), pool: pdfPoolFor(env), log }),
    },
    {
      name: "rolling up analytics",
      everyMs: rollupMs,
      firstAfterMs: deps.jobIntervals?.firstRollupAfterMs ?? ROLLUP_FIRST_RUN_AFTER_MS,
      againAfterMs: ROLLUP_CATCH_UP_PAUSE_MS,
      run: async () => rollupsRemain(await runAnalyticsRollups(db, log)),
    },
    {
      name: "removing projects past their retention",
      everyMs: dailyCheckMs,
      firstAfterMs: deps.jobIntervals?.firstDailyCheckAfterMs ?? 60_000,
      run: () => runProjectRetention({ db, store: mediaStoreFor(env), log }),
    },
    // Quotes past their day expire; invoice reminders go out on the due date and a week after
    // (docs/product/billing.md "Invoices"), once per business day, on one process.
    {
      name: "expiring quotes and queuing invoice reminders",
      everyMs: dailyCheckMs,
      firstAfterMs: deps.jobIntervals?.firstDailyCheckAfterMs ?? 60_000,
      run: () => runBillingDaily({ db, mailer, siteUrl: env.SITE_URL, log }),
    },
    ...(env.BACKUP_HOUR === null
      ? []
      : [
          {
            name: "backing up the database and the media files",
            everyMs: deps.jobIntervals?.backupCheckMs ?? DAILY_JOB_CHECK_MS,
            firstAfterMs: deps.jobIntervals?.firstBackupCheckAfterMs ?? 2 * 60_000,
            run: () => runScheduledBackup(backupDepsFor(env, { db, databaseUrl: deps.databaseUrl, log })),
          },
        ]),
  ]);

  // Sockets and the shutdown steps are in place before the port opens, so a
  // signal that arrives right after the first request still shuts down cleanly.
  let server: Server;
  if (deps.middleware || deps.server) {
    const listener = getRequestListener(app.fetch);
    const middleware = deps.middleware;
    server = (deps.server ?? createServer()).on(
      "request",
      middleware ? (req, res) => middleware(req, res, () => void listener(req, res)) : listener,
    );
  } else {
    server = createAdaptorServer({ fetch: app.fetch }) as Server;
  }
  // A client straight on this port (a monitor, a script, a test runner) keeps an idle connection
  // until the server closes it: Node 20's own keep-alive Agent ignores the `Keep-Alive: timeout`
  // hint unless it has a timeout of its own. At Node's 5 s default the close races such a client's
  // next request, which is then reset and not sent again. Behind the proxy, which closes its idle
  // connections after 4 s (deploy/nginx), the default stays.
  if (env.TRUST_PROXY === 0) server.keepAliveTimeout = DIRECT_KEEP_ALIVE_MS;
  // Behind a proxy, a stopping process leaves its idle connections for the proxy to close
  // (server/lib/http-drain.ts): by then Node's own keep-alive timeout has closed any the proxy did not.
  const http = createHttpDrain(server, { idleGraceMs: env.TRUST_PROXY > 0 ? server.keepAliveTimeout : 0 });
  const realtime = await attachRealtime(server, {
    db,
    databaseUrl: deps.databaseUrl,
    log,
    siteUrl: env.SITE_URL,
    refuseOtherUpgrades: !deps.middleware,
    socketLimits: { perAddress: env.INQUIRY_SOCKETS_PER_ADDRESS },
    trustProxy: env.TRUST_PROXY,
  });
  if (site) realtime.listener.on(CONTENT_CHANNEL, () => site.invalidate());
  // Cached public API reads follow content and chat-settings changes made on any process.
  realtime.listener.on(CONTENT_CHANNEL, () => publicCache.clear());
  realtime.listener.on(CHAT_SETTINGS_CHANNEL, () => publicCache.clear());
  // A session ended on any process: the sessions this one verified lately are read again.
  realtime.listener.on(ACCESS_CHANGED_CHANNEL, forgetVerifiedSessions);
  realtime.listener.onReset(forgetVerifiedSessions);
  server.on(
    "error",
    guarded(log, "the HTTP server error handler", (error: Error) => {
      log.fatal({ err: error }, "the HTTP server failed");
      deps.onServerError?.(error);
    }),
  );

  /** The server's part of a graceful stop, in order; the caller closes the database after them. */
  const shutdownSteps = [
    {
      // At once: no job starts again, no new connections, and every answer from now on says Connection: close.
      name: "stop accepting requests",
      run: () => {
        jobs.stop();
        void http.drain();
      },
    },
    { name: "close the chat sockets", run: () => realtime.close() },
    { name: "finish in-flight requests", run: () => http.drain() },
    { name: "write the buffered analytics", run: () => analytics.close() },
    {
      name: "finish sending e-mails",
      run: async () => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([mailer.settled(), new Promise<void>((r) => (timer = setTimeout(r, MAIL_SETTLE_MS)))]);
        clearTimeout(timer);
      },
    },
  ];

  return {
    app,
    server,
    mailer,
    realtime,
    publicCache,
    analytics,
    shutdownSteps,
    /** Whether close() (or the shutdown) has begun: scheduled jobs no longer run. */
    get closing() {
      return jobs.closing;
    },
    /** Opens the port (0: any free one) and answers the address once it listens. */
    listen(port: number, host?: string): Promise<AddressInfo> {
      return new Promise((resolve, reject) => {
        const failed = (error: Error) => reject(error);
        server.once("error", failed);
        server.listen(port, host, () => {
          server.off("error", failed);
          resolve(server.address() as AddressInfo);
        });
      });
    },
    /** Runs the shutdown steps in order (tests; the processes go through server/lib/shutdown.ts). */
    async close() {
      for (const step of shutdownSteps) await step.run();
    },
  };
}

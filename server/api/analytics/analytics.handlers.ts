import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { site } from "~/config/site";
import { resolveRange } from "~/contracts/analytics-report";
import type { AppEnv } from "../../lib/app-env";
import { clientIp } from "../../lib/client-ip";
import { jsonError } from "../../lib/http-errors";
import {
  createVisitorHasher,
  isBotUserAgent,
  pageviewOrigin,
  splitPath,
  type AnalyticsIngest,
  type NewAnalyticsRow,
} from "../../services/analytics/ingest";
import { isSpamReferrer, type DailyCapCounter } from "../../services/analytics/guards";
import { addressIdOf } from "./analytics-front-door";
import { analyticsReport } from "../../services/analytics/report";
import { analyticsReportCsv } from "../../services/analytics/report-csv";
import * as routes from "./analytics.routes";
import { registerAnalyticsExclusionRoutes } from "./analytics-exclusions.handlers";

/** A report stopped by the report pool's statement timeout (REPORT_STATEMENT_TIMEOUT_MS). */
export const REPORT_TOO_SLOW =
  "This report took too long to compute. Choose a shorter range, or try again in a minute.";
const REPORT_RETRY_AFTER_SECONDS = 60;

/**
 * PostgreSQL's query_canceled (SQLSTATE 57014): what statement_timeout raises. Not an outage
 * (server/db/unavailable.ts leaves it alone), and not our bug either: the range was too heavy
 * for now. Drizzle wraps the driver's error, so the causes are looked at too.
 */
export function isStatementTimeout(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  if ("code" in error && error.code === "57014") return true;
  return "cause" in error && isStatementTimeout(error.cause, depth + 1);
}

/**
 * Visit counting and the owner's figures (contracts in analytics.routes.ts). `caps` are the daily
 * caps of the front door (guardAnalytics in analytics-front-door.ts, registered before the API
 * reads any body), which checks them first.
 */
export function registerAnalyticsRoutes(app: OpenAPIHono<AppEnv>, ingest: AnalyticsIngest, caps: DailyCapCounter) {
  let visitorHash: ReturnType<typeof createVisitorHasher> | undefined;

  /**
   * Queues the row unless the browser is a bot's, the referrer a known spammer's, or its address
   * or visitor over the daily cap (docs/decisions/033-analytics-flood.md): all decided in memory,
   * before any database work, and the pageviews kept out are counted for the report. The address
   * and the browser only make the visitor's hash: neither is kept.
   */
  const record = async (c: Context<AppEnv>, row: Omit<NewAnalyticsRow, "visitor">, bodyUserAgent?: string) => {
    const { db, env } = c.var.deps;
    const userAgent = c.req.header("user-agent");
    if (isBotUserAgent(userAgent) || (bodyUserAgent && bodyUserAgent !== userAgent && isBotUserAgent(bodyUserAgent)))
      return;
    const pageview = row.kind === "pageview";
    if (pageview && isSpamReferrer(row.referrerHost ?? null)) return ingest.keepOut(caps.day(), "spamReferrer");
    const address = clientIp(c, env.TRUST_PROXY);
    const byAddress = caps.addressById(addressIdOf(c) ?? caps.addressId(address), pageview);
    if (!byAddress.allowed) return pageview ? ingest.keepOut(byAddress.day, "overCap") : undefined;
    visitorHash ??= createVisitorHasher(db);
    const visitor = await visitorHash(address, userAgent ?? "");
    const byVisitor = caps.visitor(visitor, pageview);
    if (!byVisitor.allowed) return pageview ? ingest.keepOut(byVisitor.day, "overCap") : undefined;
    ingest.add({ ...row, visitor });
  };
  const accepted = (c: Context<AppEnv>) => c.json({ accepted: true as const }, 202);

  let siteHosts: string[] | undefined;
  app.openapi(routes.pageviewRoute, async (c) => {
    const body = c.req.valid("json");
    const { path, utmSource, utmMedium, utmCampaign } = splitPath(body.path);
    siteHosts ??= [new URL(c.var.deps.env.SITE_URL).host.toLowerCase(), site.productionHost];
    const host = c.req.header("host")?.toLowerCase();
    const ownHosts = host ? [host, ...siteHosts] : siteHosts;
    await record(
      c,
      {
        kind: "pageview",
        path,
        ...pageviewOrigin(body.referrer, ownHosts),
        utmSource,
        utmMedium,
        utmCampaign,
      },
      body.userAgent,
    );
    return accepted(c);
  });

  app.openapi(routes.scrollRoute, async (c) => {
    const body = c.req.valid("json");
    await record(c, { kind: "scroll", path: splitPath(body.path).path, scrollDepth: body.scrollDepth });
    return accepted(c);
  });

  app.openapi(routes.eventRoute, async (c) => {
    const body = c.req.valid("json");
    // A Project ID opens its project in the client portal: that one was sent is enough here.
    const { seconds, project_id: _projectId, ...props } = body.params ?? {};
    await record(c, {
      kind: "event",
      name: body.event,
      path: splitPath(body.path).path,
      seconds: seconds ?? null,
      props: Object.keys(props).length > 0 ? props : null,
    });
    return accepted(c);
  });

  registerAnalyticsExclusionRoutes(app);

  /** The report of the range, or the answer that it took too long (503 with Retry-After). */
  const report = async (c: Context<AppEnv>, range: { from: string; to: string }) => {
    try {
      return await analyticsReport(c.var.deps.reportDb, range.from, range.to, {
        fillBudgetMs: c.var.deps.env.REPORT_FILL_BUDGET_MS,
        fillDb: c.var.deps.db,
      });
    } catch (error) {
      if (!isStatementTimeout(error)) throw error;
      c.var.log.warn({ ...range }, "an analytics report hit the statement timeout");
      c.header("Retry-After", String(REPORT_RETRY_AFTER_SECONDS));
      return jsonError(c, 503, REPORT_TOO_SLOW);
    }
  };

  app.openapi(routes.reportRoute, async (c) => {
    const range = resolveRange(c.req.valid("query"), site.timeZone);
    const result = await report(c, range);
    return result instanceof Response ? result : c.json(result, 200);
  });

  app.openapi(routes.reportCsvRoute, async (c) => {
    const { from, to } = resolveRange(c.req.valid("query"), site.timeZone);
    const result = await report(c, { from, to });
    if (result instanceof Response) return result;
    return c.body(`\uFEFF${analyticsReportCsv(result)}`, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${from}-to-${to}.csv"`,
      "Cache-Control": "no-store",
    });
  });
}

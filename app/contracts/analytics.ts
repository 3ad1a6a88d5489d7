import { z } from "~/contracts/zod";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";
import { analyticsPaths } from "./analytics-paths";
import { AnalyticsEventSchema, PageviewSchema, ScrollSchema } from "./analytics-bodies";
import {
  ExclusionAnswerSchema,
  ExclusionDeletedSchema,
  ExclusionListSchema,
  NewExclusionSchema,
} from "./analytics-exclusions";
import { AnalyticsCsvSchema, AnalyticsRangeQuerySchema, AnalyticsReportSchema } from "./analytics-report";

/** Every counting call's answer once its body is valid (a bot's too, left out of the counts). */
export const AnalyticsAcceptedSchema = z
  .object({ accepted: z.literal(true) })
  .meta({ id: "AnalyticsAccepted", example: { accepted: true } });

/**
 * Visit counting (docs/product/consent-and-analytics.md "What is counted", "On the server";
 * docs/decisions/024-analytics.md), the owner's figures and what the owner leaves out of them
 * (docs/decisions/033-analytics-flood.md). The counting calls go out from pages whose visitor said
 * yes, with `keepalive`, by address (app/contracts/public-paths.ts): the capture code reads no
 * answer, so it loads no schema.
 */
export const analyticsEndpoints = {
  /** A page was viewed (sent 1 s after each route change). */
  pageview: endpoint({
    method: "post",
    path: analyticsPaths.pageview,
    access: "public",
    body: PageviewSchema,
    answer: AnalyticsAcceptedSchema,
    status: 202,
  }),
  /** How far a page was scrolled (sent 2 s after the deepest point last grew). */
  scroll: endpoint({
    method: "post",
    path: analyticsPaths.scroll,
    access: "public",
    body: ScrollSchema,
    answer: AnalyticsAcceptedSchema,
    status: 202,
  }),
  /** Something a visitor did: a form sent, a link clicked, a chat, time on the page. */
  event: endpoint({
    method: "post",
    path: analyticsPaths.event,
    access: "public",
    body: AnalyticsEventSchema,
    answer: AnalyticsAcceptedSchema,
    status: 202,
  }),
  /** The figures for a range of days (the last 30 without one). */
  report: endpoint({
    method: "get",
    path: "/api/admin/analytics",
    access: "admin",
    query: AnalyticsRangeQuerySchema,
    answer: AnalyticsReportSchema,
  }),
  /** The same figures as a CSV download. */
  reportCsv: endpoint({
    method: "get",
    path: "/api/admin/analytics.csv",
    access: "admin",
    query: AnalyticsRangeQuerySchema,
    answer: AnalyticsCsvSchema,
    contentType: "text/csv",
  }),
  /** The pages, referrers and UTM sources left out of the reports, oldest first. */
  listExclusions: endpoint({
    method: "get",
    path: "/api/admin/analytics/exclusions",
    access: "admin",
    answer: ExclusionListSchema,
  }),
  /** Leave one out (201; 200 with it when it already was). */
  addExclusion: endpoint({
    method: "post",
    path: "/api/admin/analytics/exclusions",
    access: "admin",
    body: NewExclusionSchema,
    answer: ExclusionAnswerSchema,
    status: 201,
  }),
  /** Count one in the reports again. */
  removeExclusion: endpoint({
    method: "delete",
    path: "/api/admin/analytics/exclusions/{id}",
    access: "admin",
    params: IdParam,
    answer: ExclusionDeletedSchema,
  }),
};

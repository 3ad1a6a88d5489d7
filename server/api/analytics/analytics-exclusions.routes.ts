import { createRoute } from "@hono/zod-openapi";
import {
  ExclusionAnswerSchema,
  ExclusionDeletedSchema,
  ExclusionListSchema,
  NewExclusionSchema,
} from "~/lib/admin/analytics-exclusions";
import { adminErrors, errorResponses, IdParam, json, jsonBody, notFound } from "../../lib/openapi";

/**
 * The pages, referrers and UTM sources the owner takes out of the analytics reports with one
 * click (docs/decisions/033-analytics-flood.md). The report, its CSV and the screen leave them
 * out of their lists until they are included again; nothing counted is deleted.
 */

const tags = ["Admin: analytics"];
const security = [{ bearerAuth: [] }];

export const listExclusionsRoute = createRoute({
  method: "get",
  path: "/api/admin/analytics/exclusions",
  tags,
  security,
  summary: "The pages, referrers and UTM sources left out of the reports",
  responses: { 200: json(ExclusionListSchema, "Every exclusion, oldest first"), ...adminErrors },
});

export const addExclusionRoute = createRoute({
  method: "post",
  path: "/api/admin/analytics/exclusions",
  tags,
  security,
  summary: "Leave a page, a referrer or a UTM source out of the reports",
  description:
    "The value is the path, host or source exactly as the report shows it. Excluding one already excluded answers 200 with it.",
  request: jsonBody(NewExclusionSchema, "What to leave out"),
  responses: {
    201: json(ExclusionAnswerSchema, "Excluded"),
    200: json(ExclusionAnswerSchema, "It was already excluded"),
    ...adminErrors,
    ...errorResponses([409], { 409: "The most exclusions are stored already: include some again first" }),
  },
});

export const removeExclusionRoute = createRoute({
  method: "delete",
  path: "/api/admin/analytics/exclusions/{id}",
  tags,
  security,
  summary: "Include a page, referrer or UTM source in the reports again",
  request: { params: IdParam },
  responses: { 200: json(ExclusionDeletedSchema, "Included again"), ...adminErrors, ...notFound },
});

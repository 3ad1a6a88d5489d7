import { analyticsEndpoints as endpoints } from "~/contracts/analytics";
import { ExclusionAnswerSchema } from "~/contracts/analytics-exclusions";
import { adminErrors, errorResponses, json, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/**
 * The pages, referrers and UTM sources the owner takes out of the analytics reports with one
 * click (docs/decisions/033-analytics-flood.md). The report, its CSV and the screen leave them
 * out of their lists until they are included again; nothing counted is deleted.
 */

const tags = ["Admin: analytics"];

export const listExclusionsRoute = routeOf(endpoints.listExclusions, {
  tags,
  summary: "The pages, referrers and UTM sources left out of the reports",
  answer: "Every exclusion, oldest first",
  responses: adminErrors,
});

export const addExclusionRoute = routeOf(endpoints.addExclusion, {
  tags,
  summary: "Leave a page, a referrer or a UTM source out of the reports",
  description:
    "The value is the path, host or source exactly as the report shows it. Excluding one already excluded answers 200 with it.",
  bodyDescription: "What to leave out",
  answer: "Excluded",
  responses: {
    200: json(ExclusionAnswerSchema, "It was already excluded"),
    ...adminErrors,
    ...errorResponses([409], { 409: "The most exclusions are stored already: include some again first" }),
  },
});

export const removeExclusionRoute = routeOf(endpoints.removeExclusion, {
  tags,
  summary: "Include a page, referrer or UTM source in the reports again",
  answer: "Included again",
  responses: { ...adminErrors, ...notFound },
});

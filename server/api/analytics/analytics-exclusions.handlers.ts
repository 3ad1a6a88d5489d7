import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import {
  addExclusion,
  listExclusions,
  removeExclusion,
  TooManyExclusionsError,
} from "../../services/analytics/exclusions";
import * as routes from "./analytics-exclusions.routes";

/** The owner's exclusions from the analytics reports (contracts in analytics-exclusions.routes.ts). */
export function registerAnalyticsExclusionRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listExclusionsRoute, async (c) =>
    c.json({ exclusions: await listExclusions(c.var.deps.db) }, 200),
  );

  app.openapi(routes.addExclusionRoute, async (c) => {
    try {
      const { exclusion, created } = await addExclusion(c.var.deps.db, c.req.valid("json"));
      return created ? c.json({ exclusion }, 201) : c.json({ exclusion }, 200);
    } catch (error) {
      if (error instanceof TooManyExclusionsError) return jsonError(c, 409, error.message);
      throw error;
    }
  });

  app.openapi(routes.removeExclusionRoute, async (c) => {
    const removed = await removeExclusion(c.var.deps.db, c.req.valid("param").id);
    if (!removed) return jsonError(c, 404, "No such exclusion: it may have been included again already.");
    return c.json({ success: true as const }, 200);
  });
}

import { createRoute } from "@hono/zod-openapi";
import { DailyJobsSchema } from "~/lib/admin/jobs";
import { adminErrors, json } from "../../lib/openapi";

/**
 * The daily jobs' last runs (docs/decisions/036-project-retention.md): what the owner's settings
 * screen shows under "Data retention".
 */
export const dailyJobsRoute = createRoute({
  method: "get",
  path: "/api/admin/jobs",
  tags: ["Admin: daily jobs"],
  security: [{ bearerAuth: [] }],
  summary: "The last run of each daily job (the project retention): when, whether it succeeded, what it removed",
  responses: { 200: json(DailyJobsSchema, "The last runs; null for a job that has not run yet"), ...adminErrors },
});

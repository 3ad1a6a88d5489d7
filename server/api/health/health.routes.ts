import { createRoute, z } from "@hono/zod-openapi";
import { json } from "../../lib/openapi";

export const HealthSchema = z
  .object({
    ok: z.boolean().meta({ example: true }),
    db: z.boolean().meta({ example: true, description: "A query on the database answered" }),
  })
  .meta({ id: "Health", example: { ok: true, db: true } });

/** The 503: the same fields, and what is wrong. */
export const UnhealthySchema = HealthSchema.extend({
  error: z.string().meta({ example: "The database does not answer" }),
}).meta({ id: "Unhealthy", example: { ok: false, db: false, error: "The database does not answer" } });

export const getHealth = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Liveness and database check",
  responses: {
    200: json(HealthSchema, "The app and its database answer"),
    503: json(UnhealthySchema, "The database does not answer"),
  },
});

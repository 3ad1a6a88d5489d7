import { createRoute, z } from "@hono/zod-openapi";

export const HealthSchema = z
  .object({
    ok: z.boolean().openapi({ example: true }),
    db: z.boolean().openapi({ example: true, description: "A query on the database answered" }),
  })
  .openapi("Health");

export const getHealth = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Liveness and database check",
  responses: {
    200: { content: { "application/json": { schema: HealthSchema } }, description: "The app and its database answer" },
    503: { content: { "application/json": { schema: HealthSchema } }, description: "The database does not answer" },
  },
});

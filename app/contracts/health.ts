import { z } from "~/contracts/zod";
import { endpoint } from "./endpoint";

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

/** The liveness check a load balancer or a monitor polls. */
export const healthEndpoints = {
  /** 200 when the app and its database answer; 503 (UnhealthySchema) when the database does not. */
  get: endpoint({
    method: "get",
    path: "/api/health",
    access: "public",
    answer: HealthSchema,
  }),
};

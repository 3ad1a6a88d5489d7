import { healthEndpoints, UnhealthySchema } from "~/contracts/health";
import { json } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

export const getHealth = routeOf(healthEndpoints.get, {
  tags: ["System"],
  summary: "Liveness and database check",
  answer: "The app and its database answer",
  responses: { 503: json(UnhealthySchema, "The database does not answer") },
});

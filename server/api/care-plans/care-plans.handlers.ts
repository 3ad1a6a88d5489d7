import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../lib/app-env";
import { depsOf, portalGate } from "../../lib/billing-http";
import { refused } from "../../lib/service-error";
import {
  changeCarePlan,
  clientCarePlans,
  createCarePlan,
  listCarePlans,
  type PlanAction,
} from "../../services/billing/care-plans";
import { normalizeProjectId } from "../../services/client-portal";
import * as routes from "./care-plans.routes";

/** Care plans for the owner and the client (docs/product/billing.md "Care plans"; contracts in care-plans.routes.ts). */
export function registerCarePlanRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listCarePlansRoute, async (c) => {
    try {
      return c.json({ plans: await listCarePlans(c.var.deps.db, normalizeProjectId(c.req.valid("param").id)) }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.createCarePlanRoute, async (c) => {
    try {
      const projectId = normalizeProjectId(c.req.valid("param").id);
      const plan = await createCarePlan(depsOf(c), projectId, c.req.valid("json"), c.var.admin.email);
      return c.json({ plan }, 201);
    } catch (error) {
      return refused(c, error, [400, 404]);
    }
  });

  // Pause, resume, end: one click each, logged on the project and the contact.
  const change = async (c: Context<AppEnv>, id: number, action: PlanAction) => {
    try {
      return c.json({ plan: await changeCarePlan(depsOf(c), id, action, c.var.admin.email) }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  };
  app.openapi(routes.pauseCarePlanRoute, (c) => change(c, c.req.valid("param").id, "pause"));
  app.openapi(routes.resumeCarePlanRoute, (c) => change(c, c.req.valid("param").id, "resume"));
  app.openapi(routes.endCarePlanRoute, (c) => change(c, c.req.valid("param").id, "end"));

  app.openapi(routes.clientCarePlansRoute, async (c) => {
    const id = normalizeProjectId(c.req.valid("param").id);
    const gate = await portalGate(c, async () => id);
    if (gate) return gate;
    return c.json({ plans: await clientCarePlans(c.var.deps.db, id) }, 200);
  });
}

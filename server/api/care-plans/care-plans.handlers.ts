import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../lib/app-env";
import { autopayDepsOf, depsOf, portalGate } from "../../lib/billing-http";
import { refused } from "../../lib/service-error";
import {
  changeCarePlan,
  clientCarePlans,
  createCarePlan,
  listCarePlans,
  type PlanAction,
} from "../../services/billing/care-plans";
import { startAutopay, stopAutopay } from "../../services/billing/care-plan-autopay";
import { clientCarePlan, planProjectOf, readCarePlan } from "../../services/billing/care-plans";
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

  app.openapi(routes.stopAutopayRoute, async (c) => {
    try {
      const id = c.req.valid("param").id;
      await stopAutopay(autopayDepsOf(c), id, c.var.admin.email);
      return c.json({ plan: await readCarePlan(c.var.deps.db, id) }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.clientStartAutopayRoute, async (c) => {
    try {
      const id = c.req.valid("param").id;
      const gate = await portalGate(c, () => planProjectOf(c.var.deps.db, id));
      if (gate) return gate;
      return c.json(await startAutopay(autopayDepsOf(c), id), 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.clientStopAutopayRoute, async (c) => {
    try {
      const id = c.req.valid("param").id;
      const gate = await portalGate(c, () => planProjectOf(c.var.deps.db, id));
      if (gate) return gate;
      await stopAutopay(autopayDepsOf(c), id, "client");
      return c.json({ plan: await clientCarePlan(c.var.deps.db, id) }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.clientCarePlansRoute, async (c) => {
    const id = normalizeProjectId(c.req.valid("param").id);
    const gate = await portalGate(c, async () => id);
    if (gate) return gate;
    return c.json({ plans: await clientCarePlans(c.var.deps.db, id) }, 200);
  });
}

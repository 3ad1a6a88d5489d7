import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { readFollowUps, setFollowUps } from "../../services/billing/follow-ups";
import { refused } from "../../lib/service-error";
import * as routes from "./quote-follow-ups.routes";

/** A quote's follow-ups for the owner (docs/product/billing.md "Follow-ups"; contracts in quote-follow-ups.routes.ts). */
export function registerQuoteFollowUpRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.quoteFollowUpsRoute, async (c) => {
    try {
      return c.json({ follow_ups: await readFollowUps(c.var.deps.db, c.req.valid("param").quoteId) }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.setQuoteFollowUpsRoute, async (c) => {
    try {
      const { enabled } = c.req.valid("json");
      const followUps = await setFollowUps(c.var.deps.db, c.req.valid("param").quoteId, enabled, c.var.admin.email);
      return c.json({ follow_ups: followUps }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });
}

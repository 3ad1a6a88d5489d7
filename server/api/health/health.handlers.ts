import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { getHealth } from "./health.routes";
import { pingDatabase } from "../../services/health";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../db/unavailable";

export function registerHealth(app: OpenAPIHono<AppEnv>) {
  app.openapi(getHealth, async (c) => {
    try {
      await pingDatabase(c.var.deps.db);
      return c.json({ ok: true, db: true }, 200);
    } catch (error) {
      c.var.log.error({ err: error }, "health check: database query failed");
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ ok: false, db: false, error: "The database does not answer" }, 503);
    }
  });
}

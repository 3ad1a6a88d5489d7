import { sql } from "drizzle-orm";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app";
import { getHealth } from "./health.routes";

export function registerHealth(app: OpenAPIHono<AppEnv>) {
  app.openapi(getHealth, async (c) => {
    try {
      await c.var.deps.db.execute(sql`select 1`);
      return c.json({ ok: true, db: true }, 200);
    } catch (error) {
      c.var.log.error({ err: error }, "health check: database query failed");
      return c.json({ ok: false, db: false }, 503);
    }
  });
}

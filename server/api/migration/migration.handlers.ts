import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { migrationMessage, runMigration } from "../../services/migration";
import { migrateBlog, migratePortfolio } from "./migration.routes";
import { refused } from "../../lib/service-error";

export function registerMigrationRoutes(app: OpenAPIHono<AppEnv>, onContentChange: () => void = () => {}) {
  for (const [kind, route] of [
    ["portfolio", migratePortfolio],
    ["blog", migrateBlog],
  ] as const) {
    app.openapi(route, async (c) => {
      try {
        const result = await runMigration(c.var.deps.db, kind);
        onContentChange();
        c.var.log.info({ ...result }, "content migrated");
        return c.json(
          {
            success: true as const,
            message: migrationMessage(result),
            total: result.total,
            created: result.created,
            updated: result.updated,
          },
          200,
        );
      } catch (error) {
        return refused(c, error, [400, 409, 500]);
      }
    });
  }
}

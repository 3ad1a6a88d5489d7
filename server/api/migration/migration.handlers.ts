import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { migrationMessage, MigrationError, runMigration } from "../../services/migration";
import { migrateBlog, migratePortfolio } from "./migration.routes";

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
        if (error instanceof MigrationError) return jsonError(c, error.status, error.message);
        throw error;
      }
    });
  }
}

import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { migrationMessage, MigrationError, runMigration, type MigrationKind } from "../../services/migration";
import { adminErrors, ErrorSchema, json } from "../../lib/openapi";

/** POST /api/migrate/portfolio and /api/migrate/blog (back-office spec 7): load the shipped content. */
const ResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  total: z.number(),
  created: z.number(),
  updated: z.number(),
});

const LABEL: Record<MigrationKind, string> = { portfolio: "portfolio projects", blog: "blog posts" };

const routeFor = (kind: MigrationKind) =>
  createRoute({
    method: "post",
    path: `/api/migrate/${kind}`,
    tags: ["Admin: migration"],
    security: [{ bearerAuth: [] }],
    summary: `Load the shipped ${LABEL[kind]} (content/${kind}): same slug overwritten (views kept), new slugs added`,
    responses: {
      200: json(ResultSchema, "Migrated"),
      ...adminErrors,
      400: json(
        ErrorSchema,
        "A content file is malformed: the error names the file and the problem; nothing was migrated",
      ),
      409: json(ErrorSchema, "Another migration is running"),
      500: json(ErrorSchema, "The content folder is missing on the server"),
    },
  });

export function registerMigrationRoutes(app: OpenAPIHono<AppEnv>, onContentChange: () => void = () => {}) {
  for (const kind of ["portfolio", "blog"] as const) {
    app.openapi(routeFor(kind), async (c) => {
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

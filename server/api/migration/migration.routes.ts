import { createRoute } from "@hono/zod-openapi";
import { MigrationAnswerSchema, type MigrationKind } from "~/lib/admin/migration";
import { adminErrors, ErrorSchema, errorResponses, json } from "../../lib/openapi";

/** POST /api/migrate/portfolio and /api/migrate/blog (back-office spec 7): load the shipped content. */
const LABEL: Record<MigrationKind, string> = { portfolio: "portfolio projects", blog: "blog posts" };

const routeFor = (kind: MigrationKind) =>
  createRoute({
    method: "post",
    path: `/api/migrate/${kind}`,
    tags: ["Admin: migration"],
    security: [{ bearerAuth: [] }],
    summary: `Load the shipped ${LABEL[kind]} (content/${kind}): same slug overwritten (views kept), new slugs added; takes no body`,
    responses: {
      200: json(MigrationAnswerSchema, "Migrated"),
      ...adminErrors,
      ...errorResponses([400, 409], {
        400: "A content file is malformed: the error names the file and the problem; nothing was migrated",
        409: "Another migration is running",
      }),
      500: json(ErrorSchema, "The content folder is missing on the server"),
    },
  });

export const migratePortfolio = routeFor("portfolio");
export const migrateBlog = routeFor("blog");

import { migrationEndpoints as endpoints } from "~/contracts/migration";
import type { MigrationKind } from "~/contracts/migration";
import { adminErrors, ErrorSchema, errorResponses, json } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/** POST /api/migrate/portfolio and /api/migrate/blog (docs/product/migration.md): load the shipped content. */
const LABEL: Record<MigrationKind, string> = { portfolio: "portfolio projects", blog: "blog posts" };

const routeFor = <K extends MigrationKind>(kind: K) =>
  routeOf(endpoints[kind], {
    tags: ["Admin: migration"],
    summary: `Load the shipped ${LABEL[kind]} (content/${kind}): same slug overwritten (views kept), new slugs added; takes no body`,
    answer: "Migrated",
    responses: {
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

import { MigrationAnswerSchema } from "~/lib/admin/migration";
import { endpoint } from "./endpoint";

/** The content migration (back-office spec 7): load the shipped portfolio or blog posts; no body. */
export const migrationEndpoints = {
  portfolio: endpoint({
    method: "post",
    path: "/api/migrate/portfolio",
    access: "admin",
    answer: MigrationAnswerSchema,
  }),
  blog: endpoint({
    method: "post",
    path: "/api/migrate/blog",
    access: "admin",
    answer: MigrationAnswerSchema,
  }),
};

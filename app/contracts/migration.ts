import { z } from "~/contracts/zod";
import { endpoint } from "./endpoint";

/**
 * The content migration (docs/product/migration.md "The screen", "The calls"): what POST
 * /api/migrate/{portfolio,blog} answers.
 */
export const MIGRATION_KINDS = ["portfolio", "blog"] as const;

export type MigrationKind = (typeof MIGRATION_KINDS)[number];

export const MigrationAnswerSchema = z
  .object({
    success: z.literal(true),
    message: z.string().meta({ example: "Migrated 9 portfolio projects (2 new, 7 updated)" }),
    total: z.number().int().min(0).meta({ example: 9, description: "Shipped files read" }),
    created: z.number().int().min(0).meta({ example: 2, description: "Posts added (new slugs)" }),
    updated: z.number().int().min(0).meta({ example: 7, description: "Posts of the same slug overwritten" }),
  })
  .meta({
    id: "MigrationAnswer",
    example: {
      success: true,
      message: "Migrated 9 portfolio projects (2 new, 7 updated)",
      total: 9,
      created: 2,
      updated: 7,
    },
  });

export type MigrationAnswer = z.infer<typeof MigrationAnswerSchema>;

/**
 * What the migration screen reads of that answer: the success, and the server's message when it
 * gives one (docs/product/migration.md "Migration card": a success without a message shows
 * '{Kind} migration completed successfully!'). Derived from the answer, so it cannot drift.
 */
export const MigrationOutcomeSchema = MigrationAnswerSchema.pick({ success: true, message: true }).partial({
  message: true,
});

/** The content migration (docs/product/migration.md "The calls"): load the shipped portfolio or blog posts; no body. */
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

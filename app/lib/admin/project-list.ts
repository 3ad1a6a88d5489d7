import { z } from "~/lib/zod";
import { LIST_SEARCH_MAX_LENGTH, pageAnswerFields, pageQueryFields } from "./paging";
import { PROJECT_STATUSES, ProjectSchema } from "./projects";

/**
 * The projects list (back-office spec 7 "GET /api/admin/projects": status), searched, sorted and
 * paged by the server, its CSV export over the same filters, and the names every project select
 * offers.
 */
export const PROJECT_SORTS = ["newest", "oldest", "name", "updated"] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

export const PROJECT_SORT_LABELS: Record<ProjectSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name A–Z",
  updated: "Recently updated",
};

export const ProjectFilterQuerySchema = z.object({
  status: z
    .enum(PROJECT_STATUSES, { error: `status must be one of: ${PROJECT_STATUSES.join(", ")}` })
    .optional()
    .meta({ example: "design" }),
  q: z
    .string({ error: "q must be one piece of text" })
    .trim()
    .max(LIST_SEARCH_MAX_LENGTH, { error: `q is limited to ${LIST_SEARCH_MAX_LENGTH} characters` })
    .optional()
    .meta({
      description: "Part of the name, ID, description or a contact's name, e-mail or company; any case",
      example: "bakery",
    }),
  sort: z
    .enum(PROJECT_SORTS, { error: `sort must be one of: ${PROJECT_SORTS.join(", ")}` })
    .optional()
    .default("newest")
    .meta({
      description: "newest (the default), oldest, name (A-Z) or updated (latest change first)",
      example: "newest",
    }),
});
export type ProjectFilterQuery = z.output<typeof ProjectFilterQuerySchema>;

export const ProjectListQuerySchema = ProjectFilterQuerySchema.extend(pageQueryFields());

/** GET /api/admin/projects: one page with its contacts, and the count of every match. */
export const ProjectListSchema = z
  .object({ projects: z.array(ProjectSchema), ...pageAnswerFields })
  .meta({ id: "ProjectPage" });
export type ProjectPage = z.infer<typeof ProjectListSchema>;

/** GET /api/admin/projects/options: every project's ID and name, newest first, for the selects. */
export const ProjectOptionListSchema = z
  .object({
    projects: z.array(
      z.object({
        id: z.string().meta({ example: "WBT-2026-7KQ4MZ" }),
        name: z.string().meta({ example: "Harbor Bakery Website Project" }),
      }),
    ),
  })
  .meta({ id: "ProjectOptions" });

export const PROJECT_CSV_HEADER = [
  "Project ID",
  "Name",
  "Status",
  "Type",
  "Primary Contact",
  "Primary Email",
  "Contacts",
  "Budget",
  "Start",
  "Target",
  "Milestones Done",
  "Milestones",
  "Created",
];

import { z } from "~/contracts/zod";
import { PROJECT_STATUSES } from "~/contracts/project-terms";
import { LIST_SEARCH_MAX_LENGTH, pageQueryFields } from "~/contracts/paging";

/**
 * The projects screen's counts and list queries (docs/product/projects.md "The screen", "The
 * calls"): the stat cards, the list's filters, sorts and paging, the project selects' options and
 * the CSV export. The list's rows and page, made of projects, are in projects.ts.
 */
const count = z.number().int().min(0);

const statsExample = {
  total: 14,
  active: 6,
  completed: 5,
  on_hold: 1,
  by_status: {
    submitted: 2,
    planning: 1,
    design: 2,
    development: 2,
    review: 1,
    launch: 0,
    complete: 4,
    on_hold: 1,
    maintenance: 1,
  },
};

export const ProjectStatsSchema = z
  .object({
    total: count,
    active: count.meta({ description: "Planning, design, development or review" }),
    completed: count.meta({ description: "Complete or maintenance" }),
    on_hold: count,
    by_status: z.object({
      submitted: count,
      planning: count,
      design: count,
      development: count,
      review: count,
      launch: count,
      complete: count,
      on_hold: count,
      maintenance: count,
    }),
  })
  .meta({ id: "ProjectStats", example: statsExample });

export type ProjectStats = z.infer<typeof ProjectStatsSchema>;

export const ProjectStatsAnswerSchema = z.object({ stats: ProjectStatsSchema });

/**
 * The projects list (docs/product/projects.md "The calls": GET /api/admin/projects), searched,
 * sorted and paged by the server, its CSV export over the same filters, and the names every project
 * select offers.
 */
export const PROJECT_SORTS = ["newest", "oldest", "name", "updated"] as const;

export type ProjectSort = (typeof PROJECT_SORTS)[number];

export const ProjectFilterQuerySchema = z.object({
  status: z
    .enum(PROJECT_STATUSES, { error: `status must be one of: ${PROJECT_STATUSES.join(", ")}` })
    .optional()
    .meta({ example: "design" }),
  q: z
    .string({ error: "q must be one piece of text" })
    .trim()
    .max(LIST_SEARCH_MAX_LENGTH, { error: `q must be at most ${LIST_SEARCH_MAX_LENGTH} characters` })
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

/** The CSV export's body, as documented (it is streamed, not parsed). */
export const ProjectsCsvSchema = z.string().meta({
  example:
    "Project ID,Name,Status,Type,Primary Contact,Primary Email,Contacts,Budget,Start,Target,Milestones Done,Milestones,Created\r\nWBT-2026-7KQ4MZ,Harbor Bakery Website Project,Design,Small business,Rita Moreau,rita@harborbakery.example,Rita Moreau,500-plus,2026-11-02,2026-12-01,1,3,2026-10-28\r\n",
});

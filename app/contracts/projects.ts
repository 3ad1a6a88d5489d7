import { z } from "~/contracts/zod";
import { PROJECT_STATUSES, PROJECT_TYPES, type ProjectStatus } from "~/contracts/project-terms";
import { pageAnswerFields } from "~/contracts/paging";
import { ProjectBillingStateSchema } from "./billing";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import {
  AddProjectContactsSchema,
  contactExample,
  ProjectContactChangeSchema,
  ProjectContactSchema,
} from "./project-contacts";
import { CREATED, dateTime, day, optionalDay, optionalText } from "./project-fields";
import {
  ProjectFilterQuerySchema,
  ProjectListQuerySchema,
  ProjectOptionListSchema,
  ProjectsCsvSchema,
  ProjectStatsAnswerSchema,
} from "./project-list";
import {
  MilestoneAnswerSchema,
  MilestoneChangeSchema,
  milestoneExample,
  MilestoneListSchema,
  MilestoneOrderSchema,
  MilestoneSchema,
  NewMilestoneSchema,
} from "./project-milestones";
import {
  NewProjectUpdateSchema,
  ProjectUpdateAnswerSchema,
  ProjectUpdateSchema,
  updateExample,
} from "./project-updates";

/**
 * The admin's projects (docs/product/projects.md "Project", "Create and edit", "The calls"): a
 * project as the admin sends it and the API answers it, the list's rows, and the endpoint table of
 * the project with its contacts (project-contacts.ts), milestones (project-milestones.ts), updates
 * (project-updates.ts) and the screen's counts and list queries (project-list.ts).
 */
/** The "Active" card counts these (docs/product/projects.md "The screen"). */
export const ACTIVE_PROJECT_STATUSES: readonly ProjectStatus[] = ["planning", "design", "development", "review"];

/**
 * The "Completed" card, and the dashboard's and leads' "Completed Projects": delivered projects,
 * including those in maintenance afterwards (docs/product/projects.md "Project status": complete to
 * maintenance).
 */
export const COMPLETED_PROJECT_STATUSES: readonly ProjectStatus[] = ["complete", "maintenance"];

/* ---------------- What the admin sends (docs/product/projects.md "Create and edit", "The calls") ---------------- */

/** The one message for a project without a contact or a name (docs/product/projects.md "Create and edit"). */
export const PROJECT_REQUIRED = "At least one contact and project name are required";

const contactIds = z
  .array(z.number().int().positive(), { error: PROJECT_REQUIRED })
  .min(1, { error: PROJECT_REQUIRED })
  .max(50, { error: "At most 50 contacts per project" })
  .meta({ description: "The project's contacts; the first becomes the primary contact", example: [42] });

const projectName = z
  .string({ error: PROJECT_REQUIRED })
  .trim()
  .min(1, { error: PROJECT_REQUIRED })
  .max(200, { error: "The name must be at most 200 characters" })
  .meta({ example: "Harbor Bakery Website Project" });

const projectFields = {
  name: projectName,
  description: optionalText(5000).meta({ example: "A site that takes cake orders." }),
  project_type: z
    .enum(PROJECT_TYPES, { error: `Type must be one of: ${PROJECT_TYPES.join(", ")}` })
    .meta({ example: "small_business" }),
  budget_range: optionalText(100).meta({ example: "500-plus" }),
  start_date: optionalDay,
  target_completion: optionalDay,
  client_notes: optionalText(10_000).meta({ example: "The menu page goes live first." }),
  internal_notes: optionalText(10_000).meta({ example: "Wants a quote by Friday." }),
};

const TARGET_BEFORE_START = "The target completion cannot be before the start date";

const datesInOrder = (v: { start_date?: string | null; target_completion?: string | null }) =>
  !v.start_date || !v.target_completion || v.target_completion >= v.start_date;

/** POST /api/admin/projects. */
export const NewProjectSchema = z
  .object({
    contact_ids: contactIds,
    ...projectFields,
    project_type: projectFields.project_type.default("personal"),
  })
  .refine(datesInOrder, { error: TARGET_BEFORE_START, path: ["target_completion"] })
  .meta({
    id: "NewProject",
    example: {
      contact_ids: [42],
      name: "Harbor Bakery Website Project",
      description: "A site that takes cake orders.",
      project_type: "small_business",
      budget_range: "500-plus",
      start_date: "2026-11-02",
      target_completion: "2026-12-01",
      client_notes: "The menu page goes live first.",
      internal_notes: "Wants a quote by Friday.",
    },
  });

export type NewProjectInput = z.input<typeof NewProjectSchema>;

export type NewProjectValues = z.output<typeof NewProjectSchema>;

/**
 * PUT /api/admin/projects/{id}: the same fields plus status, or the status only. A field left out
 * stays as it is; null (or a blank text) clears it. contact_ids, when sent, is the whole new list.
 */
export const ProjectChangeSchema = z
  .object({
    contact_ids: contactIds.optional(),
    name: projectName.optional(),
    description: projectFields.description.optional(),
    project_type: projectFields.project_type.optional(),
    budget_range: projectFields.budget_range.optional(),
    start_date: optionalDay.optional(),
    target_completion: optionalDay.optional(),
    client_notes: projectFields.client_notes.optional(),
    internal_notes: projectFields.internal_notes.optional(),
    status: z
      .enum(PROJECT_STATUSES, { error: `Status must be one of: ${PROJECT_STATUSES.join(", ")}` })
      .optional()
      .meta({ example: "design" }),
  })
  .meta({ id: "ProjectChange", example: { status: "design" } });

export type ProjectChangeInput = z.input<typeof ProjectChangeSchema>;

export type ProjectChanges = z.output<typeof ProjectChangeSchema>;

/* ---------------- What the API answers (docs/product/projects.md "Project", "The calls") ---------------- */

const projectExample = {
  id: "WBT-2026-7KQ4MZ",
  name: "Harbor Bakery Website Project",
  description: "A site that takes cake orders.",
  project_type: "small_business",
  budget_range: "500-plus",
  start_date: "2026-11-02",
  target_completion: "2026-12-01",
  client_notes: "The menu page goes live first.",
  internal_notes: "Wants a quote by Friday.",
  status: "design",
  legacy_data: { timeline: "1month", readiness: "ready" },
  created_at: CREATED,
  updated_at: CREATED,
  completed_at: null,
  contact_names: "Rita Moreau",
  contact_name: "Rita Moreau",
  contact_email: "rita@harborbakery.example",
  contacts: [contactExample],
  milestone_count: 3,
  milestones_completed: 1,
  landing_page: "/newport-web-design?utm_source=gmb",
  referrer: "https://www.google.com/",
  utm_source: "gmb",
  utm_medium: null,
  utm_campaign: null,
} as const;

export const ProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    project_type: z
      .string()
      .nullable()
      .meta({ description: `One of ${PROJECT_TYPES.join(", ")} when set here` }),
    budget_range: z.string().nullable(),
    start_date: day("2026-11-02"),
    target_completion: day("2026-12-01"),
    client_notes: z.string().nullable().meta({ description: "Visible to the client in the portal" }),
    internal_notes: z.string().nullable().meta({ description: "Never shown to the client" }),
    status: z.enum(PROJECT_STATUSES),
    legacy_data: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ description: "The project form's answers without a field of their own (timeline, readiness)" }),
    created_at: dateTime(CREATED),
    updated_at: dateTime(CREATED),
    completed_at: z
      .string()
      .nullable()
      .meta({ format: "date-time", description: "When the status last became complete", example: null }),
    contact_names: z.string().meta({ description: "Every contact's name, the primary first, comma separated" }),
    contact_name: z.string().nullable().meta({ description: "The primary contact's name" }),
    contact_email: z.string().nullable().meta({ description: "The primary contact's e-mail" }),
    contacts: z.array(ProjectContactSchema).meta({ description: "The primary contact first" }),
    milestone_count: z.number().int(),
    milestones_completed: z.number().int(),
    // Where the visit that produced the project came from (as on its contact).
    landing_page: z.string().nullable().meta({ description: "The first page of the visit, with its query" }),
    referrer: z.string().nullable(),
    utm_source: z.string().nullable(),
    utm_medium: z.string().nullable(),
    utm_campaign: z.string().nullable(),
  })
  .meta({ id: "Project", example: projectExample });

export type Project = z.infer<typeof ProjectSchema>;

export const ProjectDetailSchema = ProjectSchema.extend({
  milestones: z.array(MilestoneSchema).meta({ description: "In the owner's order" }),
  updates: z.array(ProjectUpdateSchema).meta({ description: "Newest first" }),
}).meta({
  id: "ProjectDetail",
  example: { ...projectExample, milestones: [milestoneExample], updates: [updateExample] },
});

export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;

/** The answers of each projects route: what the admin client checks them against (the list's in server/services/projects/list.ts). */
export const ProjectAnswerSchema = z.object({ project: ProjectDetailSchema });

/** DELETE of a milestone or an update. */
export const ProjectPartDeletedSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "ProjectPartDeleted", example: { success: true } });

/** A row of the projects list: the project with its billing state (docs/product/billing.md "The owner's figures"). */
export const ProjectListRowSchema = ProjectSchema.extend({ billing: ProjectBillingStateSchema }).meta({
  id: "ProjectListRow",
  example: { ...projectExample, billing: { quote_status: "accepted", invoice_status: "sent", due_cents: 13_750 } },
});

export type ProjectListRow = z.infer<typeof ProjectListRowSchema>;

/** GET /api/admin/projects: one page with its contacts and billing state, and the count of every match. */
export const ProjectListSchema = z
  .object({ projects: z.array(ProjectListRowSchema), ...pageAnswerFields })
  .meta({ id: "ProjectPage" });

export type ProjectPage = z.infer<typeof ProjectListSchema>;

/** A numeric id after the project's in the path. */
const numericParam = (name: string, example: number) =>
  z.coerce
    .number()
    .int()
    .positive()
    .meta({ param: { name, in: "path" }, type: "integer", example });

const ContactParam = ProjectIdParam.extend({ contactId: numericParam("contactId", 42) });

const MilestoneParam = ProjectIdParam.extend({ milestoneId: numericParam("milestoneId", 12) });

const UpdateParam = ProjectIdParam.extend({ updateId: numericParam("updateId", 7) });

/** The admin's projects (docs/product/projects.md "The calls"), with their contacts, milestones and updates. */
export const projectsEndpoints = {
  /** The stat cards' counts: total, active, completed, on hold, and each status. */
  stats: endpoint({
    method: "get",
    path: "/api/admin/projects/stats",
    access: "admin",
    answer: ProjectStatsAnswerSchema,
  }),
  /** A page of projects with their contacts (status filter; q searches; sort), with the total. */
  list: endpoint({
    method: "get",
    path: "/api/admin/projects",
    access: "admin",
    query: ProjectListQuerySchema,
    answer: ProjectListSchema,
  }),
  /** Every project's ID and name, newest first (the selects that pick a project). */
  options: endpoint({
    method: "get",
    path: "/api/admin/projects/options",
    access: "admin",
    answer: ProjectOptionListSchema,
  }),
  /** Every project matching the list's filters, as a streamed CSV download. */
  csv: endpoint({
    method: "get",
    path: "/api/admin/projects.csv",
    access: "admin",
    query: ProjectFilterQuerySchema,
    answer: ProjectsCsvSchema,
    contentType: "text/csv",
  }),
  get: endpoint({
    method: "get",
    path: "/api/admin/projects/{id}",
    access: "admin",
    params: ProjectIdParam,
    answer: ProjectAnswerSchema,
  }),
  /** Starts a project (status planning) with at least one contact; the first is primary. */
  create: endpoint({
    method: "post",
    path: "/api/admin/projects",
    access: "admin",
    body: NewProjectSchema,
    answer: ProjectAnswerSchema,
    status: 201,
  }),
  /** Edits a project, or changes its status only. */
  update: endpoint({
    method: "put",
    path: "/api/admin/projects/{id}",
    access: "admin",
    params: ProjectIdParam,
    body: ProjectChangeSchema,
    answer: ProjectAnswerSchema,
  }),
  addContacts: endpoint({
    method: "post",
    path: "/api/admin/projects/{id}/contacts",
    access: "admin",
    params: ProjectIdParam,
    body: AddProjectContactsSchema,
    answer: ProjectAnswerSchema,
  }),
  /** A contact's role on the project, and whether it is the primary contact. */
  changeContact: endpoint({
    method: "put",
    path: "/api/admin/projects/{id}/contacts/{contactId}",
    access: "admin",
    params: ContactParam,
    body: ProjectContactChangeSchema,
    answer: ProjectAnswerSchema,
  }),
  removeContact: endpoint({
    method: "delete",
    path: "/api/admin/projects/{id}/contacts/{contactId}",
    access: "admin",
    params: ContactParam,
    answer: ProjectAnswerSchema,
  }),
  addMilestone: endpoint({
    method: "post",
    path: "/api/admin/projects/{id}/milestones",
    access: "admin",
    params: ProjectIdParam,
    body: NewMilestoneSchema,
    answer: MilestoneAnswerSchema,
    status: 201,
  }),
  /** Puts the project's milestones in this order (each id once). */
  reorderMilestones: endpoint({
    method: "put",
    path: "/api/admin/projects/{id}/milestones/order",
    access: "admin",
    params: ProjectIdParam,
    body: MilestoneOrderSchema,
    answer: MilestoneListSchema,
  }),
  changeMilestone: endpoint({
    method: "put",
    path: "/api/admin/projects/{id}/milestones/{milestoneId}",
    access: "admin",
    params: MilestoneParam,
    body: MilestoneChangeSchema,
    answer: MilestoneAnswerSchema,
  }),
  deleteMilestone: endpoint({
    method: "delete",
    path: "/api/admin/projects/{id}/milestones/{milestoneId}",
    access: "admin",
    params: MilestoneParam,
    answer: ProjectPartDeletedSchema,
  }),
  /** Posts an update; notify_client e-mails it to the project's contacts. */
  postUpdate: endpoint({
    method: "post",
    path: "/api/admin/projects/{id}/updates",
    access: "admin",
    params: ProjectIdParam,
    body: NewProjectUpdateSchema,
    answer: ProjectUpdateAnswerSchema,
    status: 201,
  }),
  deleteUpdate: endpoint({
    method: "delete",
    path: "/api/admin/projects/{id}/updates/{updateId}",
    access: "admin",
    params: UpdateParam,
    answer: ProjectPartDeletedSchema,
  }),
};

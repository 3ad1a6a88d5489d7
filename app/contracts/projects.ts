import { z } from "~/contracts/zod";
import {
  MILESTONE_STATUSES,
  PROJECT_CONTACT_ROLES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  type ProjectStatus,
} from "~/contracts/project-terms";
import { LIST_SEARCH_MAX_LENGTH, pageAnswerFields, pageQueryFields } from "~/contracts/paging";
import { ProjectBillingStateSchema } from "./billing";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Keep this to at most ${max} characters` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isRealDay = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** A calendar day as YYYY-MM-DD; blank or null clears it. */
const optionalDay = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (DAY.test(v) && isRealDay(v)), { error: "Enter a date as YYYY-MM-DD" })
  .meta({ format: "date", example: "2026-12-01" });

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

/** PUT /api/admin/projects/{id}/contacts/{contactId}: setting primary clears the others. */
export const ProjectContactChangeSchema = z
  .object({
    role: z
      .enum(PROJECT_CONTACT_ROLES, { error: `Role must be one of: ${PROJECT_CONTACT_ROLES.join(", ")}` })
      .optional()
      .meta({ example: "decision_maker" }),
    is_primary: z.boolean({ error: "is_primary is true or false" }).optional().meta({ example: true }),
  })
  .meta({ id: "ProjectContactChange", example: { role: "decision_maker", is_primary: true } });

export type ProjectContactChangeInput = z.input<typeof ProjectContactChangeSchema>;

/** POST /api/admin/projects/{id}/contacts: more contacts, all with one role. */
export const AddProjectContactsSchema = z
  .object({
    contact_ids: z
      .array(z.number().int().positive(), { error: "Please select at least one contact" })
      .min(1, { error: "Please select at least one contact" })
      .max(50, { error: "At most 50 contacts at once" }),
    role: z
      .enum(PROJECT_CONTACT_ROLES, { error: `Role must be one of: ${PROJECT_CONTACT_ROLES.join(", ")}` })
      .default("client"),
  })
  .meta({ id: "AddProjectContacts", example: { contact_ids: [43, 44], role: "stakeholder" } });

export type AddProjectContactsInput = z.input<typeof AddProjectContactsSchema>;

const milestoneTitle = z
  .string({ error: "Milestone title is required" })
  .trim()
  .min(1, { error: "Milestone title is required" })
  .max(200, { error: "The title must be at most 200 characters" })
  .meta({ example: "Design approved" });

const milestoneStatus = z.enum(MILESTONE_STATUSES, {
  error: `Status must be one of: ${MILESTONE_STATUSES.join(", ")}`,
});

export const NewMilestoneSchema = z
  .object({
    title: milestoneTitle,
    description: optionalText(2000).meta({ example: "Home page and menu page mock-ups." }),
    status: milestoneStatus.default("pending").meta({ example: "pending" }),
    due_date: optionalDay,
  })
  .meta({
    id: "NewMilestone",
    example: { title: "Design approved", description: "Home and menu mock-ups.", due_date: "2026-12-01" },
  });

export type NewMilestoneInput = z.input<typeof NewMilestoneSchema>;

export type NewMilestone = z.output<typeof NewMilestoneSchema>;

/** A field left out stays; completing a milestone sets its completed_date to today. */
export const MilestoneChangeSchema = z
  .object({
    title: milestoneTitle.optional(),
    description: optionalText(2000).optional().meta({ example: "Home page and menu page mock-ups." }),
    status: milestoneStatus.optional().meta({ example: "completed" }),
    due_date: optionalDay.optional(),
  })
  .meta({ id: "MilestoneChange", example: { status: "completed" } });

export type MilestoneChangeInput = z.input<typeof MilestoneChangeSchema>;

export type MilestoneChanges = z.output<typeof MilestoneChangeSchema>;

export const MilestoneOrderSchema = z
  .object({
    ids: z
      .array(z.number().int().positive(), { error: "Send the milestone ids in their new order" })
      .min(1, { error: "Send the milestone ids in their new order" })
      .max(500),
  })
  .meta({ id: "MilestoneOrder", example: { ids: [13, 12, 14] } });

export const NewProjectUpdateSchema = z
  .object({
    title: z
      .string({ error: "Update title is required" })
      .trim()
      .min(1, { error: "Update title is required" })
      .max(200, { error: "The title must be at most 200 characters" })
      .meta({ example: "First draft is up" }),
    content: z
      .string({ error: "Update content is required" })
      .trim()
      .min(1, { error: "Update content is required" })
      .max(20_000, { error: "The update must be at most 20000 characters" })
      .meta({ example: "Have a look at the home page and tell me what you think." }),
    notify_client: z
      .boolean({ error: "notify_client is true or false" })
      .default(false)
      .meta({ description: "E-mail the update to each of the project's contacts", example: true }),
  })
  .meta({
    id: "NewProjectUpdate",
    example: { title: "First draft is up", content: "Have a look at the home page.", notify_client: true },
  });

export type NewProjectUpdateInput = z.input<typeof NewProjectUpdateSchema>;

/* ---------------- What the API answers (docs/product/projects.md "Project", "The calls") ---------------- */

const dateTime = (example: string) => z.string().meta({ format: "date-time", example });

const day = (example: string) => z.string().nullable().meta({ format: "date", example });

const CREATED = "2026-11-02T15:09:26.000Z";

const contactExample = {
  contact_id: 42,
  contact_name: "Rita Moreau",
  contact_email: "rita@harborbakery.example",
  contact_phone: "401-555-0100",
  role: "client",
  is_primary: true,
} as const;

export const ProjectContactSchema = z
  .object({
    contact_id: z.number().int(),
    contact_name: z.string(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
    role: z.enum(PROJECT_CONTACT_ROLES),
    is_primary: z.boolean(),
  })
  .meta({ id: "ProjectContact", example: contactExample });

export type ProjectContact = z.infer<typeof ProjectContactSchema>;

const milestoneExample = {
  id: 12,
  project_id: "WBT-2026-7KQ4MZ",
  title: "Design approved",
  description: "Home page and menu page mock-ups.",
  status: "completed",
  due_date: "2026-12-01",
  completed_date: "2026-11-28",
  position: 0,
  created_at: CREATED,
  updated_at: CREATED,
} as const;

export const MilestoneSchema = z
  .object({
    id: z.number().int(),
    project_id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(MILESTONE_STATUSES),
    due_date: day("2026-12-01"),
    completed_date: day("2026-11-28"),
    position: z.number().int().meta({ description: "The owner's order, 0 first" }),
    created_at: dateTime(CREATED),
    updated_at: dateTime(CREATED),
  })
  .meta({ id: "ProjectMilestone", example: milestoneExample });

export type Milestone = z.infer<typeof MilestoneSchema>;

const updateExample = {
  id: 7,
  project_id: "WBT-2026-7KQ4MZ",
  title: "First draft is up",
  content: "Have a look at the home page and tell me what you think.",
  emailed_at: CREATED,
  created_at: CREATED,
} as const;

export const ProjectUpdateSchema = z
  .object({
    id: z.number().int(),
    project_id: z.string(),
    title: z.string(),
    content: z.string(),
    emailed_at: z
      .string()
      .nullable()
      .meta({ format: "date-time", description: "When it was queued to the client's e-mail", example: CREATED }),
    created_at: dateTime(CREATED),
  })
  .meta({ id: "ProjectUpdate", example: updateExample });

export type ProjectUpdate = z.infer<typeof ProjectUpdateSchema>;

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

/** The answers of each projects route: what the admin client checks them against (the list's in server/services/projects/list.ts). */
export const ProjectStatsAnswerSchema = z.object({ stats: ProjectStatsSchema });

export const ProjectAnswerSchema = z.object({ project: ProjectDetailSchema });

export const MilestoneAnswerSchema = z.object({ milestone: MilestoneSchema });

export const MilestoneListSchema = z.object({ milestones: z.array(MilestoneSchema) });

export const ProjectUpdateAnswerSchema = z
  .object({
    update: ProjectUpdateSchema,
    emailed_to: z
      .array(z.string())
      .meta({ description: "The addresses the update was queued to (empty unless notify_client)" }),
  })
  .meta({
    id: "PostedProjectUpdate",
    example: { update: updateExample, emailed_to: ["rita@harborbakery.example"] },
  });

export type PostedProjectUpdate = z.infer<typeof ProjectUpdateAnswerSchema>;

/** DELETE of a milestone or an update. */
export const ProjectPartDeletedSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "ProjectPartDeleted", example: { success: true } });

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

/** The CSV export's body, as documented (it is streamed, not parsed). */
const ProjectsCsvSchema = z.string().meta({
  example:
    "Project ID,Name,Status,Type,Primary Contact,Primary Email,Contacts,Budget,Start,Target,Milestones Done,Milestones,Created\r\nWBT-2026-7KQ4MZ,Harbor Bakery Website Project,Design,Small business,Rita Moreau,rita@harborbakery.example,Rita Moreau,500-plus,2026-11-02,2026-12-01,1,3,2026-10-28\r\n",
});

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

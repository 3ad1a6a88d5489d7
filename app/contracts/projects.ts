import { z } from "~/lib/zod";
import {
  ProjectFilterQuerySchema,
  ProjectListQuerySchema,
  ProjectListSchema,
  ProjectOptionListSchema,
} from "~/lib/admin/project-list";
import {
  AddProjectContactsSchema,
  MilestoneAnswerSchema,
  MilestoneChangeSchema,
  MilestoneListSchema,
  MilestoneOrderSchema,
  NewMilestoneSchema,
  NewProjectSchema,
  NewProjectUpdateSchema,
  ProjectAnswerSchema,
  ProjectChangeSchema,
  ProjectContactChangeSchema,
  ProjectPartDeletedSchema,
  ProjectStatsAnswerSchema,
  ProjectUpdateAnswerSchema,
} from "~/lib/admin/projects";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";

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

/** The admin's projects (back-office spec 7), with their contacts, milestones and updates. */
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

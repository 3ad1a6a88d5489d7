import { createRoute, z } from "@hono/zod-openapi";
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
import {
  ProjectFilterQuerySchema,
  ProjectListQuerySchema,
  ProjectListSchema,
  ProjectOptionListSchema,
} from "~/lib/admin/project-list";
import { adminErrors, errorResponses, json, jsonBody, notFound } from "../../lib/openapi";

/** The admin's projects API (back-office spec 7), with milestones and updates. */
const tags = ["Admin: projects"];
const security = [{ bearerAuth: [] }];

const errs = { ...adminErrors, ...notFound };

/** Project IDs are text: WBT-{year}-{6 characters}, older ones shorter. */
const projectId = z
  .string()
  .min(1)
  .max(40)
  .openapi({ param: { name: "id", in: "path" }, example: "WBT-2026-7KQ4MZ" });
const numericParam = (name: string, example: number) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: "path" }, type: "integer", example });

const ProjectParam = z.object({ id: projectId });
const ContactParam = z.object({ id: projectId, contactId: numericParam("contactId", 42) });
const MilestoneParam = z.object({ id: projectId, milestoneId: numericParam("milestoneId", 12) });
const UpdateParam = z.object({ id: projectId, updateId: numericParam("updateId", 7) });

export const projectStatsRoute = createRoute({
  method: "get",
  path: "/api/admin/projects/stats",
  tags,
  security,
  summary: "Counts for the stat cards: total, active, completed, on hold, and each status",
  responses: { 200: json(ProjectStatsAnswerSchema, "The counts"), ...adminErrors },
});

export const listProjectsRoute = createRoute({
  method: "get",
  path: "/api/admin/projects",
  tags,
  security,
  summary: "A page of projects with their contacts (status filter; q searches; sort), with the total",
  request: { query: ProjectListQuerySchema },
  responses: { 200: json(ProjectListSchema, "One page of the matching projects and their count"), ...adminErrors },
});

export const projectOptionsRoute = createRoute({
  method: "get",
  path: "/api/admin/projects/options",
  tags,
  security,
  summary: "Every project's ID and name, newest first (the selects that pick a project)",
  responses: { 200: json(ProjectOptionListSchema, "Every project's ID and name"), ...adminErrors },
});

export const projectsCsvRoute = createRoute({
  method: "get",
  path: "/api/admin/projects.csv",
  tags,
  security,
  summary: "Every project matching the list's filters as a CSV file, streamed (Export CSV)",
  request: { query: ProjectFilterQuerySchema },
  responses: {
    200: {
      description: "A CSV download (projects-{day}.csv), written as it is read",
      content: {
        "text/csv": {
          schema: z.string().meta({
            example:
              "Project ID,Name,Status,Type,Primary Contact,Primary Email,Contacts,Budget,Start,Target,Milestones Done,Milestones,Created\r\nWBT-2026-7KQ4MZ,Harbor Bakery Website Project,Design,Small business,Rita Moreau,rita@harborbakery.example,Rita Moreau,500-plus,2026-11-02,2026-12-01,1,3,2026-10-28\r\n",
          }),
        },
      },
    },
    ...adminErrors,
  },
});

export const getProjectRoute = createRoute({
  method: "get",
  path: "/api/admin/projects/{id}",
  tags,
  security,
  summary: "A project with its contacts, milestones and updates",
  request: { params: ProjectParam },
  responses: { 200: json(ProjectAnswerSchema, "The project"), ...errs },
});

export const createProjectRoute = createRoute({
  method: "post",
  path: "/api/admin/projects",
  tags,
  security,
  summary: "Start a project (status planning) with at least one contact; the first is primary",
  request: jsonBody(NewProjectSchema),
  responses: { 201: json(ProjectAnswerSchema, "Created"), ...adminErrors },
});

export const updateProjectRoute = createRoute({
  method: "put",
  path: "/api/admin/projects/{id}",
  tags,
  security,
  summary: "Edit a project, or change its status only; complete stamps completed_at",
  request: { params: ProjectParam, ...jsonBody(ProjectChangeSchema) },
  responses: { 200: json(ProjectAnswerSchema, "Saved"), ...errs },
});

export const addProjectContactsRoute = createRoute({
  method: "post",
  path: "/api/admin/projects/{id}/contacts",
  tags,
  security,
  summary: "Add contacts to a project (those already on it stay as they are)",
  request: { params: ProjectParam, ...jsonBody(AddProjectContactsSchema) },
  responses: { 200: json(ProjectAnswerSchema, "The project with its contacts"), ...errs },
});

export const changeProjectContactRoute = createRoute({
  method: "put",
  path: "/api/admin/projects/{id}/contacts/{contactId}",
  tags,
  security,
  summary: "A contact's role on the project, and whether it is the primary contact (one per project)",
  request: { params: ContactParam, ...jsonBody(ProjectContactChangeSchema) },
  responses: { 200: json(ProjectAnswerSchema, "The project with its contacts"), ...errs },
});

export const removeProjectContactRoute = createRoute({
  method: "delete",
  path: "/api/admin/projects/{id}/contacts/{contactId}",
  tags,
  security,
  summary: "Take a contact off the project (not the last one); a removed primary passes the role on",
  request: { params: ContactParam },
  responses: {
    200: json(ProjectAnswerSchema, "The project with its contacts"),
    ...errs,
    ...errorResponses([409], { 409: "It is the project's only contact" }),
  },
});

export const addMilestoneRoute = createRoute({
  method: "post",
  path: "/api/admin/projects/{id}/milestones",
  tags,
  security,
  summary: "Add a milestone at the end of the project's list",
  request: { params: ProjectParam, ...jsonBody(NewMilestoneSchema) },
  responses: { 201: json(MilestoneAnswerSchema, "Created"), ...errs },
});

export const reorderMilestonesRoute = createRoute({
  method: "put",
  path: "/api/admin/projects/{id}/milestones/order",
  tags,
  security,
  summary: "Put the project's milestones in this order (each id once)",
  request: { params: ProjectParam, ...jsonBody(MilestoneOrderSchema) },
  responses: { 200: json(MilestoneListSchema, "The milestones in their new order"), ...errs },
});

export const changeMilestoneRoute = createRoute({
  method: "put",
  path: "/api/admin/projects/{id}/milestones/{milestoneId}",
  tags,
  security,
  summary: "Edit a milestone; completing it sets completed_date to today",
  request: { params: MilestoneParam, ...jsonBody(MilestoneChangeSchema) },
  responses: { 200: json(MilestoneAnswerSchema, "Saved"), ...errs },
});

export const deleteMilestoneRoute = createRoute({
  method: "delete",
  path: "/api/admin/projects/{id}/milestones/{milestoneId}",
  tags,
  security,
  summary: "Delete a milestone",
  request: { params: MilestoneParam },
  responses: { 200: json(ProjectPartDeletedSchema, "Deleted"), ...errs },
});

export const postUpdateRoute = createRoute({
  method: "post",
  path: "/api/admin/projects/{id}/updates",
  tags,
  security,
  summary: "Post an update; notify_client e-mails it to each contact with an address, with a link to the portal",
  request: { params: ProjectParam, ...jsonBody(NewProjectUpdateSchema) },
  responses: { 201: json(ProjectUpdateAnswerSchema, "Posted"), ...errs },
});

export const deleteUpdateRoute = createRoute({
  method: "delete",
  path: "/api/admin/projects/{id}/updates/{updateId}",
  tags,
  security,
  summary: "Delete an update (an e-mail already sent stays sent)",
  request: { params: UpdateParam },
  responses: { 200: json(ProjectPartDeletedSchema, "Deleted"), ...errs },
});

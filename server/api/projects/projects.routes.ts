import { projectsEndpoints as endpoints } from "~/contracts/projects";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/** The admin's projects API (docs/product/projects.md "The calls"), with milestones and updates. */
const tags = ["Admin: projects"];

const errs = { ...adminErrors, ...notFound };

export const projectStatsRoute = routeOf(endpoints.stats, {
  tags,
  summary: "Counts for the stat cards: total, active, completed, on hold, and each status",
  answer: "The counts",
  responses: adminErrors,
});

export const listProjectsRoute = routeOf(endpoints.list, {
  tags,
  summary: "A page of projects with their contacts (status filter; q searches; sort), with the total",
  answer: "One page of the matching projects and their count",
  responses: adminErrors,
});

export const projectOptionsRoute = routeOf(endpoints.options, {
  tags,
  summary: "Every project's ID and name, newest first (the selects that pick a project)",
  answer: "Every project's ID and name",
  responses: adminErrors,
});

export const projectsCsvRoute = routeOf(endpoints.csv, {
  tags,
  limit: "csv",
  summary: "Every project matching the list's filters as a CSV file, streamed (Export CSV)",
  answer: "A CSV download (projects-{day}.csv), written as it is read",
  responses: adminErrors,
});

export const getProjectRoute = routeOf(endpoints.get, {
  tags,
  summary: "A project with its contacts, milestones and updates",
  answer: "The project",
  responses: errs,
});

export const createProjectRoute = routeOf(endpoints.create, {
  tags,
  summary: "Start a project (status planning) with at least one contact; the first is primary",
  answer: "Created",
  responses: adminErrors,
});

export const updateProjectRoute = routeOf(endpoints.update, {
  tags,
  summary: "Edit a project, or change its status only; complete stamps completed_at",
  answer: "Saved",
  responses: errs,
});

export const addProjectContactsRoute = routeOf(endpoints.addContacts, {
  tags,
  summary: "Add contacts to a project (those already on it stay as they are)",
  answer: "The project with its contacts",
  responses: errs,
});

export const changeProjectContactRoute = routeOf(endpoints.changeContact, {
  tags,
  summary: "A contact's role on the project, and whether it is the primary contact (one per project)",
  answer: "The project with its contacts",
  responses: errs,
});

export const removeProjectContactRoute = routeOf(endpoints.removeContact, {
  tags,
  summary: "Take a contact off the project (not the last one); a removed primary passes the role on",
  answer: "The project with its contacts",
  responses: { ...errs, ...errorResponses([409], { 409: "It is the project's only contact" }) },
});

export const addMilestoneRoute = routeOf(endpoints.addMilestone, {
  tags,
  summary: "Add a milestone at the end of the project's list",
  answer: "Created",
  responses: errs,
});

export const reorderMilestonesRoute = routeOf(endpoints.reorderMilestones, {
  tags,
  summary: "Put the project's milestones in this order (each id once)",
  answer: "The milestones in their new order",
  responses: errs,
});

export const changeMilestoneRoute = routeOf(endpoints.changeMilestone, {
  tags,
  summary: "Edit a milestone; completing it sets completed_date to today",
  answer: "Saved",
  responses: errs,
});

export const deleteMilestoneRoute = routeOf(endpoints.deleteMilestone, {
  tags,
  summary: "Delete a milestone",
  answer: "Deleted",
  responses: errs,
});

export const postUpdateRoute = routeOf(endpoints.postUpdate, {
  tags,
  summary: "Post an update; notify_client e-mails it to each contact with an address, with a link to the portal",
  answer: "Posted",
  responses: errs,
});

export const deleteUpdateRoute = routeOf(endpoints.deleteUpdate, {
  tags,
  summary: "Delete an update (an e-mail already sent stays sent)",
  answer: "Deleted",
  responses: errs,
});

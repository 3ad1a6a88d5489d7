import { contactsEndpoints as endpoints } from "~/contracts/contacts";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/**
 * The contacts API of docs/product/contacts.md "The calls", with stats, import, the dashboard and the
 * CSV export.
 */
const tags = ["Admin: contacts"];

/** What every contacts route can answer besides its 2xx (as the routes have always declared). */
const errs = {
  ...adminErrors,
  ...notFound,
  ...errorResponses([409], { 409: "Conflicts with another contact (e.g. the same email)" }),
};

export const listContactsRoute = routeOf(endpoints.list, {
  tags,
  summary:
    "A page of contacts (status filter; view=submissions for the website form's; q searches; sort), with the total",
  answer: "One page of the matching contacts and their count",
  responses: errs,
});

export const contactsCsvRoute = routeOf(endpoints.exportCsv, {
  tags,
  limit: "csv",
  summary: "Every contact matching the list's filters as a CSV file, streamed (Export CSV)",
  answer: "A CSV download (contacts-{day}.csv), written as it is read",
  responses: adminErrors,
});

export const contactStatsRoute = routeOf(endpoints.stats, {
  tags,
  summary: "Counts for the stat cards",
  answer: "The counts",
  responses: errs,
});

export const dashboardRoute = routeOf(endpoints.dashboard, {
  tags,
  summary: "The dashboard's counters and the 5 newest leads",
  answer: "Dashboard",
  responses: errs,
});

export const getContactRoute = routeOf(endpoints.get, {
  tags,
  summary: "A contact with its 3 latest communications and their count",
  answer: "The contact",
  responses: errs,
});

export const createContactRoute = routeOf(endpoints.create, {
  tags,
  summary: "Add a contact (initial status new, contacted or qualified)",
  answer: "Created",
  responses: errs,
});

export const updateContactRoute = routeOf(endpoints.update, {
  tags,
  summary: "Edit a contact",
  description:
    "Changes the fields sent; a field left out keeps its value, and one sent as null or an empty text is cleared. At least one field.",
  answer: "Saved",
  responses: errs,
});

export const setContactStatusRoute = routeOf(endpoints.setStatus, {
  tags,
  summary: "Change a contact's status",
  answer: "Saved",
  responses: errs,
});

export const listCommunicationsRoute = routeOf(endpoints.listCommunications, {
  tags,
  summary: "A page of a contact's communication log, newest first, with the count of all entries",
  answer: "The log",
  responses: errs,
});

export const logCommunicationRoute = routeOf(endpoints.logCommunication, {
  tags,
  summary: "Log a communication; auto_advance_status moves New/Submitted to Contacted and Contacted to Qualified",
  answer: "Logged",
  responses: errs,
});

export const importContactsRoute = routeOf(endpoints.import, {
  tags,
  summary: "Import contacts from the entries of a JSON file (duplicates are merged)",
  answer: "What happened to each entry",
  responses: errs,
});

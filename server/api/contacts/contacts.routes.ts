import { createRoute, z } from "@hono/zod-openapi";
import {
  CommunicationSchema,
  ContactAnswerSchema,
  ContactDetailAnswerSchema,
  ContactImportSchema,
  ContactStatsAnswerSchema,
  ContactPatchSchema,
  DashboardSchema,
  ImportResultSchema,
  LoggedCommunicationSchema,
  NewContactSchema,
  StatusChangeSchema,
} from "~/lib/admin/contacts";
import {
  CommunicationListQuerySchema,
  CommunicationListSchema,
  ContactFilterQuerySchema,
  ContactListQuerySchema,
  ContactListSchema,
} from "~/lib/admin/contact-list";
import { adminErrors, errorResponses, IdParam, json, jsonBody, notFound } from "../../lib/openapi";

/** The contacts API of back-office spec 7, plus stats, import, the dashboard and the CSV export. */
const tags = ["Admin: contacts"];
const security = [{ bearerAuth: [] }];

/** What every contacts route can answer besides its 2xx (as the routes have always declared). */
const errs = {
  ...adminErrors,
  ...notFound,
  ...errorResponses([409], { 409: "Conflicts with another contact (e.g. the same email)" }),
};

export const listContactsRoute = createRoute({
  method: "get",
  path: "/api/admin/contacts",
  tags,
  security,
  summary:
    "A page of contacts (status filter; view=submissions for the website form's; q searches; sort), with the total",
  request: { query: ContactListQuerySchema },
  responses: { 200: json(ContactListSchema, "One page of the matching contacts and their count"), ...errs },
});

export const contactsCsvRoute = createRoute({
  method: "get",
  path: "/api/admin/contacts.csv",
  tags,
  security,
  summary: "Every contact matching the list's filters as a CSV file, streamed (Export CSV)",
  request: { query: ContactFilterQuerySchema },
  responses: {
    200: {
      description: "A CSV download (contacts-{day}.csv), written as it is read",
      content: {
        "text/csv": {
          schema: z.string().meta({
            example:
              "Name,Email,Phone,Company,Status,Lead Score,Source,Created\r\nRita Moreau,rita@harborbakery.example,401-555-0100,Harbor Bakery,Submitted,55,Website form,2026-03-14\r\n",
          }),
        },
      },
    },
    ...adminErrors,
  },
});

export const contactStatsRoute = createRoute({
  method: "get",
  path: "/api/admin/contacts/stats",
  tags,
  security,
  summary: "Counts for the stat cards",
  responses: { 200: json(ContactStatsAnswerSchema, "The counts"), ...errs },
});

export const dashboardRoute = createRoute({
  method: "get",
  path: "/api/admin/dashboard",
  tags,
  security,
  summary: "The dashboard's counters and the 5 newest leads",
  responses: { 200: json(DashboardSchema, "Dashboard"), ...errs },
});

export const getContactRoute = createRoute({
  method: "get",
  path: "/api/admin/contacts/{id}",
  tags,
  security,
  summary: "A contact with its 3 latest communications and their count",
  request: { params: IdParam },
  responses: { 200: json(ContactDetailAnswerSchema, "The contact"), ...errs },
});

export const createContactRoute = createRoute({
  method: "post",
  path: "/api/admin/contacts",
  tags,
  security,
  summary: "Add a contact (initial status new, contacted or qualified)",
  request: jsonBody(NewContactSchema),
  responses: { 201: json(ContactAnswerSchema, "Created"), ...errs },
});

export const updateContactRoute = createRoute({
  method: "put",
  path: "/api/admin/contacts/{id}",
  tags,
  security,
  summary: "Edit a contact",
  description:
    "Changes the fields sent; a field left out keeps its value, and one sent as null or an empty text is cleared. At least one field.",
  request: { params: IdParam, ...jsonBody(ContactPatchSchema) },
  responses: { 200: json(ContactAnswerSchema, "Saved"), ...errs },
});

export const setContactStatusRoute = createRoute({
  method: "put",
  path: "/api/admin/contacts/{id}/status",
  tags,
  security,
  summary: "Change a contact's status",
  request: { params: IdParam, ...jsonBody(StatusChangeSchema) },
  responses: { 200: json(ContactAnswerSchema, "Saved"), ...errs },
});

export const listCommunicationsRoute = createRoute({
  method: "get",
  path: "/api/admin/contacts/{id}/communications",
  tags,
  security,
  summary: "A page of a contact's communication log, newest first, with the count of all entries",
  request: { params: IdParam, query: CommunicationListQuerySchema },
  responses: { 200: json(CommunicationListSchema, "The log"), ...errs },
});

export const logCommunicationRoute = createRoute({
  method: "post",
  path: "/api/admin/contacts/{id}/communications",
  tags,
  security,
  summary: "Log a communication; auto_advance_status moves New/Submitted to Contacted and Contacted to Qualified",
  request: { params: IdParam, ...jsonBody(CommunicationSchema) },
  responses: { 201: json(LoggedCommunicationSchema, "Logged"), ...errs },
});

export const importContactsRoute = createRoute({
  method: "post",
  path: "/api/admin/contacts/import",
  tags,
  security,
  summary: "Import contacts from the entries of a JSON file (duplicates are merged)",
  request: jsonBody(ContactImportSchema),
  responses: { 200: json(ImportResultSchema, "What happened to each entry"), ...errs },
});

import { z } from "~/lib/zod";
import {
  CommunicationListQuerySchema,
  CommunicationListSchema,
  ContactFilterQuerySchema,
  ContactListQuerySchema,
  ContactListSchema,
} from "~/lib/admin/contact-list";
import {
  CommunicationSchema,
  ContactAnswerSchema,
  ContactDetailAnswerSchema,
  ContactImportSchema,
  ContactPatchSchema,
  ContactStatsAnswerSchema,
  DashboardSchema,
  ImportResultSchema,
  LoggedCommunicationSchema,
  NewContactSchema,
  StatusChangeSchema,
} from "~/lib/admin/contacts";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";

/** The CSV export's body, as documented (it is streamed, not parsed). */
const ContactsCsvSchema = z.string().meta({
  example:
    "Name,Email,Phone,Company,Status,Lead Score,Source,Created\r\nRita Moreau,rita@harborbakery.example,401-555-0100,Harbor Bakery,Submitted,55,Website form,2026-03-14\r\n",
});

/** The contacts of back-office spec 7, plus their stats, import, the dashboard and the CSV export. */
export const contactsEndpoints = {
  /** A page of contacts: status filter, view=submissions, q searches, sort; with the total. */
  list: endpoint({
    method: "get",
    path: "/api/admin/contacts",
    access: "admin",
    query: ContactListQuerySchema,
    answer: ContactListSchema,
  }),
  /** Every contact the list's filters match, as a CSV download. */
  exportCsv: endpoint({
    method: "get",
    path: "/api/admin/contacts.csv",
    access: "admin",
    query: ContactFilterQuerySchema,
    answer: ContactsCsvSchema,
    contentType: "text/csv",
  }),
  stats: endpoint({
    method: "get",
    path: "/api/admin/contacts/stats",
    access: "admin",
    answer: ContactStatsAnswerSchema,
  }),
  /** The dashboard's counters and the 5 newest leads. */
  dashboard: endpoint({
    method: "get",
    path: "/api/admin/dashboard",
    access: "admin",
    answer: DashboardSchema,
  }),
  /** A contact with its 3 latest communications and their count. */
  get: endpoint({
    method: "get",
    path: "/api/admin/contacts/{id}",
    access: "admin",
    params: IdParam,
    answer: ContactDetailAnswerSchema,
  }),
  create: endpoint({
    method: "post",
    path: "/api/admin/contacts",
    access: "admin",
    body: NewContactSchema,
    answer: ContactAnswerSchema,
    status: 201,
  }),
  /** The fields sent change; null or an empty text clears one. */
  update: endpoint({
    method: "put",
    path: "/api/admin/contacts/{id}",
    access: "admin",
    params: IdParam,
    body: ContactPatchSchema,
    answer: ContactAnswerSchema,
  }),
  setStatus: endpoint({
    method: "put",
    path: "/api/admin/contacts/{id}/status",
    access: "admin",
    params: IdParam,
    body: StatusChangeSchema,
    answer: ContactAnswerSchema,
  }),
  /** A page of a contact's log, newest first. */
  listCommunications: endpoint({
    method: "get",
    path: "/api/admin/contacts/{id}/communications",
    access: "admin",
    params: IdParam,
    query: CommunicationListQuerySchema,
    answer: CommunicationListSchema,
  }),
  logCommunication: endpoint({
    method: "post",
    path: "/api/admin/contacts/{id}/communications",
    access: "admin",
    params: IdParam,
    body: CommunicationSchema,
    answer: LoggedCommunicationSchema,
    status: 201,
  }),
  /** The entries of a JSON file; duplicates are merged. */
  import: endpoint({
    method: "post",
    path: "/api/admin/contacts/import",
    access: "admin",
    body: ContactImportSchema,
    answer: ImportResultSchema,
  }),
};

import { z } from "~/contracts/zod";
import { PROJECT_STATUSES } from "~/contracts/project-terms";
import { pageAnswerFields, pageQueryFields } from "~/contracts/paging";
import {
  ALL_LEAD_SOURCES,
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_TYPES,
  CONTACT_STATUSES,
  type ContactStatus,
} from "~/contracts/contact-terms";
import { ContactImportSchema, ImportResultSchema } from "./contact-import";
import { CommunicationSchema, ContactPatchSchema, NewContactSchema, StatusChangeSchema } from "./contact-inputs";
import { ContactFilterQuerySchema, ContactListQuerySchema, ContactsCsvSchema } from "./contact-list";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";

/**
 * Lead management's shared rules (docs/product/contacts.md "Contact", "Contact status",
 * "Lead sources", "Lead score", "Adding and editing"): the counts' thresholds, the contacts as the
 * API answers them, and the endpoint table. The values are in contact-terms.ts, what the admin sends
 * in contact-inputs.ts, the JSON import in contact-import.ts and the lists' queries in
 * contact-list.ts.
 */

/** Statuses counted as "Active Conversations". */
export const ACTIVE_CONVERSATION_STATUSES: readonly ContactStatus[] = ["contacted", "qualified", "proposal"];

export const HIGH_SCORE = 50;

export const MEDIUM_SCORE = 25;

/* ---------------- What the contacts API answers (docs/product/contacts.md "The calls") ---------------- */

const dateTime = (example: string) => z.string().meta({ format: "date-time", example });

const CREATED = "2025-03-14T15:09:26.000Z";

/** Website-form answers kept on the contact (docs/product/contacts.md "Contact": submission_data). */
export const SubmissionDataSchema = z
  .object({
    site_type: z.string(),
    budget: z.string(),
    timeline: z.string(),
    readiness: z.string(),
  })
  .meta({
    id: "SubmissionData",
    example: { site_type: "business", budget: "500-plus", timeline: "asap", readiness: "ready" },
  });

export type SubmissionData = z.infer<typeof SubmissionDataSchema>;

const contactExample = {
  id: 42,
  name: "Rita Moreau",
  email: "rita@harborbakery.example",
  phone: "401-555-0100",
  company: "Harbor Bakery",
  address: "12 Thames St, Newport, RI",
  business_type: "Bakery",
  google_maps_url: null,
  website_url: "https://harborbakery.example",
  source: "website",
  initial_message: "We need a site that takes cake orders.",
  status: "submitted",
  lead_score: 55,
  submission_data: { site_type: "business", budget: "500-plus", timeline: "asap", readiness: "ready" },
  landing_page: "/start-project",
  referrer: "https://www.google.com/",
  utm_source: "google",
  utm_medium: "cpc",
  utm_campaign: "spring",
  created_at: CREATED,
  updated_at: CREATED,
  communication_count: 2,
} as const;

export const ContactSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    address: z.string().nullable(),
    business_type: z.string().nullable(),
    google_maps_url: z.string().nullable(),
    website_url: z.string().nullable(),
    source: z.enum(ALL_LEAD_SOURCES),
    initial_message: z.string().nullable(),
    status: z.enum(CONTACT_STATUSES),
    lead_score: z.number().int().min(0).max(100),
    submission_data: z.union([SubmissionDataSchema, z.null()]).meta({
      description: "The website form's answers; null for contacts that did not come through it",
    }),
    landing_page: z.string().nullable(),
    referrer: z.string().nullable(),
    utm_source: z.string().nullable(),
    utm_medium: z.string().nullable(),
    utm_campaign: z.string().nullable(),
    created_at: dateTime(CREATED),
    updated_at: dateTime(CREATED),
    communication_count: z.number().int().min(0),
  })
  .meta({ id: "Contact", example: contactExample });

export type Contact = z.infer<typeof ContactSchema>;

const communicationExample = {
  id: 7,
  contact_id: 42,
  type: "call",
  direction: "outbound",
  subject: null,
  content: "Called about the order form; she wants a quote by Friday.",
  created_by: "tyler@example.com",
  created_at: CREATED,
} as const;

/** One entry of a contact's communication log; created_by is "system" for entries the site wrote. */
export const CommunicationRecordSchema = z
  .object({
    id: z.number().int(),
    contact_id: z.number().int(),
    type: z.enum(COMMUNICATION_TYPES),
    direction: z.enum(COMMUNICATION_DIRECTIONS),
    subject: z.string().nullable(),
    content: z.string(),
    created_by: z.string(),
    created_at: dateTime(CREATED),
  })
  .meta({ id: "Communication", example: communicationExample });

export type Communication = z.infer<typeof CommunicationRecordSchema>;

/** One of a contact's projects, as the lead screens link to it. */
export const ContactProjectSchema = z
  .object({
    id: z.string().meta({ example: "WBT-2026-7KQ4MZ" }),
    name: z.string().meta({ example: "Rita Moreau: Small business website, Nov 2026" }),
    status: z.enum(PROJECT_STATUSES),
    created_at: dateTime(CREATED),
  })
  .meta({ id: "ContactProject" });

export type ContactProject = z.infer<typeof ContactProjectSchema>;

const projectsField = z
  .array(ContactProjectSchema)
  .meta({ description: "The projects the contact belongs to, newest first" });

const projectExample = {
  id: "WBT-2026-7KQ4MZ",
  name: "Rita Moreau: Small business website, Nov 2026",
  status: "submitted",
  created_at: CREATED,
} as const;

/** A row of the contact lists: the contact and its projects' IDs (the Project button opens the newest). */
export const ContactListRowSchema = ContactSchema.extend({
  project_ids: z.array(z.string()).meta({
    description: "The IDs of the contact's projects, the one it joined last first",
    example: ["WBT-2026-7KQ4MZ"],
  }),
  next_call_at: z.string().nullable().meta({
    description: "The start of the contact's next confirmed call (docs/product/bookings.md), or null",
    example: "2027-01-12T19:00:00.000Z",
  }),
}).meta({
  id: "ContactListRow",
  example: { ...contactExample, project_ids: ["WBT-2026-7KQ4MZ"], next_call_at: "2027-01-12T19:00:00.000Z" },
});

export type ContactListRow = z.infer<typeof ContactListRowSchema>;

export const ContactDetailSchema = ContactSchema.extend({
  recent_communications: z.array(CommunicationRecordSchema).max(3),
  projects: projectsField,
}).meta({
  id: "ContactDetail",
  example: { ...contactExample, recent_communications: [communicationExample], projects: [projectExample] },
});

export type ContactDetail = z.infer<typeof ContactDetailSchema>;

const statsExample = {
  total: 120,
  submissions: 34,
  new_submissions: 5,
  high_score: 18,
  active_conversations: 12,
  completed_projects: 9,
};

export const ContactStatsSchema = z
  .object({
    total: z.number().int(),
    submissions: z.number().int(),
    new_submissions: z.number().int(),
    high_score: z.number().int(),
    active_conversations: z.number().int(),
    completed_projects: z.number().int(),
  })
  .meta({ id: "ContactStats", example: statsExample });

export type ContactStats = z.infer<typeof ContactStatsSchema>;

/** The answers of each contacts route: what the admin client checks them against (the lists' in server/services/contact-list.ts). */
export const ContactStatsAnswerSchema = z.object({ stats: ContactStatsSchema });

export const ContactAnswerSchema = z.object({ contact: ContactSchema });

export const ContactDetailAnswerSchema = z.object({ contact: ContactDetailSchema });

export const LoggedCommunicationSchema = z
  .object({
    communication: CommunicationRecordSchema,
    contact: ContactSchema,
    advanced_from: z
      .enum(CONTACT_STATUSES)
      .nullable()
      .meta({ description: "The status the contact moved on from, or null if it stayed", example: "new" }),
  })
  .meta({
    id: "LoggedCommunication",
    example: {
      communication: communicationExample,
      contact: { ...contactExample, status: "contacted" },
      advanced_from: "submitted",
    },
  });

export type LoggedCommunication = z.infer<typeof LoggedCommunicationSchema>;

/**
 * The dashboard: the stat cards' counts and the 5 newest leads (docs/product/dashboard.md
 * "Counters", "Recent Leads").
 */
export const DashboardSchema = z
  .object({
    stats: ContactStatsSchema,
    recent_leads: z.array(ContactSchema).max(5),
  })
  .meta({ id: "Dashboard", example: { stats: statsExample, recent_leads: [contactExample] } });

export type DashboardData = z.infer<typeof DashboardSchema>;

/** GET /api/admin/contacts: one page and the count of every match. */
export const ContactListSchema = z
  .object({ contacts: z.array(ContactListRowSchema), ...pageAnswerFields })
  .meta({ id: "ContactPage" });

export type ContactPage = z.infer<typeof ContactListSchema>;

/** GET /api/admin/contacts/{id}/communications: newest first, a page at a time. */
export const CommunicationListQuerySchema = z.object(pageQueryFields());

export const CommunicationListSchema = z
  .object({ communications: z.array(CommunicationRecordSchema), ...pageAnswerFields })
  .meta({ id: "CommunicationPage" });

export type CommunicationPage = z.infer<typeof CommunicationListSchema>;

/** The contacts of docs/product/contacts.md "The calls", plus their stats, import, the dashboard and the CSV export. */
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

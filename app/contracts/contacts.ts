import { z } from "~/contracts/zod";
import { PROJECT_STATUSES } from "~/contracts/project-terms";
import { LIST_SEARCH_MAX_LENGTH, pageAnswerFields, pageQueryFields } from "~/contracts/paging";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";

/**
 * Lead management's shared rules (docs/product/contacts.md "Contact", "Contact status",
 * "Lead sources", "Lead score", "Adding and editing"): the values, labels and colours the screens
 * show and the schemas the API checks.
 */
export const CONTACT_STATUSES = ["new", "submitted", "contacted", "qualified", "proposal", "won", "lost"] as const;

export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Statuses a contact may start with when added by hand. */
export const INITIAL_CONTACT_STATUSES = ["new", "contacted", "qualified"] as const;

/** Statuses counted as "Active Conversations". */
export const ACTIVE_CONVERSATION_STATUSES: readonly ContactStatus[] = ["contacted", "qualified", "proposal"];

/** The communication log's auto-advance (docs/product/contacts.md "Communication"). */
export const AUTO_ADVANCE: Partial<Record<ContactStatus, ContactStatus>> = {
  new: "contacted",
  contacted: "qualified",
  submitted: "contacted",
};

export const LEAD_SOURCES = ["manual", "referral", "social", "networking", "cold_outreach", "other"] as const;

/**
 * Editing also allows website (docs/product/contacts.md "Lead sources"); the site's own forms and
 * imports add the rest.
 */
export const EDITABLE_LEAD_SOURCES = [...LEAD_SOURCES, "website"] as const;

export const ALL_LEAD_SOURCES = [...EDITABLE_LEAD_SOURCES, "json_import", "contact_page", "claim", "chat"] as const;

export const HIGH_SCORE = 50;

export const MEDIUM_SCORE = 25;

export const COMMUNICATION_TYPES = ["email", "call", "meeting", "note"] as const;

export const COMMUNICATION_DIRECTIONS = ["inbound", "outbound"] as const;

/** Only these types carry a subject. */
export const TYPES_WITH_SUBJECT: readonly string[] = ["email", "meeting"];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Keep this to at most ${max} characters` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Lead score 0-100; anything that is not a number becomes 0 (docs/product/contacts.md "Adding and editing"). */
export const leadScoreField = z.preprocess(
  (value) => {
    const n = typeof value === "number" ? value : Number(String(value ?? "").trim());
    return Number.isFinite(n) ? Math.round(n) : 0;
  },
  z.number().min(0, { error: "Lead score must be 0 to 100" }).max(100, { error: "Lead score must be 0 to 100" }),
);

const contactFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { error: "Name is required" })
    .max(200, { error: "Name must be at most 200 characters" }),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { error: "Email is required" })
    .max(254, { error: "Email must be at most 254 characters" })
    .pipe(z.email({ error: "Enter a valid email address, like name@example.com" })),
  phone: optionalText(40),
  company: optionalText(200),
  address: optionalText(300),
  business_type: optionalText(100),
  google_maps_url: optionalText(500),
  website_url: optionalText(500),
  initial_message: optionalText(5000),
};

export const NewContactSchema = z
  .object({
    ...contactFields,
    status: z
      .enum(INITIAL_CONTACT_STATUSES, { error: "A new contact starts as New, Contacted or Qualified" })
      .default("new"),
    source: z
      .enum(EDITABLE_LEAD_SOURCES, { error: `Source must be one of: ${EDITABLE_LEAD_SOURCES.join(", ")}` })
      .default("manual"),
    lead_score: leadScoreField.default(0),
  })
  .meta({
    example: {
      name: "Marta Quinn",
      email: "marta@quinnpottery.example.com",
      phone: "(401) 555-0142",
      company: "Quinn Pottery",
      address: "12 Thames St, Newport, RI",
      business_type: "Retail",
      website_url: null,
      initial_message: "Met at the Newport craft fair; wants an online shop.",
      status: "new",
      source: "networking",
      lead_score: 40,
    },
  });

export type NewContactInput = z.input<typeof NewContactSchema>;

export const ContactUpdateSchema = z
  .object({
    ...contactFields,
    status: z.enum(CONTACT_STATUSES, { error: `Status must be one of: ${CONTACT_STATUSES.join(", ")}` }),
    source: z.enum(ALL_LEAD_SOURCES, { error: `Source must be one of: ${EDITABLE_LEAD_SOURCES.join(", ")}` }),
    lead_score: leadScoreField,
  })
  .meta({
    example: {
      name: "Marta Quinn",
      email: "marta@quinnpottery.example.com",
      phone: "(401) 555-0142",
      company: "Quinn Pottery",
      address: "12 Thames St, Newport, RI",
      business_type: "Retail",
      google_maps_url: null,
      website_url: "https://quinnpottery.example.com",
      initial_message: "Met at the Newport craft fair; wants an online shop.",
      status: "qualified",
      source: "networking",
      lead_score: 55,
    },
  });

export type ContactUpdateInput = z.input<typeof ContactUpdateSchema>;

/**
 * PUT /api/admin/contacts/{id}: the fields sent are changed, the fields left out keep their
 * values (a script that sends name, e-mail and status clears nothing); a field sent as null or
 * "" is cleared. The edit dialog sends every field.
 */
export const ContactPatchSchema = ContactUpdateSchema.partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: `Send at least one field to change: ${Object.keys(ContactUpdateSchema.shape).join(", ")}`,
  })
  .meta({ example: { name: "Marta Quinn", email: "marta@quinnpottery.example.com", status: "qualified" } });

export const StatusChangeSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: `Status must be one of: ${CONTACT_STATUSES.join(", ")}` }),
});

export const CommunicationSchema = z
  .object({
    type: z.enum(COMMUNICATION_TYPES, { error: "Type must be email, call, meeting or note" }),
    direction: z.enum(COMMUNICATION_DIRECTIONS, { error: "Direction must be inbound or outbound" }).default("outbound"),
    subject: optionalText(300),
    content: z
      .string({ error: "Communication content is required" })
      .trim()
      .min(1, { error: "Communication content is required" })
      .max(20_000, { error: "Communication content must be at most 20000 characters" }),
    auto_advance_status: z.boolean().optional().default(false),
  })
  .meta({
    example: {
      type: "call",
      direction: "outbound",
      subject: null,
      content: "Called about the online shop: she wants a quote by Friday.",
      auto_advance_status: true,
    },
  })
  .transform((v) => ({ ...v, subject: TYPES_WITH_SUBJECT.includes(v.type) ? v.subject : null }));

export type CommunicationInput = z.input<typeof CommunicationSchema>;

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
}).meta({ id: "ContactListRow", example: { ...contactExample, project_ids: ["WBT-2026-7KQ4MZ"] } });

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

/** The answers of each contacts route: what the admin client checks them against (the lists' in contact-list.ts). */
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

/* ---------------- JSON import (docs/product/contacts.md "JSON import") ---------------- */

export const MAX_IMPORT_ENTRIES = 5000;

const isPlainObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A field of an import entry: text or a number (phone numbers often come as numbers).
 * A value of any other type is ignored, as if the field were absent.
 */
const importField = (example: string | number) =>
  z.preprocess(
    (value) => (typeof value === "string" || typeof value === "number" ? value : undefined),
    z.union([z.string(), z.number()]).optional().meta({ example }),
  );

/** One entry of an import file: the fields the import reads (all optional; any others are ignored). */
export const ImportEntrySchema = z
  .object({
    businessName: importField("Harbor Bakery"),
    name: importField("Rita Moreau"),
    company: importField("Harbor Bakery"),
    email: importField("rita@harborbakery.example"),
    phone: importField("(401) 555-0111"),
    address: importField("12 Thames St, Newport"),
    businessType: importField("Bakery"),
    googleMapsURL: importField("https://maps.example/harbor-bakery"),
    googleMapsUrl: importField("https://maps.example/harbor-bakery"),
    website: importField("https://harborbakery.example"),
    websiteURL: importField("https://harborbakery.example"),
    websiteUrl: importField("https://harborbakery.example"),
    notes: importField("Met at the expo"),
  })
  .meta({
    id: "ImportEntry",
    description:
      "businessName (else name) names the contact; it needs an email or a phone. Each entry is checked on its own: one that fails is listed in the answer's `failed`, the others are imported.",
    example: {
      businessName: "Harbor Bakery",
      email: "rita@harborbakery.example",
      phone: "(401) 555-0111",
      address: "12 Thames St, Newport",
      businessType: "Bakery",
      website: "https://harborbakery.example",
    },
  });

export type ImportEntryFields = z.output<typeof ImportEntrySchema>;

export const ContactImportSchema = z
  .object({
    contacts: z
      .array(
        // An entry that is not an object reaches the import as null, which reports it as such.
        z.preprocess((entry) => (isPlainObject(entry) ? entry : null), z.union([ImportEntrySchema, z.null()])),
      )
      .max(MAX_IMPORT_ENTRIES),
  })
  .meta({
    id: "ContactImport",
    description: "The entries of the file, in order; an entry that is not an object is reported as such in `failed`",
    example: {
      contacts: [
        { businessName: "Harbor Bakery", email: "rita@harborbakery.example", businessType: "Bakery" },
        { name: "Joe Plumber", phone: "401.555.0199", notes: "Met at the expo" },
      ],
    },
  });

/** JSON import (docs/product/contacts.md "JSON import"): one outcome per entry. */
export const ImportResultSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    failed: z.array(
      z.object({
        index: z.number().int().meta({ description: "Position of the entry in the file, from 0" }),
        label: z.string().meta({ description: "Its name or email, or 'Entry n'" }),
        error: z.string(),
      }),
    ),
  })
  .meta({
    id: "ImportResult",
    example: {
      created: 12,
      updated: 3,
      failed: [{ index: 4, label: "Joe Plumber", error: "Missing phone or email" }],
    },
  });

export type ImportResult = z.infer<typeof ImportResultSchema>;

/**
 * The contact lists (docs/product/contacts.md "The calls": GET /api/admin/contacts takes status and
 * view=submissions), searched, sorted and paged by the server, and their CSV export over the same
 * filters.
 */
export const CONTACT_SORTS = ["newest", "oldest", "name", "score"] as const;

export type ContactSort = (typeof CONTACT_SORTS)[number];

export const LEAD_VIEWS = ["contacts", "submissions"] as const;

export type LeadView = (typeof LEAD_VIEWS)[number];

/** The filters a list and its export share. */
export const ContactFilterQuerySchema = z.object({
  status: z
    .enum(CONTACT_STATUSES, { error: `status must be one of: ${CONTACT_STATUSES.join(", ")}` })
    .optional()
    .meta({ example: "qualified" }),
  view: z
    .enum(LEAD_VIEWS, { error: "view must be submissions or contacts" })
    .optional()
    .meta({ description: "submissions: only the contacts the website's project form made", example: "submissions" }),
  q: z
    .string({ error: "q must be one piece of text" })
    .trim()
    .max(LIST_SEARCH_MAX_LENGTH, { error: `q must be at most ${LIST_SEARCH_MAX_LENGTH} characters` })
    .optional()
    .meta({ description: "Part of a name, e-mail, company or phone; any case", example: "bakery" }),
  sort: z
    .enum(CONTACT_SORTS, { error: `sort must be one of: ${CONTACT_SORTS.join(", ")}` })
    .optional()
    .default("newest")
    .meta({ description: "newest (the default), oldest, name (A-Z) or score (highest first)", example: "newest" }),
});

export type ContactFilterQuery = z.output<typeof ContactFilterQuerySchema>;

export const ContactListQuerySchema = ContactFilterQuerySchema.extend(pageQueryFields());

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

/** The export's columns (as the browser-built file had them). */
export const CONTACT_CSV_HEADER = ["Name", "Email", "Phone", "Company", "Status", "Lead Score", "Source", "Created"];

/** The CSV export's body, as documented (it is streamed, not parsed). */
const ContactsCsvSchema = z.string().meta({
  example:
    "Name,Email,Phone,Company,Status,Lead Score,Source,Created\r\nRita Moreau,rita@harborbakery.example,401-555-0100,Harbor Bakery,Submitted,55,Website form,2026-03-14\r\n",
});

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

import { z } from "zod";

/**
 * Lead management's shared rules (back-office spec 3, 4, 5, 9): the values,
 * labels and colours the screens show and the schemas the API checks.
 */
export const CONTACT_STATUSES = ["new", "submitted", "contacted", "qualified", "proposal", "won", "lost"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: "New",
  submitted: "Submitted",
  contacted: "Contacted",
  qualified: "Qualified",
  proposal: "Proposal Sent",
  won: "Won",
  lost: "Lost",
};

/** Statuses a contact may start with when added by hand. */
export const INITIAL_CONTACT_STATUSES = ["new", "contacted", "qualified"] as const;

/** Statuses counted as "Active Conversations". */
export const ACTIVE_CONVERSATION_STATUSES: readonly ContactStatus[] = ["contacted", "qualified", "proposal"];

/** The communication log's auto-advance (back-office spec 4). */
export const AUTO_ADVANCE: Partial<Record<ContactStatus, ContactStatus>> = {
  new: "contacted",
  contacted: "qualified",
  submitted: "contacted",
};

export const LEAD_SOURCES = ["manual", "referral", "social", "networking", "cold_outreach", "other"] as const;
/** Editing also allows website (back-office spec 4); the site's own forms and imports add the rest. */
export const EDITABLE_LEAD_SOURCES = [...LEAD_SOURCES, "website"] as const;
export const ALL_LEAD_SOURCES = [...EDITABLE_LEAD_SOURCES, "json_import", "contact_page", "claim", "chat"] as const;
export const LEAD_SOURCE_LABELS: Record<(typeof ALL_LEAD_SOURCES)[number], string> = {
  manual: "Manual",
  referral: "Referral",
  social: "Social media",
  networking: "Networking",
  cold_outreach: "Cold outreach",
  other: "Other",
  website: "Website form",
  json_import: "JSON import",
  contact_page: "Contact page",
  claim: "Website claim",
  chat: "Guided chat",
};

export const HIGH_SCORE = 50;
export const MEDIUM_SCORE = 25;
/** Score colour of back-office spec 9: >= 50 green, >= 25 yellow, else gray. */
export const scoreTone = (score: number) => (score >= HIGH_SCORE ? "green" : score >= MEDIUM_SCORE ? "yellow" : "gray");

export const COMMUNICATION_TYPES = ["email", "call", "meeting", "note"] as const;
export const COMMUNICATION_DIRECTIONS = ["inbound", "outbound"] as const;
/** Only these types carry a subject. */
export const TYPES_WITH_SUBJECT: readonly string[] = ["email", "meeting"];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Keep this under ${max} characters` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Lead score 0-100; anything that is not a number becomes 0 (back-office spec 5). */
export const leadScoreField = z.preprocess(
  (value) => {
    const n = typeof value === "number" ? value : Number(String(value ?? "").trim());
    return Number.isFinite(n) ? Math.round(n) : 0;
  },
  z.number().min(0, { error: "Lead score is 0 to 100" }).max(100, { error: "Lead score is 0 to 100" }),
);

const contactFields = {
  name: z.string({ error: "Name is required" }).trim().min(1, { error: "Name is required" }).max(200),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { error: "Email is required" })
    .max(254)
    .pipe(z.email({ error: "Enter a valid email address, like name@example.com" })),
  phone: optionalText(40),
  company: optionalText(200),
  address: optionalText(300),
  business_type: optionalText(100),
  google_maps_url: optionalText(500),
  website_url: optionalText(500),
  initial_message: optionalText(5000),
};

export const NewContactSchema = z.object({
  ...contactFields,
  status: z
    .enum(INITIAL_CONTACT_STATUSES, { error: "A new contact starts as New, Contacted or Qualified" })
    .default("new"),
  source: z
    .enum(EDITABLE_LEAD_SOURCES, { error: `Source must be one of: ${EDITABLE_LEAD_SOURCES.join(", ")}` })
    .default("manual"),
  lead_score: leadScoreField.default(0),
});
export type NewContactInput = z.input<typeof NewContactSchema>;

export const ContactUpdateSchema = z.object({
  ...contactFields,
  status: z.enum(CONTACT_STATUSES, { error: `Status must be one of: ${CONTACT_STATUSES.join(", ")}` }),
  source: z.enum(ALL_LEAD_SOURCES, { error: `Source must be one of: ${EDITABLE_LEAD_SOURCES.join(", ")}` }),
  lead_score: leadScoreField,
});
export type ContactUpdateInput = z.input<typeof ContactUpdateSchema>;

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
      .max(20_000),
    auto_advance_status: z.boolean().optional().default(false),
  })
  .transform((v) => ({ ...v, subject: TYPES_WITH_SUBJECT.includes(v.type) ? v.subject : null }));
export type CommunicationInput = z.input<typeof CommunicationSchema>;

export interface SubmissionData {
  site_type: string;
  budget: string;
  timeline: string;
  readiness: string;
}

export interface Contact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  address: string | null;
  business_type: string | null;
  google_maps_url: string | null;
  website_url: string | null;
  source: string;
  initial_message: string | null;
  status: ContactStatus;
  lead_score: number;
  submission_data: SubmissionData | null;
  landing_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  created_at: string;
  updated_at: string;
  communication_count: number;
}

export interface Communication {
  id: number;
  contact_id: number;
  type: (typeof COMMUNICATION_TYPES)[number];
  direction: (typeof COMMUNICATION_DIRECTIONS)[number];
  subject: string | null;
  content: string;
  created_by: string;
  created_at: string;
}

export interface ContactDetail extends Contact {
  recent_communications: Communication[];
}

export interface ContactStats {
  total: number;
  submissions: number;
  new_submissions: number;
  high_score: number;
  active_conversations: number;
  completed_projects: number;
}

/** JSON import (back-office spec 5): one outcome per entry. */
export interface ImportResult {
  created: number;
  updated: number;
  failed: { index: number; label: string; error: string }[];
}

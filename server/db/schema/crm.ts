import { sql } from "drizzle-orm";
import type { ProjectStatus } from "~/contracts/project-terms";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The CRM (docs/product/contacts.md "Contact", "Communication"; docs/product/projects.md
 * "Project"): contacts (leads and clients), their communications, projects and the contacts
 * on each project.
 */
export const CONTACT_STATUSES = ["new", "submitted", "contacted", "qualified", "proposal", "won", "lost"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** docs/product/contacts.md "Lead sources": the owner's lead sources, plus the public forms' own. */
export const CONTACT_SOURCES = [
  "manual",
  "referral",
  "social",
  "networking",
  "cold_outreach",
  "other",
  "website",
  "json_import",
  "contact_page",
  "claim",
  "chat",
] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/** Website-form answers kept on the contact (`submission_data` of docs/product/contacts.md "Contact"). */
export interface SubmissionData {
  site_type: string;
  budget: string;
  timeline: string;
  readiness: string;
}

export const contacts = pgTable(
  "contacts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    address: text("address"),
    businessType: text("business_type"),
    googleMapsUrl: text("google_maps_url"),
    websiteUrl: text("website_url"),
    source: text("source").$type<ContactSource>().notNull().default("manual"),
    initialMessage: text("initial_message"),
    status: text("status").$type<ContactStatus>().notNull().default("new"),
    leadScore: integer("lead_score").notNull().default(0),
    submissionData: jsonb("submission_data").$type<SubmissionData>(),
    // Lead attribution: where the visit that produced the lead came from.
    landingPage: text("landing_page"),
    /**
     * Whether the lead's visit was counted by the site's analytics (the visitor had accepted
     * analytics when the lead was sent): only those enter the funnel's rates. Null: not known
     * (leads from before this was recorded, or not from the site).
     */
    visitCounted: boolean("visit_counted"),
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One contact per e-mail address, whatever its case (public forms match on it).
    uniqueIndex("contacts_email_lower_key").on(sql`lower(${t.email})`),
    index("contacts_status_idx").on(t.status),
    // The lists' newest and oldest orders, and their ids with them: a page's ids are read from the
    // index alone, however far down the list (server/services/list-totals.ts pageIds; decisions 049, 057).
    index("contacts_created_at_idx").on(t.createdAt, t.id),
    index("contacts_score_idx").on(t.leadScore, t.id),
    // The lists' search: part of a name, e-mail, company or phone, any case (ILIKE '%...%'). Trigram
    // indexes (the pg_trgm extension) answer it without reading every contact: 0.9 ms against 10 ms
    // for a rare name among 5,000. Migration 0011 creates them.
    index("contacts_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("contacts_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("contacts_company_trgm_idx").using("gin", t.company.op("gin_trgm_ops")),
    index("contacts_phone_trgm_idx").using("gin", t.phone.op("gin_trgm_ops")),
    // The lists' Name A-Z order, a page at a time (12 ms of sorting per page at 5,000 without it).
    // The name itself last: PostgreSQL reads a page's ids from the index alone only when it holds
    // the column, not just lower() of it (the last of 50,000: 65 ms against 390 ms; decision 049).
    index("contacts_name_lower_idx").on(sql`lower(${t.name})`, t.id, t.name),
    check("contacts_lead_score_range", sql`${t.leadScore} between 0 and 100`),
  ],
);

export const COMMUNICATION_TYPES = ["email", "call", "meeting", "note"] as const;
export const COMMUNICATION_DIRECTIONS = ["inbound", "outbound"] as const;

export const communications = pgTable(
  "communications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    contactId: bigint("contact_id", { mode: "number" })
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    type: text("type").$type<(typeof COMMUNICATION_TYPES)[number]>().notNull(),
    direction: text("direction").$type<(typeof COMMUNICATION_DIRECTIONS)[number]>().notNull(),
    subject: text("subject"),
    content: text("content").notNull(),
    /** 'system' for entries the site wrote itself (shown with the Auto badge). */
    createdBy: text("created_by").notNull().default("system"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("communications_contact_idx").on(t.contactId, t.createdAt)],
);

/** The project statuses are the contract's (app/contracts/project-terms.ts), written once. */
export { PROJECT_STATUSES, type ProjectStatus } from "~/contracts/project-terms";

export const projects = pgTable(
  "projects",
  {
    /** WBT-{year}-{6 unambiguous characters}: unguessable, readable over the phone. */
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    projectType: text("project_type"),
    budgetRange: text("budget_range"),
    startDate: date("start_date"),
    targetCompletion: date("target_completion"),
    clientNotes: text("client_notes"),
    internalNotes: text("internal_notes"),
    status: text("status").$type<ProjectStatus>().notNull().default("planning"),
    /** The project form's answers that have no column of their own (timeline, readiness). */
    legacyData: jsonb("legacy_data").$type<Record<string, string>>(),
    // Lead attribution, as on the contact: where the visit that produced the project came from.
    landingPage: text("landing_page"),
    /**
     * Whether the lead's visit was counted by the site's analytics (the visitor had accepted
     * analytics when the lead was sent): only those enter the funnel's rates. Null: not known
     * (leads from before this was recorded, or not from the site).
     */
    visitCounted: boolean("visit_counted"),
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("projects_status_idx").on(t.status),
    // The list's orders (server/services/projects/list.ts), each ending on the id as the list does.
    index("projects_created_idx").on(t.createdAt, t.id),
    index("projects_updated_idx").on(t.updatedAt, t.id),
    index("projects_name_lower_idx").on(sql`lower(${t.name})`, t.id, t.name),
  ],
);

export const PROJECT_CONTACT_ROLES = [
  "client",
  "stakeholder",
  "decision_maker",
  "technical_contact",
  "project_manager",
] as const;

export const projectContacts = pgTable(
  "project_contacts",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    contactId: bigint("contact_id", { mode: "number" })
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    role: text("role").$type<(typeof PROJECT_CONTACT_ROLES)[number]>().notNull().default("client"),
    isPrimary: boolean("is_primary").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.contactId] }),
    // At most one primary contact per project.
    uniqueIndex("project_contacts_one_primary")
      .on(t.projectId)
      .where(sql`${t.isPrimary}`),
    index("project_contacts_contact_idx").on(t.contactId),
  ],
);

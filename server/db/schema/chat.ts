import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { Attribution } from "~/contracts/fields";
import type { QuestionType } from "~/contracts/inquiry-terms";
import { contacts, projects } from "./crm";

/**
 * The guided inquiry chat (docs/product/inquiries.md "Inquiry", docs/product/chat.md
 * "Inquiry chat session and messages") and the assistant's settings
 * (docs/product/settings.md "Chat settings entity").
 */
export const INQUIRY_STATUSES = ["active", "completed"] as const;
export type InquiryStatusValue = (typeof INQUIRY_STATUSES)[number];

export const inquiries = pgTable(
  "inquiries",
  {
    /** Unguessable: 128 random bits, base64url. */
    id: text("id").primaryKey(),
    visitorName: text("visitor_name"),
    visitorEmail: text("visitor_email"),
    projectType: text("project_type"),
    budget: text("budget"),
    timeline: text("timeline"),
    description: text("description"),
    additionalInfo: text("additional_info"),
    status: text("status").$type<InquiryStatusValue>().notNull().default("active"),
    completionPercentage: smallint("completion_percentage").notNull().default(0),
    /** The question the visitor is expected to answer next; null once completed. */
    currentQuestion: text("current_question").$type<QuestionType>(),
    attribution: jsonb("attribution").$type<Attribution>(),
    contactId: bigint("contact_id", { mode: "number" }).references(() => contacts.id, { onDelete: "set null" }),
    /** The project a completed inquiry became (status submitted), which the visitor follows in the portal. */
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    // The owner's list, newest first, a page's ids read from the index alone (decision 049).
    index("inquiries_created_idx").on(t.createdAt, t.id),
    // Its search over name, e-mail, inquiry and project ID: ILIKE '%text%' through pg_trgm (a rare
    // name among 30,000: 0.8 ms against 77 ms; decision 049).
    index("inquiries_search_trgm_idx").using(
      "gin",
      t.visitorName.op("gin_trgm_ops"),
      t.visitorEmail.op("gin_trgm_ops"),
      t.id.op("gin_trgm_ops"),
      t.projectId.op("gin_trgm_ops"),
    ),
    check("inquiries_status_check", sql`${t.status} in ('active', 'completed')`),
    check("inquiries_completion_check", sql`${t.completionPercentage} between 0 and 100`),
  ],
);

export const inquiryMessages = pgTable(
  "inquiry_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    inquiryId: text("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    authorType: text("author_type").$type<"admin" | "visitor">().notNull(),
    sender: text("sender").notNull(),
    content: text("content").notNull(),
    messageType: text("message_type").$type<"question" | "answer" | "message">().notNull(),
    questionType: text("question_type").$type<QuestionType>(),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inquiry_messages_inquiry_idx").on(t.inquiryId, t.createdAt, t.id),
    check("inquiry_messages_author_check", sql`${t.authorType} in ('admin', 'visitor')`),
  ],
);

/** One row (id 1): the settings document, merged over the defaults when read. */
export const chatSettings = pgTable(
  "chat_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("chat_settings_single_row", sql`${t.id} = 1`)],
);

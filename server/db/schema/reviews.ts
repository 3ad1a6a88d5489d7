import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ReviewStatus, ReviewTrigger } from "~/contracts/review-terms";
import { posts } from "./content";
import { contacts, projects } from "./crm";

/**
 * Reviews after launch (docs/product/reviews.md; docs/decisions/059-reviews.md): the one request a
 * project's client gets, the one review a project gets, and the owner's setting of when to ask.
 */

/** One row (id 1), written when the owner first saves: until then the defaults (ask at Complete). */
export const reviewSettings = pgTable(
  "review_settings",
  {
    id: smallint("id").primaryKey().default(1),
    trigger: text("trigger").$type<ReviewTrigger>().notNull().default("complete"),
    launchDays: integer("launch_days").notNull().default(14),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("review_settings_one_row", sql`${t.id} = 1`),
    check("review_settings_trigger", sql`${t.trigger} in ('complete', 'launch')`),
  ],
);

/**
 * The request e-mail of a project, at most one (the primary key): written in the transaction that
 * moves the project to Complete (or Launch, when the owner asks after Launch), sent by a job once
 * due, its state set in the transaction that queues the e-mail.
 */
export const reviewRequests = pgTable(
  "review_requests",
  {
    projectId: text("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The status move that made it: complete, or launch (then due some days later). */
    reason: text("reason").$type<ReviewTrigger>().notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** waiting until due; sent once queued; skipped when no client address or the project went back. */
    state: text("state").$type<"waiting" | "sent" | "skipped">().notNull().default("waiting"),
    contactId: bigint("contact_id", { mode: "number" }).references(() => contacts.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_requests_due_idx")
      .on(t.dueAt)
      .where(sql`${t.state} = 'waiting'`),
    check("review_requests_state", sql`${t.state} in ('waiting', 'sent', 'skipped')`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Set null if the project is ever removed: a published review keeps what its writer chose to show. */
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    contactId: bigint("contact_id", { mode: "number" }).references(() => contacts.id, { onDelete: "set null" }),
    stars: smallint("stars").notNull(),
    words: text("words").notNull(),
    displayName: text("display_name").notNull(),
    business: text("business").notNull().default(""),
    /** The client's consent to publish: without it the review can never be approved. */
    consent: boolean("consent").notNull(),
    status: text("status").$type<ReviewStatus>().notNull().default("pending"),
    /** The portfolio entry (or case study) the owner shows it on, beside the home and about pages. */
    postId: bigint("post_id", { mode: "number" }).references(() => posts.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per project: a second submission edits the pending one.
    uniqueIndex("reviews_project_key").on(t.projectId),
    index("reviews_created_idx").on(t.createdAt, t.id),
    index("reviews_approved_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("reviews_post_idx").on(t.postId),
    check("reviews_stars", sql`${t.stars} between 1 and 5`),
    check("reviews_status", sql`${t.status} in ('pending', 'approved', 'hidden')`),
    check("reviews_approved_consent", sql`${t.status} <> 'approved' or ${t.consent}`),
  ],
);

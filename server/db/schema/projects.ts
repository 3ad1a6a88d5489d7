import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { projects } from "./crm";
import { media } from "./media";

/**
 * What happens on a project once a lead says yes (docs/product/projects.md; docs/product/client-portal.md
 * and its "Client-portal project", "Project comment"): its milestones, the updates the owner posts,
 * the discussion with the client, and the client's way in (docs/product/architecture.md "Security
 * defaults", docs/decisions/017-client-portal-access.md: a one-time sign-in link by e-mail, or the
 * unguessable project ID).
 */

export const MILESTONE_STATUSES = ["pending", "in_progress", "completed", "on_hold"] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const projectMilestones = pgTable(
  "project_milestones",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status").$type<MilestoneStatus>().notNull().default("pending"),
    dueDate: date("due_date"),
    completedDate: date("completed_date"),
    /** The owner's order (0 first). */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("project_milestones_project_idx").on(t.projectId, t.position),
    check("project_milestones_status_check", sql`${t.status} in ('pending', 'in_progress', 'completed', 'on_hold')`),
  ],
);

export const projectUpdates = pgTable(
  "project_updates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /** When the update was queued to the client's e-mail, if the owner asked for it. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_updates_project_idx").on(t.projectId, t.createdAt)],
);

export const COMMENT_AUTHOR_TYPES = ["admin", "client"] as const;
export type CommentAuthorType = (typeof COMMENT_AUTHOR_TYPES)[number];

export const projectComments = pgTable(
  "project_comments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Who wrote it comes from the token that posted it, never from the request body. */
    authorType: text("author_type").$type<CommentAuthorType>().notNull(),
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email"),
    content: text("content").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("project_comments_project_idx").on(t.projectId, t.createdAt),
    check("project_comments_author_type_check", sql`${t.authorType} in ('admin', 'client')`),
  ],
);

/** The files attached to a comment (media rows of the same project). */
export const projectCommentMedia = pgTable(
  "project_comment_media",
  {
    commentId: bigint("comment_id", { mode: "number" })
      .notNull()
      .references(() => projectComments.id, { onDelete: "cascade" }),
    mediaId: bigint("media_id", { mode: "number" })
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.mediaId] }), index("project_comment_media_media_idx").on(t.mediaId)],
);

/**
 * One-time sign-in links of the client portal: only the SHA-256 of the token is kept, so the
 * table alone opens nothing. A link is spent by the button on the page it opens (mail scanners
 * only fetch the page), once, within its 30 minutes.
 */
export const portalSignInLinks = pgTable(
  "portal_sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("portal_sign_in_links_expires_idx").on(t.expiresAt)],
);

/**
 * Portal sessions: a token (kept as its SHA-256) scoped either to the projects of an e-mail
 * address (signed in by link: the projects whose contacts carry that address, now and later)
 * or to one project (opened by its ID).
 */
export const portalSessions = pgTable(
  "portal_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email"),
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("portal_sessions_expires_idx").on(t.expiresAt),
    check("portal_sessions_scope_check", sql`${t.email} is not null or ${t.projectId} is not null`),
  ],
);

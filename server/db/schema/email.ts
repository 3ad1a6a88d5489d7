import { bigint, bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every e-mail the site sends is written here first, then handed to SMTP
 * when configured: without SMTP, or when sending fails, it waits here to be
 * read and retried from the admin. No message is ever lost.
 */
export const EMAIL_STATUSES = ["pending", "sent", "failed", "held"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What the message is for: lead_notification, submission_confirmation, admin_compose, ... */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** pending: not sent yet; sent; failed: the last try failed (retried); held: no SMTP configured. */
    status: text("status").$type<EmailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    contactId: bigint("contact_id", { mode: "number" }),
    projectId: text("project_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_status_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);

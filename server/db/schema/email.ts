import type { OutboxStatus } from "~/contracts/email";
import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** A calendar invitation sent with a message (a booking's .ics): its METHOD and its text. */
export interface OutboxCalendar {
  method: "REQUEST" | "CANCEL";
  content: string;
}

/**
 * Every e-mail the site sends is written here first, in the transaction of the rows it
 * announces, then handed to SMTP when configured (server/services/mail.ts,
 * docs/decisions/028-outbox.md). Its states are OUTBOX_STATUSES (app/lib/admin/email.ts).
 */
export type EmailStatus = OutboxStatus;

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
    /** A calendar invitation, sent as the message's text/calendar part and as invite.ics. */
    calendar: jsonb("calendar").$type<OutboxCalendar>(),
    status: text("status").$type<EmailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    contactId: bigint("contact_id", { mode: "number" }),
    projectId: text("project_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** pending and retrying: the next try; sending: the end of the sender's lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /**
     * When it became sendable: written (with SMTP), or sent or resent by the owner. The 72 hours of
     * retries count from here, so held mail the owner sends days later still gets its retries.
     */
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    /** After this the message is useless (a sign-in link that expired): dropped, never sent late. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * What the outbox's search reads: recipient and subject in lower case, kept by PostgreSQL. One
     * LIKE over it costs half of two ILIKEs, on each of the thousands of rows a common word's first
     * page walks (docs/decisions/057-page-ids-then-rows.md).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower(to_address || ' ' || subject)`),
  },
  (t) => [
    index("email_outbox_status_idx").on(t.status, t.nextAttemptAt),
    // The outbox screen, newest first, a page's ids read from the index alone (decision 049).
    index("email_outbox_created_idx").on(t.createdAt, t.id),
    // The outbox screen's status pages, newest first, and their counts (listOutbox).
    index("email_outbox_status_created_idx").on(t.status, t.createdAt, t.id),
    // Its search over recipient and subject: LIKE '%text%' on the lower-case text, through pg_trgm.
    index("email_outbox_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

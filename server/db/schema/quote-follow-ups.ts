import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { FollowUpKind } from "~/contracts/quote-follow-ups";
import { contacts } from "./crm";
import { quotes } from "./billing";

/**
 * Quote follow-ups (docs/product/billing.md "Follow-ups"; decision 060). A row of
 * quote_follow_ups is the mark that a follow-up of that kind went for that quote: written in the
 * transaction that queues its e-mail, its key (quote, kind) lets it go once whatever the processes.
 * It keeps whom it went to (the contact may change later) and the outbox message.
 */
export const quoteFollowUps = pgTable(
  "quote_follow_ups",
  {
    quoteId: bigint("quote_id", { mode: "number" })
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind").$type<FollowUpKind>().notNull(),
    /** The moment it was due (9:00 in the business's zone on its day). */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    contactId: bigint("contact_id", { mode: "number" }).references(() => contacts.id, { onDelete: "set null" }),
    toName: text("to_name").notNull(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    emailId: bigint("email_id", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.kind] }),
    index("quote_follow_ups_sent_idx").on(t.sentAt),
    check("quote_follow_ups_kind_check", sql`${t.kind} in ('not_opened', 'expiring')`),
  ],
);

/**
 * The quotes whose follow-ups the owner turned off, by number: the switch holds for every revision
 * of the quote (they share its number), so a revision sent later stays quiet too.
 */
export const quoteFollowUpOptOuts = pgTable("quote_follow_up_opt_outs", {
  number: text("number").primaryKey(),
  setBy: text("set_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

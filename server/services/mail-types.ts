import type { OutboxCalendar } from "../db/schema/email";

/** The outbox's message type (server/services/mail.ts), apart so the e-mails it sends can use it. */
export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  contactId?: number;
  projectId?: string;
  /** A calendar invitation sent with it (a booking's .ics). */
  calendar?: OutboxCalendar;
  /** After this moment the message is useless (a sign-in link that no longer works): it is dropped, not sent. */
  expiresAt?: Date;
}

/** The database, or a transaction on it. */

import type { Database } from "../db/client";

/** The outbox's message and database types (server/services/mail.ts), apart so the e-mails it sends can use them. */
export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  contactId?: number;
  projectId?: string;
  /** After this moment the message is useless (a sign-in link that no longer works): it is dropped, not sent. */
  expiresAt?: Date;
}

/** The database, or a transaction on it. */
export type Queryable = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

import { and, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import {
  priorityAllowed,
  type EmailUsage,
  type OutboxEmail,
  type OutboxStatus,
  type SendEmailInput,
} from "~/contracts/email";
import type { Database } from "../db/client";
import { communications, contacts, emailOutbox, projectContacts, projects } from "../db/schema";
import type { Mailer } from "./mail";
import { containsPattern } from "./list-pages";
import { jsonRow } from "./json-rows";
import {
  countsOf,
  jsonRowStatement,
  listTotals,
  pageAndTotal,
  pageIds,
  type OrderTerm,
  type PageRead,
  type PageWindow,
} from "./list-totals";
import { ServiceError } from "../lib/service-error";
import { jsonRowsOf, type JsonText } from "../lib/json-answer";

/**
 * The owner's e-mail (docs/product/email.md "The usage card", "Priorities"): a
 * daily limit counted over every message the site sent today (business time
 * zone), and the priority rules: low is skipped from 70 % of the limit, normal
 * from 90 %, high always goes; on a project, normal goes to the primary
 * contact and high to all contacts.
 */
export class EmailError extends ServiceError<400 | 404 | 429> {}

const startOfToday = sql`(date_trunc('day', now() at time zone ${site.timeZone}) at time zone ${site.timeZone})`;

/** Today's e-mails against the limit (whether a mail server sends them is the mailer's to say). */
export async function emailUsage(db: Database, dailyLimit: number): Promise<Omit<EmailUsage, "smtp_configured">> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(gte(emailOutbox.createdAt, startOfToday));
  const sent = row?.n ?? 0;
  return {
    emails_sent: sent,
    daily_limit: dailyLimit,
    remaining: Math.max(0, dailyLimit - sent),
    percentage_used: dailyLimit > 0 ? Math.round((sent / dailyLimit) * 1000) / 10 : 100,
  };
}

const SKIPPED = {
  low: "Email usage is high, so low-priority e-mails are skipped for today. Send it as Normal or High, or try again tomorrow.",
  normal:
    "Email limit almost reached! Only high-priority emails will be sent. Choose High priority to send it now, or try again tomorrow.",
} as const;

export async function sendAdminEmail(
  deps: { db: Database; mailer: Mailer; dailyLimit: number },
  input: Required<Pick<SendEmailInput, "to" | "subject" | "content">> & SendEmailInput,
  sender: string,
): Promise<{ sent_to: string[]; status: OutboxStatus }> {
  const { db, mailer, dailyLimit } = deps;
  const priority = input.priority ?? "normal";
  const usage = await emailUsage(db, dailyLimit);
  if (!priorityAllowed(priority, usage.percentage_used))
    throw new EmailError(429, SKIPPED[priority as "low" | "normal"]);

  // Everything the message refers to must exist before anything is queued: a retry after an
  // error must never send the same e-mail twice.
  if (input.contact_id) {
    const [contact] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, input.contact_id));
    if (!contact) throw new EmailError(400, "Contact not found");
  }
  if (input.project_id) {
    const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, input.project_id));
    if (!project) throw new EmailError(400, "Project not found");
  }

  // Recipients: the address typed, or on a project with high priority every contact of it.
  let recipients: { email: string; contactId: number | null }[] = [
    { email: input.to.trim(), contactId: input.contact_id ?? null },
  ];
  if (input.project_id && priority === "high") {
    const rows = await db
      .select({ email: contacts.email, id: contacts.id })
      .from(projectContacts)
      .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
      .where(eq(projectContacts.projectId, input.project_id));
    const all = rows.filter((r) => r.email).map((r) => ({ email: r.email!, contactId: r.id }));
    if (all.length) recipients = [...new Map([...recipients, ...all].map((r) => [r.email.toLowerCase(), r])).values()];
  }
  // The contact of each address, for the communication log.
  for (const r of recipients) {
    if (r.contactId) continue;
    const [found] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(sql`lower(${contacts.email}) = lower(${r.email})`);
    r.contactId = found?.id ?? null;
  }

  // The messages and their communication log entries are one transaction; sending starts after it commits.
  let ids: number[];
  try {
    ids = await mailer.transaction(async (tx, queue) => {
      const queued: number[] = [];
      for (const r of recipients) {
        queued.push(
          await queue({
            kind: "admin_compose",
            to: r.email,
            replyTo: site.email,
            subject: input.subject,
            text: input.content,
            contactId: r.contactId ?? undefined,
            projectId: input.project_id ?? undefined,
          }),
        );
        if (r.contactId)
          await tx.insert(communications).values({
            contactId: r.contactId,
            type: "email",
            direction: "outbound",
            subject: input.subject,
            content: input.content,
            createdBy: sender,
          });
      }
      return queued;
    });
  } catch (error) {
    // The contact was deleted between the check and the insert: nothing was queued.
    if (foreignKeyViolation(error)) throw new EmailError(400, "Contact not found");
    throw error;
  }
  const [first] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, ids[0]!));
  return { sent_to: recipients.map((r) => r.email), status: first?.status ?? "pending" };
}

const foreignKeyViolation = (error: unknown) =>
  [error, (error as { cause?: unknown })?.cause].some((e) => (e as { code?: unknown } | undefined)?.code === "23503");

/** toOutboxEmail's output, built by PostgreSQL (json-rows.ts; json-rows.test.ts holds them equal). */
export const outboxEmailJson = jsonRow<OutboxEmail>({
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  to_address: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  text: emailOutbox.text,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  last_error: emailOutbox.lastError,
  contact_id: emailOutbox.contactId,
  project_id: emailOutbox.projectId,
  created_at: emailOutbox.createdAt,
  sent_at: emailOutbox.sentAt,
  next_attempt_at: emailOutbox.nextAttemptAt,
  expires_at: emailOutbox.expiresAt,
});

export const toOutboxEmail = (row: typeof emailOutbox.$inferSelect): OutboxEmail => ({
  id: row.id,
  kind: row.kind,
  to_address: row.toAddress,
  subject: row.subject,
  text: row.text,
  status: row.status,
  attempts: row.attempts,
  last_error: row.lastError,
  contact_id: row.contactId,
  project_id: row.projectId,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt?.toISOString() ?? null,
  next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

interface OutboxFilter {
  status?: OutboxStatus;
  /** Part of the recipient's address or the subject. */
  search?: string;
  limit: number;
  offset: number;
}

const OUTBOX_ORDER: OrderTerm[] = [
  { key: emailOutbox.createdAt, dir: "desc" },
  { key: emailOutbox.id, dir: "desc" },
];
const outboxTotals = listTotals("email_outbox_changes");

/**
 * A page of the outbox, newest first, and how many match in all: hundreds of thousands of rows
 * after a few busy years, so filter, search and paging are SQL, and the total is kept while the
 * outbox does not change (list-totals.ts). The status pages read email_outbox_status_created_idx,
 * the search email_outbox_search_trgm_idx (server/db/schema/email.ts). The page's read, and the
 * statements of its ids and of its count as listOutbox runs them (the tests read their plans).
 */
export function outboxPageQueries(
  db: Database,
  filter: OutboxFilter,
  window: PageWindow = { reversed: false, ...filter },
  few = false,
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(emailOutbox.status, filter.status));
  const search = filter.search?.trim();
  if (search) {
    // Recipient and subject in lower case, kept by PostgreSQL (schema/email.ts searchText): the
    // words searched for are lowered by the same lower().
    conditions.push(sql`${emailOutbox.searchText} like lower(${containsPattern(search)})`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // The page's ids first (list-totals.ts pageIds): the messages' texts are read for this page only.
  const read: PageRead<{ row: JsonText<OutboxEmail> }> = {
    table: emailOutbox,
    id: emailOutbox.id,
    where,
    terms: OUTBOX_ORDER,
    rows: {
      key: "outbox",
      build: jsonRowStatement(db, emailOutbox, outboxEmailJson),
    },
  };
  return {
    read,
    ids: pageIds(emailOutbox, emailOutbox.id, where, OUTBOX_ORDER, window, few),
    count: db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(where),
    where,
  };
}

export async function listOutbox(db: Database, filter: OutboxFilter) {
  const { read } = outboxPageQueries(db, filter);
  const { rows, total } = await pageAndTotal(
    db,
    {
      totals: outboxTotals,
      key: JSON.stringify([filter.status ?? "", filter.search?.trim() ?? ""]),
      ...countsOf(db, emailOutbox, read.where, Boolean(filter.search?.trim())),
    },
    filter,
    read,
  );
  return { emails: jsonRowsOf(rows), total };
}

const NO_SMTP =
  "No mail server is configured (SMTP_URL), so it cannot be sent yet. It stays in the outbox: see the README's e-mail set-up.";

/** What the owner may send again by hand: held (no SMTP then), failed (given up) and retrying (now, not later). */
const RESENDABLE = ["held", "failed", "retrying"] as const;

/**
 * Sends a held, failed or retrying message now (the owner's Send or Resend); answers the message
 * as it stands afterwards. A message past its use is dropped instead.
 */
export async function retryOutboxEmail(db: Database, mailer: Mailer, id: number): Promise<OutboxEmail> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw new EmailError(404, "No e-mail with this id in the outbox");
  if (!(RESENDABLE as readonly string[]).includes(row.status)) return toOutboxEmail(row);
  if (!mailer.smtpConfigured) throw new EmailError(400, NO_SMTP);
  await db
    .update(emailOutbox)
    .set({ status: "pending", queuedAt: sql`now()`, nextAttemptAt: sql`now() + interval '1 minute'` })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, [...RESENDABLE])));
  await mailer.deliver(id);
  const [after] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return toOutboxEmail(after!);
}

/** The owner's Discard: a held or failed message will never be sent. */
export async function discardOutboxEmail(db: Database, id: number): Promise<OutboxEmail> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "discarded", nextAttemptAt: null })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["held", "failed"])))
    .returning();
  if (row) return toOutboxEmail(row);
  const [current] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!current) throw new EmailError(404, "No e-mail with this id in the outbox");
  throw new EmailError(
    400,
    `Only a held or failed e-mail can be discarded; this one is ${current.status}. Reload the outbox to see it as it is now.`,
  );
}

/**
 * Send all held: held mail is never sent by itself once SMTP is configured (it may be days old),
 * so the owner decides. They become pending in one statement and go out in the background;
 * those past their use (expired sign-in links) are dropped by the sender. Answers how many.
 */
export async function sendAllHeld(db: Database, mailer: Mailer): Promise<{ queued: number }> {
  if (!mailer.smtpConfigured) throw new EmailError(400, NO_SMTP);
  const rows = await db
    .update(emailOutbox)
    .set({ status: "pending", queuedAt: sql`now()`, nextAttemptAt: sql`now() + interval '1 minute'` })
    .where(eq(emailOutbox.status, "held"))
    .returning({ id: emailOutbox.id });
  mailer.dispatch(rows.map((r) => r.id));
  return { queued: rows.length };
}

/** The counts the admin's mail banner and the dashboard show. */
export async function outboxSummary(db: Database): Promise<Record<"held" | "failed" | "retrying", number>> {
  const rows = await db
    .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ["held", "failed", "retrying"]))
    .groupBy(emailOutbox.status);
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { held: count("held"), failed: count("failed"), retrying: count("retrying") };
}

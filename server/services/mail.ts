import { and, eq, lte, or, isNull, lt } from "drizzle-orm";
import type { SendMailOptions, Transporter } from "nodemailer";
import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";
import type { Logger } from "../lib/logger";

/**
 * The mail service (ARCHITECTURE.md): every message is stored in the outbox
 * first, then sent over SMTP when SMTP_URL is set. A failed send is kept with
 * its error and retried with back-off; without SMTP, messages are held for
 * the admin to read. A caller never waits on SMTP and never loses a message.
 */
export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  contactId?: number;
  projectId?: string;
}

/** The database, or a transaction on it. */
export type Queryable = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface Mailer {
  /** Stores the message, starts sending it, and answers its outbox id. */
  send(email: OutgoingEmail): Promise<number>;
  /**
   * Stores the message as part of the caller's transaction and sends nothing:
   * call dispatch() with its id once that transaction has committed. A
   * message and the rows written with it are kept or rolled back together.
   */
  queue(tx: Queryable, email: OutgoingEmail): Promise<number>;
  /** Starts sending messages stored by queue(), after their transaction committed. */
  dispatch(ids: number[]): void;
  /** Tries to send one stored message now; true when it went out. */
  deliver(id: number): Promise<boolean>;
  /** Retries failed messages whose back-off is over; answers how many went out. */
  retryDue(): Promise<number>;
  /** Resolves when every send started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
  readonly smtpConfigured: boolean;
}

export const MAX_SEND_ATTEMPTS = 6;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** What the outbox needs of an SMTP transport. */
export type MailTransport = Pick<Transporter, "sendMail">;

/**
 * An SMTP transport for SMTP_URL. nodemailer is loaded on the first send, so a
 * process that never mails (or mails rarely) does not carry it in memory.
 */
export function createTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  let transporter: Promise<Transporter> | undefined;
  const load = () =>
    (transporter ??= import("nodemailer").then(({ createTransport: create }) =>
      create({
        host: url.hostname,
        port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
        secure: url.protocol === "smtps:",
        auth: url.username
          ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
          : undefined,
        ignoreTLS: url.searchParams.get("ignoreTLS") === "true",
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    ));
  return { sendMail: async (message: SendMailOptions) => (await load()).sendMail(message) };
}

export function createMailer(options: { db: Database; log: Logger; smtpUrl?: string; from: string }): Mailer {
  const { db, log, from } = options;
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };

  async function deliver(id: number): Promise<boolean> {
    if (!transport) return false;
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row || row.status === "sent") return row?.status === "sent";
    try {
      await transport.sendMail({
        from,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null, nextAttemptAt: null })
        .where(eq(emailOutbox.id, id));
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ emailId: id, attempts, err: error }, "sending an e-mail failed; it stays in the outbox for a retry");
      await db
        .update(emailOutbox)
        .set({
          status: "failed",
          attempts,
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        })
        .where(eq(emailOutbox.id, id));
      return false;
    }
  }

  async function queue(tx: Queryable, email: OutgoingEmail): Promise<number> {
    const [row] = await tx
      .insert(emailOutbox)
      .values({
        kind: email.kind,
        toAddress: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        html: email.html,
        contactId: email.contactId,
        projectId: email.projectId,
        status: transport ? "pending" : "held",
      })
      .returning({ id: emailOutbox.id });
    return row!.id;
  }

  function dispatch(ids: number[]) {
    if (!transport) return;
    for (const id of ids)
      void track(
        deliver(id).catch((error: unknown) => log.error({ err: error, emailId: id }, "e-mail delivery crashed")),
      );
  }

  return {
    smtpConfigured: Boolean(transport),
    async send(email) {
      const id = await queue(db, email);
      dispatch([id]);
      return id;
    },
    queue,
    dispatch,
    deliver: (id) => track(deliver(id)),
    async retryDue() {
      if (!transport) return 0;
      const due = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            lt(emailOutbox.attempts, MAX_SEND_ATTEMPTS),
            or(
              and(
                eq(emailOutbox.status, "failed"),
                or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, new Date())),
              ),
              // A pending message older than a minute lost its sender (a restart): pick it up.
              and(eq(emailOutbox.status, "pending"), lt(emailOutbox.createdAt, new Date(Date.now() - 60_000))),
            ),
          ),
        )
        .limit(50);
      let sent = 0;
      for (const { id } of due) if (await track(deliver(id))) sent++;
      return sent;
    },
    async settled() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}

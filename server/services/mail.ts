import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { SendMailOptions, Transporter } from "nodemailer";
import type { Database } from "../db/client";
import { emailOutbox, type EmailStatus } from "../db/schema";
import type { Logger } from "../lib/logger";
import { bodyAtSend } from "../emails/portal-sign-in";
import type { OutgoingEmail } from "./mail-types";
import { describeSmtpError } from "./smtp-errors";
import type { DbOrTx, Tx } from "../db/tx";

/**
 * The mail service (docs/product/architecture.md "E-mail", docs/decisions/028-outbox.md): every
 * message is a row of the outbox, written in the same transaction as the rows it announces, and
 * sent after that transaction commits. A failed send is retried with back-off for 72 hours and then
 * shown to the owner as failed; a message past its use (an expired sign-in link) is dropped, not
 * sent late; without SMTP_URL messages are held until the owner sends them.
 */
export type { OutgoingEmail } from "./mail-types";

/** Queues one message in the transaction at hand. */
export type QueueEmail = (email: OutgoingEmail) => Promise<number>;

export interface Mailer {
  /** Stores the message on its own, starts sending it, and answers its outbox id. */
  send(email: OutgoingEmail): Promise<number>;
  /**
   * Stores the message as part of the caller's transaction and sends nothing. The services write
   * e-mails with rows only through transaction(), which dispatches them after the commit; this
   * stays for the tests that stand for a process stopped between the commit and the send.
   */
  queue(tx: DbOrTx, email: OutgoingEmail): Promise<number>;
  /**
   * Runs `work` in one transaction whose `queue` stores e-mails in it, and starts sending them once
   * it has committed. `run` opens the transaction (default: db.transaction); one that tries the
   * work again (a unique-key race) gets a fresh list each time, so no e-mail is sent twice.
   */
  transaction<T>(
    work: (tx: Tx, queue: QueueEmail) => Promise<T>,
    run?: (work: (tx: Tx) => Promise<T>) => Promise<T>,
  ): Promise<T>;
  /** Starts sending messages stored by queue(), after their transaction committed. */
  dispatch(ids: number[]): void;
  /** Tries to send one stored message now (pending or retrying); true when it went out. */
  deliver(id: number): Promise<boolean>;
  /** Sends the messages whose time has come (new ones a restart left behind, retries); answers how many went out. */
  retryDue(): Promise<number>;
  /** Resolves when every send started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
  readonly smtpConfigured: boolean;
}

/** docs/product/architecture.md "E-mail": retried for 72 hours, then shown to the owner as failed. */
export const RETRY_WINDOW_MS = 72 * 60 * 60_000;
/** The longest wait between two tries. */
export const MAX_RETRY_INTERVAL_MS = 60 * 60_000;
/** The first retry's wait; each next one doubles, up to MAX_RETRY_INTERVAL_MS. */
export const FIRST_RETRY_MS = 60_000;
/**
 * How long one send may hold a message: a process that dies mid-send leaves it "sending", and
 * another process takes it over after this, so it is sent late rather than never.
 */
export const SEND_LEASE_MS = 2 * 60_000;
/** A new message whose sender vanished (a restart between commit and send) is picked up after this. */
const ORPHAN_AFTER_MS = 60_000;

export interface RetryPolicy {
  firstRetryMs: number;
  maxIntervalMs: number;
  windowMs: number;
  leaseMs: number;
}
const DEFAULT_POLICY: RetryPolicy = {
  firstRetryMs: FIRST_RETRY_MS,
  maxIntervalMs: MAX_RETRY_INTERVAL_MS,
  windowMs: RETRY_WINDOW_MS,
  leaseMs: SEND_LEASE_MS,
};

/** The wait before try number `attempts + 1`: 1, 2, 4 ... minutes, capped at an hour. */
export const retryDelayMs = (
  attempts: number,
  policy: Pick<RetryPolicy, "firstRetryMs" | "maxIntervalMs"> = DEFAULT_POLICY,
) => Math.min(policy.maxIntervalMs, policy.firstRetryMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));

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

/** An SMTP answer in the 5xx range is permanent (RFC 5321 4.2.1): trying again for days changes nothing. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

/** The statuses a message can be sent from by the machinery (the owner's actions reset the others first). */
const SENDABLE: EmailStatus[] = ["pending", "retrying"];

export interface MailerOptions {
  db: Database;
  log: Logger;
  smtpUrl?: string;
  from: string;
  /** Tests shorten the waits. */
  policy?: Partial<RetryPolicy>;
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, log, from } = options;
  const policy = { ...DEFAULT_POLICY, ...options.policy };
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  const messageIdHost = /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };

  /**
   * Takes the message for this send: one UPDATE that only one caller (of any process) can win,
   * so a message is never handed to SMTP twice at once.
   */
  async function claim(id: number) {
    const [row] = await db
      .update(emailOutbox)
      .set({ status: "sending", nextAttemptAt: sql`now() + ${`${policy.leaseMs} milliseconds`}::interval` })
      .where(
        and(
          eq(emailOutbox.id, id),
          sql`(${emailOutbox.status} in ('pending', 'retrying') or (${emailOutbox.status} = 'sending' and ${emailOutbox.nextAttemptAt} <= now()))`,
        ),
      )
      .returning();
    return row;
  }

  async function deliver(id: number): Promise<boolean> {
    if (!transport) return false;
    const row = await claim(id);
    if (!row) return false;
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
      await db
        .update(emailOutbox)
        .set({
          status: "dropped",
          nextAttemptAt: null,
          lastError: `Not sent: it was only useful until ${row.expiresAt.toISOString()} (its link had expired) and could not go out before then.`,
        })
        .where(eq(emailOutbox.id, id));
      log.info({ emailId: id, kind: row.kind }, "an e-mail past its use was dropped, not sent late");
      return false;
    }
    try {
      // A sign-in link is made now, never stored raw (server/emails/portal-sign-in.ts).
      const body = await bodyAtSend(db, row);
      await transport.sendMail({
        from,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: body.text,
        html: body.html ?? undefined,
        // One id per outbox row: a copy sent again after a lost confirmation is the same message to mail clients.
        messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${messageIdHost}>`,
        // A booking's invitation: the text/calendar part calendars act on, and invite.ics attached.
        ...(row.calendar
          ? { icalEvent: { method: row.calendar.method, filename: "invite.ics", content: row.calendar.content } }
          : {}),
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const givenUp = isPermanent(error) || Date.now() - row.queuedAt.getTime() >= policy.windowMs;
      const wait = retryDelayMs(attempts, policy);
      log.warn(
        { emailId: id, attempts, err: error },
        givenUp
          ? "sending an e-mail failed for good; the owner sees it in the outbox"
          : "sending an e-mail failed; it will be retried",
      );
      await db
        .update(emailOutbox)
        .set({
          status: givenUp ? "failed" : "retrying",
          attempts,
          lastError: describeSmtpError(error, options.smtpUrl).slice(0, 1000),
          nextAttemptAt: givenUp ? null : new Date(Date.now() + wait),
        })
        .where(eq(emailOutbox.id, id));
      return false;
    }
    await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null, nextAttemptAt: null })
      .where(eq(emailOutbox.id, id));
    return true;
  }

  async function queue(tx: DbOrTx, email: OutgoingEmail): Promise<number> {
    const [row] = await tx
      .insert(emailOutbox)
      .values({
        kind: email.kind,
        toAddress: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        html: email.html,
        calendar: email.calendar,
        contactId: email.contactId,
        projectId: email.projectId,
        expiresAt: email.expiresAt,
        status: transport ? "pending" : "held",
        // When no sender takes it in the meantime (the process stopped right after the commit), retryDue does.
        nextAttemptAt: transport ? sql`now() + ${`${ORPHAN_AFTER_MS} milliseconds`}::interval` : null,
      })
      .returning({ id: emailOutbox.id });
    return row!.id;
  }

  function dispatch(ids: number[]) {
    if (!transport) return;
    for (const id of ids)
      void track(
        deliver(id).catch((error: unknown) =>
          log.warn({ err: error, emailId: id }, "an e-mail could not be sent now; it waits in the outbox"),
        ),
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
    async transaction(work, run = (w) => db.transaction(w)) {
      let ids: number[] = [];
      const result = await run(async (tx) => {
        ids = [];
        return work(tx, async (email) => {
          const id = await queue(tx, email);
          ids.push(id);
          return id;
        });
      });
      dispatch(ids);
      return result;
    },
    dispatch,
    deliver: (id) => track(deliver(id)),
    async retryDue() {
      if (!transport) {
        // The site lost its mail settings with messages still on their way: they wait for the owner.
        await db
          .update(emailOutbox)
          .set({ status: "held", nextAttemptAt: null })
          .where(inArray(emailOutbox.status, [...SENDABLE, "sending"]));
        return 0;
      }
      const due = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.status, [...SENDABLE, "sending"]), lte(emailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(emailOutbox.nextAttemptAt)
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

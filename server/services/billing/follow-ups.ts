import { TZDate } from "@date-fns/tz";
import { and, asc, eq, isNotNull, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import type { BillingSettings } from "~/contracts/billing";
import {
  FOLLOW_UP_HOUR,
  FOLLOW_UP_LABELS,
  type FollowUpKind,
  type FollowUpStop,
  type QuoteFollowUps,
} from "~/contracts/quote-follow-ups";
import type { Database } from "../../db/client";
import { quoteFollowUpOptOuts, quoteFollowUps, quotes } from "../../db/schema";
import type { DbOrTx, Tx } from "../../db/tx";
import { writeFollowUp } from "../../emails/quote-follow-ups";
import { runExclusive } from "../../lib/job-lock";
import { queueLoggedEmail } from "../contact-emails";
import type { Mailer, QueueEmail } from "../mail";
import {
  addDays,
  announceBillingChange,
  BillingError,
  dayIn,
  NO_QUOTE,
  primaryContactOf,
  readBillingSettings,
  type PrimaryContact,
} from "./common";
import { lockQuoteAndFamily, readQuote } from "./quote-rows";
import { CLIENT_MAIL_SENDER } from "./signed-copy";

/**
 * Quote follow-ups (docs/product/billing.md "Follow-ups"; decision 060). Two rules of the billing
 * settings, each on by default:
 *
 * - not opened: a sent quote the client has not opened (status still `sent`) gets a nudge at 9:00
 *   (FOLLOW_UP_HOUR, the business's zone) on the Nth day after the day it was sent;
 * - expiring: a quote the client opened (`viewed`) and has not decided gets a reminder at 9:00 N
 *   days before its valid-until day, if it was opened by then.
 *
 * Nothing goes once the quote is decided (accepted, declined), expired (marked, or past its day),
 * revised (a revision of it is written or sent), its project deleted, or the owner turned its
 * follow-ups off (by number: every revision). One function (planOf) says what comes next; the
 * admin's answer and the job both ask it, so the owner is shown what the job does.
 *
 * Sent once whatever the processes: the job locks the due quotes FOR UPDATE SKIP LOCKED (a second
 * run skips what the first holds), reads the stops again under the lock (a decision, a revision or
 * an opt-out takes the same row lock), and writes the follow-up's row, keyed (quote, kind), in the
 * transaction that queues the e-mail and logs it on the contact: a run that raced past the lock
 * finds the key taken and sends nothing.
 */

type QuoteRow = typeof quotes.$inferSelect;
type FollowUpSettings = Pick<
  BillingSettings,
  "follow_up_not_opened" | "follow_up_not_opened_days" | "follow_up_expiring" | "follow_up_expiring_days"
>;

/** 9:00 in the business's zone on a calendar day (YYYY-MM-DD); EST or EDT from the zone's rules. */
export function followUpTime(day: string, timeZone: string = site.timeZone): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, FOLLOW_UP_HOUR, 0, 0, timeZone).getTime());
}

/** When a quote sent at `sentAt` gets its not-opened nudge. */
export const notOpenedDue = (sentAt: Date, days: number) => followUpTime(addDays(dayIn(sentAt), days));
/** When a quote valid until `validUntil` gets its expiring reminder. */
export const expiringDue = (validUntil: string, days: number) => followUpTime(addDays(validUntil, -days));

export interface FollowUpFacts {
  /** A revision of the quote exists (a draft being written, or sent). */
  revised: boolean;
  optedOut: boolean;
  sentKinds: ReadonlySet<FollowUpKind>;
}

export interface FollowUpPlan {
  next: { kind: FollowUpKind; dueAt: Date; condition: string } | null;
  stopped: FollowUpStop | null;
  note: string | null;
}

const stop = (stopped: FollowUpStop, note: string): FollowUpPlan => ({ next: null, stopped, note });
const SETTINGS_PLACE = "Settings > Billing > Follow-ups";

/** What comes next for a quote at `now`, or why nothing does. */
export function planOf(row: QuoteRow, facts: FollowUpFacts, settings: FollowUpSettings, now: Date): FollowUpPlan {
  const today = dayIn(now);
  if (row.status === "draft")
    return stop(
      "draft",
      settings.follow_up_not_opened
        ? `Nothing until it is sent. Then, if the client has not opened it, a nudge ${settings.follow_up_not_opened_days} days after.`
        : "Nothing until it is sent.",
    );
  if (row.status === "accepted") return stop("accepted", "The client accepted it: follow-ups stopped.");
  if (row.status === "declined") return stop("declined", "It was declined: follow-ups stopped.");
  if (row.status === "expired" || row.validUntil < today) return stop("expired", "It expired: follow-ups stopped.");
  if (row.replacedById !== null || facts.revised)
    return stop("revised", "It was revised: follow-ups stopped (a revision gets its own once sent).");
  if (facts.optedOut) return stop("opted_out", "You turned follow-ups off for this quote.");
  if (!row.projectId) return stop("no_project", "Its project was deleted.");

  if (row.status === "sent") {
    if (!facts.sentKinds.has("not_opened")) {
      if (!settings.follow_up_not_opened)
        return stop(
          "rule_off",
          `The not-opened nudge is off in ${SETTINGS_PLACE}. The expiring reminder waits for the client to open the quote.`,
        );
      const dueAt = notOpenedDue(row.sentAt ?? now, settings.follow_up_not_opened_days);
      if (dayIn(dueAt) > row.validUntil)
        return stop("too_late", "The quote expires before its not-opened nudge would go: none will.");
      return {
        next: { kind: "not_opened", dueAt, condition: "if the client has not opened it by then" },
        stopped: null,
        note: null,
      };
    }
    return stop(
      "waiting_for_open",
      "The not-opened nudge was sent. The expiring reminder goes only once the client opens the quote.",
    );
  }

  // Viewed: opened, not decided.
  if (facts.sentKinds.has("expiring")) return stop("done", "The expiring reminder was sent: nothing more goes.");
  if (!settings.follow_up_expiring) return stop("rule_off", `The expiring reminder is off in ${SETTINGS_PLACE}.`);
  const dueAt = expiringDue(row.validUntil, settings.follow_up_expiring_days);
  if (row.viewedAt && row.viewedAt > dueAt)
    return stop("too_late", "The client opened it after the expiring reminder's time: none goes.");
  return {
    next: { kind: "expiring", dueAt, condition: "if the client has not accepted or declined it by then" },
    stopped: null,
    note: null,
  };
}

/* ---------------- Reading and the owner's switch ---------------- */

async function factsOf(
  db: DbOrTx,
  row: QuoteRow,
): Promise<FollowUpFacts & { sent: (typeof quoteFollowUps.$inferSelect)[] }> {
  const [revision] = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.replacesId, row.id)).limit(1);
  const [optOut] = await db
    .select({ number: quoteFollowUpOptOuts.number })
    .from(quoteFollowUpOptOuts)
    .where(eq(quoteFollowUpOptOuts.number, row.number));
  const sent = await db
    .select()
    .from(quoteFollowUps)
    .where(eq(quoteFollowUps.quoteId, row.id))
    .orderBy(asc(quoteFollowUps.sentAt));
  return { revised: Boolean(revision), optedOut: Boolean(optOut), sentKinds: new Set(sent.map((s) => s.kind)), sent };
}

/** A quote's follow-ups for the owner: what was sent (to whom, when), what is next and to whom, or why nothing is. */
export async function readFollowUps(db: DbOrTx, quoteId: number, now = new Date()): Promise<QuoteFollowUps> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!row) throw new BillingError(404, NO_QUOTE);
  const facts = await factsOf(db, row);
  const plan = planOf(row, facts, await readBillingSettings(db), now);
  const contact = plan.next && row.projectId ? await primaryContactOf(db, row.projectId) : null;
  const email = contact?.email?.trim() || null;
  return {
    quote_id: row.id,
    number: row.number,
    enabled: !facts.optedOut,
    sent: facts.sent.map((s) => ({
      kind: s.kind,
      sent_at: s.sentAt.toISOString(),
      to_name: s.toName,
      to_email: s.toEmail,
      subject: s.subject,
      email_id: s.emailId,
    })),
    next: plan.next && {
      kind: plan.next.kind,
      due_at: plan.next.dueAt.toISOString(),
      to_name: contact?.name ?? null,
      to_email: email,
      condition: plan.next.condition,
    },
    stopped: plan.stopped,
    note: plan.next
      ? email
        ? null
        : `The project's primary contact has no e-mail address: the ${FOLLOW_UP_LABELS[plan.next.kind].toLowerCase()} goes once one is added.`
      : plan.note,
    time_zone: site.timeZone,
  };
}

/**
 * The owner turns a quote's follow-ups off (or on again), for every revision of it. The family's
 * rows are locked as the job locks a quote it sends for: a follow-up is either sent before the
 * switch, or not at all after it.
 */
export async function setFollowUps(
  db: Database,
  quoteId: number,
  enabled: boolean,
  by: string,
  now = new Date(),
): Promise<QuoteFollowUps> {
  await db.transaction(async (tx) => {
    const { row } = await lockQuoteAndFamily(tx, quoteId);
    if (enabled) await tx.delete(quoteFollowUpOptOuts).where(eq(quoteFollowUpOptOuts.number, row.number));
    else
      await tx
        .insert(quoteFollowUpOptOuts)
        .values({ number: row.number, setBy: by, createdAt: now })
        .onConflictDoNothing();
    await announceBillingChange(tx, row.projectId);
  });
  return readFollowUps(db, quoteId, now);
}

/* ---------------- The job ---------------- */

const BATCH = 50;

/** The SQL of when a quote's follow-up of `kind` is due: the same moment as notOpenedDue and expiringDue. */
function dueSql(kind: FollowUpKind, days: number): SQL {
  const zone = site.timeZone;
  const day =
    kind === "not_opened"
      ? sql`((${quotes.sentAt} at time zone ${zone})::date + ${days}::int)`
      : sql`(${quotes.validUntil} - ${days}::int)`;
  return sql`((${day} + make_time(${FOLLOW_UP_HOUR}::int, 0, 0)) at time zone ${zone})`;
}

/** The quotes whose follow-up of `kind` looks due at `now`: the plan decides, under the lock. */
function dueWhere(kind: FollowUpKind, days: number, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = dueSql(kind, days);
  return and(
    kind === "not_opened" ? eq(quotes.status, "sent") : eq(quotes.status, "viewed"),
    isNotNull(quotes.sentAt),
    isNotNull(quotes.projectId),
    isNull(quotes.replacedById),
    sql`${quotes.validUntil} >= ${dayIn(now)}::date`,
    sql`${due} <= ${at}`,
    kind === "expiring" ? sql`${quotes.viewedAt} <= ${due}` : undefined,
    sql`not exists (select 1 from ${quoteFollowUps} f where f.quote_id = ${quotes.id} and f.kind = ${kind})`,
    sql`not exists (select 1 from ${quoteFollowUpOptOuts} o where o.number = ${quotes.number})`,
    sql`not exists (select 1 from ${quotes} r where r.replaces_id = ${quotes.id})`,
  )!;
}

export interface FollowUpDeps {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
}

export interface FollowUpCounts {
  not_opened: number;
  expiring: number;
}

/** Queues the follow-ups due at `now`; answers how many of each went. */
export async function sendQuoteFollowUps(deps: FollowUpDeps, now = new Date()): Promise<FollowUpCounts> {
  const settings = await readBillingSettings(deps.db);
  const counts: FollowUpCounts = { not_opened: 0, expiring: 0 };
  const rules: [FollowUpKind, boolean, number][] = [
    ["not_opened", settings.follow_up_not_opened, settings.follow_up_not_opened_days],
    ["expiring", settings.follow_up_expiring, settings.follow_up_expiring_days],
  ];
  for (const [kind, on, days] of rules) {
    if (!on) continue;
    // Quotes looked at and left (no e-mail address yet): not asked again in this run.
    const passed: number[] = [];
    for (;;) {
      const batch = await deps.mailer.transaction(async (tx, queue) => {
        const due = await tx
          .select()
          .from(quotes)
          .where(and(dueWhere(kind, days, now), passed.length > 0 ? notInArray(quotes.id, passed) : undefined))
          .orderBy(asc(quotes.id))
          .limit(BATCH)
          .for("update", { skipLocked: true });
        let sent = 0;
        for (const row of due) {
          passed.push(row.id);
          // Read again under the lock: a decision, a revision or the owner's switch may have come first.
          const plan = planOf(row, await factsOf(tx, row), settings, now);
          if (plan.next?.kind !== kind || plan.next.dueAt > now || !row.projectId) continue;
          const contact = await primaryContactOf(tx, row.projectId);
          const email = contact?.email?.trim();
          if (!contact || !email) continue;
          if (await sendOne(tx, queue, deps, row, { ...contact, email }, kind, plan.next.dueAt, now)) sent += 1;
        }
        return { found: due.length, sent };
      });
      counts[kind] += batch.sent;
      if (batch.found < BATCH) break;
    }
  }
  return counts;
}

/** One follow-up: its key claimed, its e-mail queued and logged on the contact, in the caller's transaction. */
async function sendOne(
  tx: Tx,
  queue: QueueEmail,
  deps: FollowUpDeps,
  row: QuoteRow,
  contact: PrimaryContact & { email: string },
  kind: FollowUpKind,
  dueAt: Date,
  now: Date,
): Promise<boolean> {
  const quote = await readQuote(tx, row.id);
  const mail = writeFollowUp(
    kind,
    { quote, contact, today: dayIn(now), sentDay: dayIn(row.sentAt ?? now) },
    deps.siteUrl,
  );
  const [claimed] = await tx
    .insert(quoteFollowUps)
    .values({
      quoteId: row.id,
      kind,
      dueAt,
      sentAt: now,
      contactId: contact.id,
      toName: contact.name,
      toEmail: contact.email,
      subject: mail.subject,
    })
    .onConflictDoNothing()
    .returning({ quoteId: quoteFollowUps.quoteId });
  if (!claimed) return false;
  const emailId = await queueLoggedEmail(tx, queue, contact.id, mail, CLIENT_MAIL_SENDER);
  await tx
    .update(quoteFollowUps)
    .set({ emailId })
    .where(and(eq(quoteFollowUps.quoteId, row.id), eq(quoteFollowUps.kind, kind)));
  await announceBillingChange(tx, row.projectId);
  return true;
}

/** The scheduled job (server/compose.ts): every minute, on one process at a time. */
export const runQuoteFollowUps = (deps: FollowUpDeps) =>
  runExclusive(deps.db, "quote-follow-ups", () => sendQuoteFollowUps(deps));

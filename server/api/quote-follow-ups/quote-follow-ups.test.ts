import { and, desc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { BillingSettingsAnswerSchema } from "~/contracts/billing";
import { QuoteFollowUpsAnswerSchema, type QuoteFollowUps } from "~/contracts/quote-follow-ups";
import { formatInstant } from "~/lib/time/zoned";
import { connectDatabase } from "../../db/client";
import { emailOutbox, quotes } from "../../db/schema/index";
import { addDays, dayIn } from "../../services/billing/common";
import { expiringDue, followUpTime, notOpenedDue, sendQuoteFollowUps } from "../../services/billing/follow-ups";
import { expireQuotes } from "../../services/billing/quotes";
import { createMailer } from "../../services/mail";
import { createLogger } from "../../lib/logger";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { billingApi, createBilledProject, projectToken, testDataDir } from "../../../tests/support/billing";
import { startSmtpServer } from "../../../tests/support/smtp";

/**
 * Quote follow-ups against a real database and SMTP peer (docs/product/billing.md "Follow-ups";
 * decision 060), with the job's clock set: the not-opened nudge on its day and not before, the
 * expiring reminder before the valid-until day to an opened quote only, each once however many
 * runs and processes race, none after a decision, a revision, an opt-out or with its rule off; the
 * contact's history, the quote's state as the owner reads it, and the settings' refusals.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: Ctx;
let api: ReturnType<typeof billingApi>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, DATA_DIR: await testDataDir() } });
  api = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
// Every quote a test leaves open is closed after it: the job's clock moves days ahead, and another
// test's quotes must not be due at it.
afterEach(async () => {
  await ctx.db
    .update(quotes)
    .set({ status: "declined", decidedAt: new Date() })
    .where(inArray(quotes.status, ["sent", "viewed"]));
  await saveSettings({
    follow_up_not_opened: true,
    follow_up_not_opened_days: 3,
    follow_up_expiring: true,
    follow_up_expiring_days: 3,
  });
});

const HOUR = 60 * 60_000;
const run = (now: Date) => sendQuoteFollowUps({ db: ctx.db, mailer: ctx.mailer, siteUrl: ctx.env.SITE_URL }, now);
const outbox = (kind: string, to: string) =>
  ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)))
    .orderBy(desc(emailOutbox.id));
const NUDGE = "quote_follow_up_not_opened";
const REMINDER = "quote_follow_up_expiring";

async function saveSettings(change: Record<string, unknown>) {
  return api.call("PUT", "/api/admin/billing/settings", change);
}

async function followUpsOf(quoteId: number): Promise<QuoteFollowUps> {
  return QuoteFollowUpsAnswerSchema.parse(
    await api.ok(await api.call("GET", `/api/admin/quotes/${quoteId}/follow-ups`)),
  ).follow_ups;
}

/** A project and its sent quote (valid `validDays` from today): the time it was sent and the day. */
async function sentQuote(validDays = 30) {
  const project = await createBilledProject(ctx.db);
  const quote = await api.sentQuote(project.projectId, { valid_until: addDays(dayIn(new Date()), validDays) });
  const sentAt = new Date(quote.sent_at!);
  return { ...project, quote, sentAt, sentDay: dayIn(sentAt) };
}

describe("the not-opened nudge", () => {
  it("goes on the third day after sending at 9:00 in the business's zone, not on the second, once", async () => {
    const { quote, email, name, sentAt, sentDay } = await sentQuote();
    const due = notOpenedDue(sentAt, 3);
    expect(dayIn(due)).toBe(addDays(sentDay, 3));
    expect(formatInstant(due, "time")).toMatch(/^9:00 AM E[SD]T$/);

    // Day 2, late in the afternoon, and day 3 a minute before 9: nothing.
    await run(new Date(followUpTime(addDays(sentDay, 2)).getTime() + 8 * HOUR));
    await run(new Date(due.getTime() - 60_000));
    expect(await outbox(NUDGE, email)).toHaveLength(0);

    // Scheduled, as the owner reads it, with whom it goes to.
    const before = await followUpsOf(quote.id);
    expect(before).toMatchObject({
      enabled: true,
      sent: [],
      next: { kind: "not_opened", due_at: due.toISOString(), to_email: email, to_name: name },
      stopped: null,
      time_zone: site.timeZone,
    });

    const counts = await run(new Date(due.getTime() + 60_000));
    expect(counts.not_opened).toBe(1);
    await run(new Date(due.getTime() + 2 * HOUR));
    const [mail, ...more] = await outbox(NUDGE, email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Did my quote ${quote.number} reach you? - ${site.brand}`);
    // The owner's voice, the quote's specifics and the link that opens on it.
    expect(mail!.text).toContain(`Hi ${name.split(" ")[0]},`);
    expect(mail!.text).toContain(`(${quote.number})`);
    expect(mail!.text).toContain("Total: $275.00");
    expect(mail!.text).toContain(`${ctx.env.SITE_URL}/client-portal?project=${quote.project_id}&quote=${quote.id}`);
    expect(mail!.text).toContain(site.owner.name);

    const after = await followUpsOf(quote.id);
    expect(after.sent).toEqual([
      expect.objectContaining({ kind: "not_opened", to_email: email, to_name: name, subject: mail!.subject }),
    ]);
    expect(new Date(after.sent[0]!.sent_at).getTime()).toBe(due.getTime() + 60_000);
    // Nothing more until the client opens it: the expiring reminder is for an opened quote.
    expect(after).toMatchObject({ next: null, stopped: "waiting_for_open" });
  });

  it("is sent once when two job runs on two connection pools race, as two processes would", async () => {
    const { quote, email, sentAt } = await sentQuote();
    const other = connectDatabase(ctx.databaseUrl);
    const otherMailer = createMailer({
      db: other.db,
      log: createLogger("silent"),
      smtpUrl: smtp.url,
      from: ctx.env.MAIL_FROM,
    });
    try {
      const at = new Date(notOpenedDue(sentAt, 3).getTime() + 5 * 60_000);
      const runs = await Promise.all([
        run(at),
        sendQuoteFollowUps({ db: other.db, mailer: otherMailer, siteUrl: ctx.env.SITE_URL }, at),
        run(at),
        sendQuoteFollowUps({ db: other.db, mailer: otherMailer, siteUrl: ctx.env.SITE_URL }, at),
      ]);
      expect(runs.reduce((sum, counts) => sum + counts.not_opened, 0)).toBe(1);
      expect(await outbox(NUDGE, email)).toHaveLength(1);
      expect((await followUpsOf(quote.id)).sent).toHaveLength(1);
    } finally {
      await otherMailer.settled();
      await other.close();
    }
  });

  it("stops the moment the quote is accepted, declined or revised", async () => {
    const accepted = await sentQuote();
    const declined = await sentQuote();
    const revised = await sentQuote();
    const token = await projectToken(ctx.db, accepted.projectId);
    // Accepted: straight from the e-mail's link, without opening the Billing section first.
    await api.ok(await api.accept(accepted.quote.id, token));
    await api.ok(
      await api.call(
        "POST",
        `/api/client-portal/quotes/${declined.quote.id}/decline`,
        { reason: "We went with a friend" },
        api.asClient(await projectToken(ctx.db, declined.projectId)),
      ),
    );
    // Revised: a revision is being written; then sent, it replaces the quote.
    const revision = await api.ok(await api.call("POST", `/api/admin/quotes/${revised.quote.id}/revise`), 201);
    expect((await followUpsOf(revised.quote.id)).stopped).toBe("revised");
    await api.sendQuote(revision.quote.id);

    const late = new Date(notOpenedDue(new Date(), 3).getTime() + HOUR);
    const counts = await run(late);
    expect(await outbox(NUDGE, accepted.email)).toHaveLength(0);
    expect(await outbox(NUDGE, declined.email)).toHaveLength(0);
    expect(await outbox(NUDGE, revised.email)).toHaveLength(1); // the revision's own, never the replaced one's
    expect(counts.not_opened).toBe(1);

    expect(await followUpsOf(accepted.quote.id)).toMatchObject({ next: null, stopped: "accepted" });
    expect(await followUpsOf(declined.quote.id)).toMatchObject({ next: null, stopped: "declined" });
    expect(await followUpsOf(revised.quote.id)).toMatchObject({ next: null, stopped: "revised", sent: [] });
    expect((await followUpsOf(revision.quote.id)).sent.map((s) => s.kind)).toEqual(["not_opened"]);
  });

  it("stops for an expired quote, and never comes after the quote's last day", async () => {
    // Valid 2 days: its nudge's day comes after it expires.
    const short = await sentQuote(2);
    expect(await followUpsOf(short.quote.id)).toMatchObject({ next: null, stopped: "too_late" });
    const marked = await sentQuote();
    await api.ok(await api.call("PUT", `/api/admin/quotes/${marked.quote.id}/status`, { status: "expired" }));
    await run(new Date(notOpenedDue(new Date(), 5).getTime()));
    expect(await outbox(NUDGE, short.email)).toHaveLength(0);
    expect(await outbox(NUDGE, marked.email)).toHaveLength(0);
    expect(await followUpsOf(marked.quote.id)).toMatchObject({ next: null, stopped: "expired" });
  });
});

describe("the expiring reminder", () => {
  it("goes 3 days before the valid-until day to an opened quote, not to an unopened or decided one", async () => {
    const opened = await sentQuote(10);
    const unopened = await sentQuote(10);
    const decided = await sentQuote(10);
    await api.clientBilling(opened.projectId, await projectToken(ctx.db, opened.projectId));
    const decidedToken = await projectToken(ctx.db, decided.projectId);
    await api.clientBilling(decided.projectId, decidedToken);
    await api.ok(await api.accept(decided.quote.id, decidedToken));

    const validUntil = opened.quote.valid_until;
    const due = expiringDue(validUntil, 3);
    expect(dayIn(due)).toBe(addDays(validUntil, -3));
    expect(await followUpsOf(opened.quote.id)).toMatchObject({
      next: { kind: "expiring", due_at: due.toISOString(), to_email: opened.email },
      stopped: null,
    });

    await run(new Date(due.getTime() - 60_000));
    expect(await outbox(REMINDER, opened.email)).toHaveLength(0);
    // The not-opened nudge of the unopened quote went at its own time; no reminder for it.
    await run(new Date(due.getTime() + 60_000));
    await run(new Date(due.getTime() + 3 * HOUR));
    const [mail, ...more] = await outbox(REMINDER, opened.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(new RegExp(`^Your quote ${opened.quote.number} expires on [A-Z][a-z]+ \\d+ - `));
    expect(mail!.text).toContain("expires in 3 days, on");
    expect(mail!.text).toContain(`quote=${opened.quote.id}`);
    expect(await outbox(REMINDER, unopened.email)).toHaveLength(0);
    expect(await outbox(NUDGE, unopened.email)).toHaveLength(1);
    expect(await outbox(REMINDER, decided.email)).toHaveLength(0);
    expect(await outbox(NUDGE, decided.email)).toHaveLength(0);
    expect(await followUpsOf(opened.quote.id)).toMatchObject({ next: null, stopped: "done" });
  });

  it("is not sent once the quote expired", async () => {
    const opened = await sentQuote(4);
    await api.clientBilling(opened.projectId, await projectToken(ctx.db, opened.projectId));
    const afterExpiry = new Date(`${addDays(opened.quote.valid_until, 1)}T18:00:00Z`);
    expect(await expireQuotes(ctx.db, afterExpiry)).toBeGreaterThanOrEqual(1);
    await run(afterExpiry);
    expect(await outbox(REMINDER, opened.email)).toHaveLength(0);
  });
});

describe("the owner's switches", () => {
  it("a rule turned off sends nothing of its kind, and says so", async () => {
    const { quote, email, projectId, sentAt } = await sentQuote(10);
    await api.ok(await saveSettings({ follow_up_not_opened: false }));
    expect(await followUpsOf(quote.id)).toMatchObject({ next: null, stopped: "rule_off" });
    await run(new Date(notOpenedDue(sentAt, 4).getTime()));
    expect(await outbox(NUDGE, email)).toHaveLength(0);

    await api.clientBilling(projectId, await projectToken(ctx.db, projectId));
    await api.ok(await saveSettings({ follow_up_expiring: false }));
    expect(await followUpsOf(quote.id)).toMatchObject({ next: null, stopped: "rule_off" });
    await run(new Date(expiringDue(quote.valid_until, 3).getTime() + HOUR));
    expect(await outbox(REMINDER, email)).toHaveLength(0);
  });

  it("the days are settings: a nudge 5 days after", async () => {
    const { quote, email, sentAt } = await sentQuote();
    await api.ok(await saveSettings({ follow_up_not_opened_days: 5 }));
    const due = notOpenedDue(sentAt, 5);
    expect((await followUpsOf(quote.id)).next?.due_at).toBe(due.toISOString());
    await run(new Date(notOpenedDue(sentAt, 3).getTime() + HOUR));
    expect(await outbox(NUDGE, email)).toHaveLength(0);
    await run(due);
    expect(await outbox(NUDGE, email)).toHaveLength(1);
  });

  it("a quote turned off gets nothing, for every revision, until it is turned on again", async () => {
    const { quote, email, sentAt } = await sentQuote();
    const off = QuoteFollowUpsAnswerSchema.parse(
      await api.ok(await api.call("PUT", `/api/admin/quotes/${quote.id}/follow-ups`, { enabled: false })),
    ).follow_ups;
    expect(off).toMatchObject({ enabled: false, next: null, stopped: "opted_out" });
    await run(new Date(notOpenedDue(sentAt, 3).getTime() + HOUR));
    expect(await outbox(NUDGE, email)).toHaveLength(0);

    const on = QuoteFollowUpsAnswerSchema.parse(
      await api.ok(await api.call("PUT", `/api/admin/quotes/${quote.id}/follow-ups`, { enabled: true })),
    ).follow_ups;
    expect(on).toMatchObject({ enabled: true, next: { kind: "not_opened" } });
    await run(new Date(notOpenedDue(sentAt, 3).getTime() + 2 * HOUR));
    expect(await outbox(NUDGE, email)).toHaveLength(1);
  });

  it("refuses a bad switch and an unknown quote, and needs the admin session", async () => {
    const { quote } = await sentQuote();
    for (const body of [{}, { enabled: "no" }]) {
      const res = await api.call("PUT", `/api/admin/quotes/${quote.id}/follow-ups`, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/enabled/);
    }
    expect((await api.call("GET", "/api/admin/quotes/99999999/follow-ups")).status).toBe(404);
    expect((await api.call("GET", `/api/admin/quotes/${quote.id}/follow-ups`, undefined, {})).status).toBe(401);
  });
});

describe("what the contact's history keeps", () => {
  it("logs the follow-up on the contact as an automatic outbound e-mail", async () => {
    const { quote, contactId, sentAt } = await sentQuote();
    await run(new Date(notOpenedDue(sentAt, 3).getTime() + HOUR));
    const res = await api.call("GET", `/api/admin/contacts/${contactId}/communications`);
    const { communications } = (await api.ok(res)) as {
      communications: { subject: string | null; direction: string; type: string; created_by: string }[];
    };
    expect(communications[0]).toMatchObject({
      type: "email",
      direction: "outbound",
      subject: `Did my quote ${quote.number} reach you? - ${site.brand}`,
      created_by: "system",
    });
    // The quote's own e-mail is there too, before it.
    expect(communications.map((c) => c.subject)).toContain(`Your quote ${quote.number} - ${site.brand}`);
  });
});

describe("the follow-up settings", () => {
  it("are on, 3 and 3 days, by default, and saved", async () => {
    const read = BillingSettingsAnswerSchema.parse(await api.ok(await api.call("GET", "/api/admin/billing/settings")));
    expect(read.settings).toMatchObject({
      follow_up_not_opened: true,
      follow_up_not_opened_days: 3,
      follow_up_expiring: true,
      follow_up_expiring_days: 3,
    });
    const saved = BillingSettingsAnswerSchema.parse(
      await api.ok(await saveSettings({ follow_up_expiring: false, follow_up_expiring_days: 7 })),
    );
    expect(saved.settings).toMatchObject({ follow_up_expiring: false, follow_up_expiring_days: 7 });
    // The other settings are kept.
    expect(saved.settings.deposit_percent).toBe(read.settings.deposit_percent);
  });

  it("refuses negative days, text and a switch that is not true or false with 400 and a clear error", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ follow_up_not_opened_days: -1 }, /not-opened follow-up's days must be a whole number from 1 to 30/],
      [{ follow_up_not_opened_days: "three" }, /not-opened follow-up's days must be a whole number from 1 to 30/],
      [{ follow_up_expiring_days: 0 }, /expiring follow-up's days must be a whole number from 1 to 30/],
      [{ follow_up_expiring_days: 2.5 }, /expiring follow-up's days must be a whole number from 1 to 30/],
      [{ follow_up_expiring_days: 31 }, /expiring follow-up's days must be a whole number from 1 to 30/],
      [{ follow_up_expiring: "yes" }, /expiring follow-up is on \(true\) or off \(false\)/],
    ];
    for (const [body, message] of cases) {
      const res = await saveSettings(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { createTestApp } from "../../tests/support/app";
import { startSmtpServer } from "../../tests/support/smtp";
import { freePort } from "../../tests/support/global-setup";
import { createLogger } from "../lib/logger";
import { retryOutboxEmail } from "./admin-email";
import { createMailer, FIRST_RETRY_MS, retryDelayMs, RETRY_WINDOW_MS, type Mailer } from "./mail";

/** Mail against a real SMTP peer (smtp-server): what arrives, and what happens when SMTP is down. */
describe("lead e-mails over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url, OWNER_EMAIL: "owner@example.com", TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it("sends the owner the lead's details and the visitor a confirmation with the Project ID", async () => {
    const visitor = `rosa.${Date.now()}@example.com`;
    const res = await ctx.app.request("/api/submissions", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.3.0.1" },
      body: JSON.stringify({
        name: "Rosa Almeida",
        email: visitor,
        siteType: "nonprofit",
        budget: "150-300",
        timeline: "1month",
        description: "A site for our Fox Point community garden.",
      }),
    });
    const { projectId, emailSignIn } = await res.json();
    // The portal can e-mail this visitor a sign-in link: the confirmation may offer it.
    expect(emailSignIn).toBe(true);
    await ctx.mailer.settled();

    const owner = smtp.received.find((m) => m.to.includes("owner@example.com") && m.subject.includes(projectId));
    expect(owner, "owner notification").toBeTruthy();
    expect(owner!.subject).toBe(`New project inquiry from Rosa Almeida (${projectId})`);
    for (const text of [
      "Rosa Almeida",
      visitor,
      "Site type: Nonprofit/cause",
      "Budget: $150 - $300",
      "Timeline: About a month",
      "Fox Point community garden",
      `/admin/contacts?contact=`,
    ]) {
      expect(owner!.body).toContain(text);
    }
    expect(owner!.raw).toMatch(new RegExp(`Reply-To: ${visitor.replace(/\./g, "\\.")}`));

    const confirmation = smtp.received.find((m) => m.to.includes(visitor));
    expect(confirmation, "visitor confirmation").toBeTruthy();
    expect(confirmation!.subject).toContain(projectId);
    expect(confirmation!.body).toContain(`Your Project ID: ${projectId}`);
    expect(confirmation!.body).toContain("/client-portal");
    expect(confirmation!.body).toContain(site.owner.firstName);

    const { rows } = await ctx.db.execute(
      sql`select status, sent_at from email_outbox where project_id = ${projectId}`,
    );
    expect(rows.every((r) => r.status === "sent" && r.sent_at)).toBe(true);
  });
});

describe("lead e-mails with SMTP down", () => {
  it("stores the lead, keeps the mail in the outbox as retrying, and sends it on retry once SMTP is back", async () => {
    const port = await freePort(); // nothing listens here
    const ctx = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, TRUST_PROXY: "true" },
    });
    try {
      const visitor = `down.${Date.now()}@example.com`;
      const res = await ctx.app.request("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.3.0.2" },
        body: JSON.stringify({ name: "Luis", email: visitor, message: "Are you taking projects in December?" }),
      });
      expect(res.status).toBe(200);
      await ctx.mailer.settled();
      const { rows: contacts } = await ctx.db.execute(sql`select id from contacts where email = ${visitor}`);
      expect(contacts).toHaveLength(1);
      const { rows } = await ctx.db.execute(
        sql`select id, status, attempts, last_error, next_attempt_at from email_outbox where contact_id = ${contacts[0]!.id}`,
      );
      expect(rows).toEqual([expect.objectContaining({ status: "retrying", attempts: 1 })]);
      expect(String(rows[0]!.last_error)).toMatch(/^Nothing answered at 127\.0\.0\.1:\d+: .*ECONNREFUSED/);
      // The first retry waits a minute.
      const wait = new Date(String(rows[0]!.next_attempt_at)).getTime() - Date.now();
      expect(wait).toBeGreaterThan(50_000);
      expect(wait).toBeLessThanOrEqual(FIRST_RETRY_MS);

      // SMTP comes back on the same port; once the back-off is over, the retry sends it.
      const smtp = await startSmtpServer(port);
      try {
        expect(await ctx.mailer.retryDue()).toBe(0); // still backing off
        await ctx.db.execute(
          sql`update email_outbox set next_attempt_at = now() - interval '1 second' where id = ${rows[0]!.id}`,
        );
        expect(await ctx.mailer.retryDue()).toBe(1);
        expect(smtp.received.map((m) => m.subject)).toEqual(["New contact message from Luis"]);
        const { rows: after } = await ctx.db.execute(
          sql`select status, attempts from email_outbox where id = ${rows[0]!.id}`,
        );
        expect(after[0]).toMatchObject({ status: "sent", attempts: 2 });
      } finally {
        await smtp.close();
      }
    } finally {
      await ctx.close();
    }
  });
});

describe("the retry schedule", () => {
  it("waits 1, 2, 4 ... minutes between tries, never more than an hour, and keeps trying for 72 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(RETRY_WINDOW_MS).toBe(72 * 3600_000);
    // Tries within the window, at the capped pace: far more than the 6 the outbox used to stop at.
    let elapsed = 0;
    let tries = 0;
    while (elapsed < RETRY_WINDOW_MS) elapsed += retryDelayMs(++tries);
    expect(tries).toBeGreaterThan(70);
  });
});

/**
 * An outage of the mail provider, against the real SMTP peer: first nothing listens, then it
 * answers "451 try again later", then it accepts. Nothing is lost, nothing is sent twice (two
 * mailers on one database stand for two app processes), and a sign-in link that expired in the
 * meantime is dropped rather than sent late.
 */
describe("an SMTP outage", () => {
  const policy = { firstRetryMs: 20, maxIntervalMs: 40 };
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    ctx = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, TRUST_PROXY: "true" },
      mailPolicy: policy,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp?.close();
  });

  const post = (path: string, body: unknown, ip: string) =>
    ctx.app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify(body),
    });
  const outbox = async () =>
    (
      await ctx.db.execute<{ id: number; kind: string; to_address: string; status: string; last_error: string | null }>(
        sql`select id::int as id, kind, to_address, status, last_error from email_outbox order by id`,
      )
    ).rows;
  /** Runs both processes' retry jobs until nothing is due any more. */
  async function retryUntilQuiet(mailers: Mailer[]) {
    for (let round = 0; round < 200; round++) {
      await Promise.all(mailers.map((m) => m.retryDue()));
      const { rows } = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from email_outbox where status in ('pending', 'sending', 'retrying')`,
      );
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("the outbox did not settle");
  }

  it("delivers every message exactly once after the outage and drops the sign-in link that expired", async () => {
    const second = createMailer({
      db: ctx.db,
      log: createLogger("silent"),
      smtpUrl: ctx.env.SMTP_URL,
      from: ctx.env.MAIL_FROM,
      policy,
    });
    // Nothing listens: three leads and a client's sign-in link.
    for (let i = 0; i < 3; i++) {
      const res = await post(
        "/api/submissions",
        { name: `Outage ${i}`, email: `outage${i}@example.com`, description: "A site for the shop on Main Street." },
        `10.4.0.${i + 1}`,
      );
      expect(res.status).toBe(200);
    }
    const lookup = await post(
      "/api/client-portal/lookup",
      { type: "email", identifier: "outage0@example.com" },
      "10.4.1.1",
    );
    expect(lookup.status).toBe(200);
    await ctx.mailer.settled();
    const first = await outbox();
    expect(first).toHaveLength(7);
    expect(first.every((m) => m.status === "retrying")).toBe(true);

    // The provider answers again, but refuses for a while: still nothing lost.
    smtp = await startSmtpServer(port);
    smtp.refuse({ code: 451, message: "4.3.0 Mail server temporarily overloaded, try again later" });
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await Promise.all([ctx.mailer.retryDue(), second.retryDue()]);
    }
    expect(smtp.refused).toBeGreaterThanOrEqual(7);
    const refused = await outbox();
    expect(refused.every((m) => m.status === "retrying")).toBe(true);
    expect(refused[0]!.last_error).toMatch(/could not take the message just now .*451/);

    // Meanwhile the sign-in link's 30 minutes pass.
    await ctx.db.execute(
      sql`update email_outbox set expires_at = now() - interval '1 second' where kind = 'portal_sign_in'`,
    );

    // The provider accepts again: both processes retry at once.
    smtp.refuse(null);
    await retryUntilQuiet([ctx.mailer, second]);
    await Promise.all([ctx.mailer.settled(), second.settled()]);

    const final = await outbox();
    const signIn = final.find((m) => m.kind === "portal_sign_in")!;
    expect(signIn.status).toBe("dropped");
    expect(signIn.last_error).toMatch(/Not sent: it was only useful until/);
    const others = final.filter((m) => m.kind !== "portal_sign_in");
    expect(others.map((m) => m.status)).toEqual(Array(6).fill("sent"));
    // Exactly once each: one delivery per outbox row, by its Message-ID.
    const ids = smtp.received.map((m) => /^Message-ID: <outbox-(\d+)-/im.exec(m.raw)?.[1]);
    expect(ids.sort()).toEqual(others.map((m) => String(m.id)).sort());
    expect(smtp.received.some((m) => m.subject.includes("sign-in link"))).toBe(false);
  });

  it("gives up after 72 hours, shows the last error, and the owner's Resend sends it", async () => {
    smtp!.refuse({ code: 451, message: "4.7.1 Try again later" });
    const id = await ctx.mailer.send({ kind: "admin_compose", to: "late@example.com", subject: "Quote", text: "Hi" });
    await ctx.mailer.settled();
    await ctx.db.execute(
      sql`update email_outbox set created_at = now() - interval '73 hours', queued_at = now() - interval '73 hours', next_attempt_at = now() where id = ${id}`,
    );
    await ctx.mailer.retryDue();
    const [row] = (await outbox()).filter((m) => m.id === id);
    expect(row).toMatchObject({ status: "failed" });
    expect(row!.last_error).toMatch(/451/);
    // A failed message is no longer retried by itself.
    await ctx.db.execute(sql`update email_outbox set next_attempt_at = now() - interval '1 hour' where id = ${id}`);
    await ctx.mailer.retryDue();
    expect((await outbox()).find((m) => m.id === id)!.status).toBe("failed");

    smtp!.refuse(null);
    const resend = await retryOutboxEmail(ctx.db, ctx.mailer, id);
    expect(resend.status).toBe("sent");
    expect(smtp!.received.filter((m) => m.to.includes("late@example.com"))).toHaveLength(1);
  });

  it("gives held mail the owner sends days later its own 72 hours of retries", async () => {
    smtp!.refuse({ code: 451, message: "4.7.1 Try again later" });
    const { rows } = await ctx.db.execute<{ id: string }>(sql`insert into email_outbox
        (kind, to_address, subject, text, status, created_at, queued_at)
      values ('lead_notification', 'owner@example.com', 'Held for days', 'x', 'held', now() - interval '5 days', now() - interval '5 days')
      returning id`);
    const id = Number(rows[0]!.id);
    const sent = await retryOutboxEmail(ctx.db, ctx.mailer, id);
    expect(sent.status).toBe("retrying");
    smtp!.refuse(null);
  });

  it("holds what was on its way when the site loses its mail settings, so the owner sees it", async () => {
    const id = await ctx.mailer.queue(ctx.db, {
      kind: "admin_compose",
      to: "x@example.com",
      subject: "On its way",
      text: "x",
    });
    const mailless = createMailer({ db: ctx.db, log: createLogger("silent"), from: ctx.env.MAIL_FROM });
    expect(await mailless.retryDue()).toBe(0);
    expect((await outbox()).find((m) => m.id === id)!.status).toBe("held");
  });

  it("marks a message the server refuses for good (5xx) as failed at once", async () => {
    smtp!.refuse({ code: 550, message: "5.1.1 No such user here" });
    const id = await ctx.mailer.send({ kind: "admin_compose", to: "gone@example.com", subject: "Hello", text: "Hi" });
    await ctx.mailer.settled();
    const row = (await outbox()).find((m) => m.id === id)!;
    expect(row.status).toBe("failed");
    expect(row.last_error).toMatch(/refused the sender or recipient address \(550 .*No such user/);
    smtp!.refuse(null);
  });
});

describe("e-mails and the rows they announce", () => {
  it("are stored in one transaction: a rolled-back lead leaves no e-mail behind", async () => {
    const ctx = await createTestApp();
    try {
      await expect(
        ctx.mailer.transaction(async (tx, queue) => {
          await queue({ kind: "lead_notification", to: "owner@example.com", subject: "New lead", text: "..." });
          throw new Error("the lead's insert failed");
        }),
      ).rejects.toThrow("the lead's insert failed");
      const { rows } = await ctx.db.execute(sql`select count(*)::int as n from email_outbox`);
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await ctx.close();
    }
  });

  it("a message whose process stopped between the commit and the send goes out with the next retry run", async () => {
    const smtp = await startSmtpServer();
    const ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      // The commit happened; the send after it never started (the process was killed).
      const id = await ctx.mailer.queue(ctx.db, {
        kind: "lead_notification",
        to: "owner@example.com",
        subject: "New project inquiry from Ivo",
        text: "...",
      });
      expect(await ctx.mailer.retryDue()).toBe(0); // a new message's own sender gets a minute first
      await ctx.db.execute(sql`update email_outbox set next_attempt_at = now() where id = ${id}`);
      expect(await ctx.mailer.retryDue()).toBe(1);
      expect(smtp.received.map((m) => m.subject)).toEqual(["New project inquiry from Ivo"]);
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});

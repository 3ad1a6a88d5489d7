import { inArray, sql } from "drizzle-orm";
import { emailOutbox } from "../../db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_TEMPLATE_IDS, renderEmailTemplate } from "~/lib/admin/email-templates";
import { usageLevel } from "~/lib/admin/email";
import {
  EmailUsageSchema,
  OutboxEmailAnswerSchema,
  OutboxPageSchema,
  OutboxSummarySchema,
  SendEmailResponseSchema,
  SendHeldAnswerSchema,
  TestEmailAnswerSchema,
} from "~/contracts/email";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { startSmtpServer } from "../../../tests/support/smtp";
import { freePort } from "../../../tests/support/global-setup";

/**
 * E-mail from the back office against a real SMTP peer. Each describe block
 * has its own app and database, so the daily counts of one never touch another.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;

async function setup(env: Record<string, string> = {}) {
  const ctx = await createTestApp({ env });
  const { auth } = await createAdminToken(ctx.db);
  const send = (body: Record<string, unknown>) =>
    ctx.app.request("/api/admin/send-email", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  return { ctx, auth, send };
}

/** Fills today's count up to `n` messages. */
async function useUp(ctx: Ctx, n: number) {
  await ctx.db.execute(sql`insert into email_outbox (kind, to_address, subject, text, status)
    select 'filler', 'x@example.com', 'filler', 'filler', 'sent' from generate_series(1, ${n})`);
}

describe("sending with templates through SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await setup({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.ctx.close();
    await smtp.close();
  });

  it.each(EMAIL_TEMPLATE_IDS)("the %s template arrives with the name filled in and the signature", async (id) => {
    const email = `client.${id}@example.com`;
    const { subject, content } = renderEmailTemplate(id, { name: "Maria Santos", siteUrl: t.ctx.env.SITE_URL });
    const res = await t.send({ to: email, subject: subject || "Hello", content, priority: "normal" });
    expect(res.status, await res.clone().text()).toBe(200);
    const sent = await res.json();
    expect(SendEmailResponseSchema.parse(sent)).toEqual(sent);
    expect(sent).toMatchObject({ success: true, sent_to: [email] });
    await t.ctx.mailer.settled();
    const mail = smtp.received.find((m) => m.to.includes(email))!;
    expect(mail.body).toContain("Hi Maria,");
    expect(mail.body).not.toContain("{name}");
    expect(mail.body).toContain("Tyler Brennan");
    if (id === "update") expect(mail.body).toContain(`${t.ctx.env.SITE_URL}/client-portal`);
  });

  it("logs an outbound communication on the contact", async () => {
    const email = `logged.${Date.now()}@example.com`;
    const [contact] = (
      await t.ctx.db.execute(sql`insert into contacts (name, email) values ('Logged', ${email}) returning id`)
    ).rows;
    const res = await t.send({
      to: email,
      subject: "Your menu page",
      content: "Hi Logged, it's live.",
      contact_id: Number(contact!.id),
    });
    expect(res.status).toBe(200);
    const { rows } = await t.ctx.db.execute(
      sql`select type, direction, subject from communications where contact_id = ${contact!.id}`,
    );
    expect(rows).toEqual([{ type: "email", direction: "outbound", subject: "Your menu page" }]);
  });

  it("requires to, subject and content ('Please fill in all fields')", async () => {
    const res = await t.send({ to: "a@example.com", subject: "", content: "x" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain("Please fill in all fields");
  });

  it("retries a failed message from the outbox", async () => {
    const [row] = (
      await t.ctx.db
        .execute(sql`insert into email_outbox (kind, to_address, subject, text, status, attempts, last_error)
      values ('admin_compose', 'retry@example.com', 'Retry me', 'Body', 'failed', 1, 'connection refused') returning id`)
    ).rows;
    const list = await (await t.ctx.app.request("/api/admin/emails?status=failed", { headers: t.auth })).json();
    expect(OutboxPageSchema.parse(list)).toEqual(list);
    expect(list.emails.map((e: { id: number }) => e.id)).toContain(Number(row!.id));
    const res = await t.ctx.app.request(`/api/admin/emails/${row!.id}/retry`, { method: "POST", headers: t.auth });
    expect(res.status).toBe(200);
    const retried = await res.json();
    expect(OutboxEmailAnswerSchema.parse(retried)).toEqual(retried);
    expect(retried.email).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(smtp.received.some((m) => m.to.includes("retry@example.com"))).toBe(true);
  });
});

describe("the daily limit and priorities", () => {
  // A limit of 20: 0 % = nothing sent, 75 % = 15, 95 % = 19.
  const statusAt = async (percent: number, priority: string) => {
    const t = await setup({ EMAIL_DAILY_LIMIT: "20" });
    try {
      await useUp(t.ctx, (percent / 100) * 20);
      const res = await t.send({ to: "someone@example.com", subject: "Hi", content: "Hello", priority });
      return { status: res.status, body: await res.json() };
    } finally {
      await t.ctx.close();
    }
  };

  it("at 0 % every priority is sent", async () => {
    for (const p of ["low", "normal", "high"]) expect((await statusAt(0, p)).status).toBe(200);
  });

  it("at 75 % low is skipped; normal and high are sent", async () => {
    const low = await statusAt(75, "low");
    expect(low.status).toBe(429);
    expect(low.body.error).toContain("low-priority");
    expect((await statusAt(75, "normal")).status).toBe(200);
    expect((await statusAt(75, "high")).status).toBe(200);
  });

  it("at 95 % only high is sent", async () => {
    expect((await statusAt(95, "low")).status).toBe(429);
    const normal = await statusAt(95, "normal");
    expect(normal.status).toBe(429);
    expect(normal.body.error).toContain("Only high-priority emails will be sent");
    expect((await statusAt(95, "high")).status).toBe(200);
  });

  it("high on a project goes to every contact of it; normal only to the address given", async () => {
    const t = await setup();
    try {
      const ids = [] as number[];
      for (const name of ["Primary", "Partner", "Developer"]) {
        const [row] = (
          await t.ctx.db.execute(
            sql`insert into contacts (name, email) values (${name}, ${`${name.toLowerCase()}@example.com`}) returning id`,
          )
        ).rows;
        ids.push(Number(row!.id));
      }
      await t.ctx.db.execute(
        sql`insert into projects (id, name, status) values ('WBT-2026-ABC234', 'Team site', 'design')`,
      );
      for (const [i, id] of ids.entries())
        await t.ctx.db.execute(
          sql`insert into project_contacts (project_id, contact_id, role, is_primary) values ('WBT-2026-ABC234', ${id}, 'client', ${i === 0})`,
        );
      const normal = await t.send({
        to: "primary@example.com",
        subject: "Update",
        content: "Hi",
        priority: "normal",
        project_id: "WBT-2026-ABC234",
      });
      expect((await normal.json()).sent_to).toEqual(["primary@example.com"]);
      const high = await t.send({
        to: "primary@example.com",
        subject: "Launch",
        content: "Hi",
        priority: "high",
        project_id: "WBT-2026-ABC234",
      });
      expect(((await high.json()).sent_to as string[]).sort()).toEqual([
        "developer@example.com",
        "partner@example.com",
        "primary@example.com",
      ]);
    } finally {
      await t.ctx.close();
    }
  });

  it("usage answers the count, the limit, what remains and the percentage; held mail counts", async () => {
    const t = await setup({ EMAIL_DAILY_LIMIT: "40" });
    try {
      await useUp(t.ctx, 30);
      const usage = await (await t.ctx.app.request("/api/admin/email-usage", { headers: t.auth })).json();
      expect(usage).toEqual({
        emails_sent: 30,
        daily_limit: 40,
        remaining: 10,
        percentage_used: 75,
        smtp_configured: false,
      });
      expect(EmailUsageSchema.parse(usage)).toEqual(usage);
    } finally {
      await t.ctx.close();
    }
  });
});

describe("sending to a contact or project that does not exist", () => {
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(() => t.ctx.close());

  const count = async (table: "email_outbox" | "communications") =>
    Number((await t.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);

  it("an unknown contact_id answers 400 'Contact not found' and queues nothing, so a retry cannot send twice", async () => {
    const before = await count("email_outbox");
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await t.send({ to: "ghost@example.com", subject: "Hello", content: "Hi", contact_id: 987654 });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Contact not found" });
    }
    expect(await count("email_outbox")).toBe(before);
  });

  it("an address that cannot be delivered answers 400 naming the field, and queues nothing", async () => {
    const before = await count("email_outbox");
    for (const to of ["not-an-address", "name@", "two words@example.com"]) {
      const res = await t.send({ to, subject: "Hello", content: "Hi" });
      expect(res.status, to).toBe(400);
      const body = (await res.json()) as { error: string; fields?: Record<string, string> };
      expect(body.error).toContain("to: Enter a valid email address");
      expect(body.fields).toEqual({ to: "Enter a valid email address, like name@example.com" });
    }
    expect(await count("email_outbox")).toBe(before);
  });

  it("an unknown project_id answers 400 'Project not found' and queues nothing", async () => {
    const before = await count("email_outbox");
    const res = await t.send({
      to: "ghost@example.com",
      subject: "Hello",
      content: "Hi",
      priority: "high",
      project_id: "WBT-2026-NOPE23",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Project not found" });
    expect(await count("email_outbox")).toBe(before);
  });

  it("when the communication log cannot be written, the queued e-mail is rolled back with it", async () => {
    const [contact] = (
      await t.ctx.db.execute(
        sql`insert into contacts (name, email) values ('Rollback', 'rollback@example.com') returning id`,
      )
    ).rows;
    // A real failure of the log insert, after the e-mail row was written in the same transaction.
    await t.ctx.db.execute(
      sql`alter table communications add constraint refuses_this_subject check (subject is distinct from 'Cannot be logged')`,
    );
    try {
      const outbox = await count("email_outbox");
      const log = await count("communications");
      const res = await t.send({
        to: "rollback@example.com",
        subject: "Cannot be logged",
        content: "Hi",
        contact_id: Number(contact!.id),
      });
      expect(res.status).toBe(500);
      expect(await count("email_outbox")).toBe(outbox);
      expect(await count("communications")).toBe(log);
      // The message that can be logged goes out once, with its log entry.
      const ok = await t.send({
        to: "rollback@example.com",
        subject: "Can be logged",
        content: "Hi",
        contact_id: Number(contact!.id),
      });
      expect(ok.status).toBe(200);
      expect(await count("email_outbox")).toBe(outbox + 1);
      expect(await count("communications")).toBe(log + 1);
    } finally {
      await t.ctx.db.execute(sql`alter table communications drop constraint refuses_this_subject`);
    }
  });
});

describe("usage levels", () => {
  it("colours and warns at 70 and 90 percent", () => {
    expect(usageLevel(69.9)).toEqual({ tone: "green" });
    expect(usageLevel(70).tone).toBe("yellow");
    expect(usageLevel(70).warning).toBe("Email usage is high. Consider batching updates.");
    expect(usageLevel(90)).toEqual({
      tone: "red",
      warning: "Email limit almost reached! Only high-priority emails will be sent.",
    });
  });
});

/**
 * What the owner does with mail that did not go (docs/decisions/028-outbox.md): held mail waits
 * for Send all held once SMTP is set, a failed message can be resent or discarded, the summary
 * counts them, and a test e-mail shows the mail server's answer or what went wrong.
 */
describe("held and failed mail", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: Awaited<ReturnType<typeof setup>>;
  let mailless: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await setup({ SMTP_URL: smtp.url });
    mailless = await setup();
  });
  afterAll(async () => {
    await Promise.all([t.ctx.close(), mailless.ctx.close()]);
    await smtp.close();
  });

  const call = (s: typeof t, path: string, init: { method?: string; body?: unknown } = {}) =>
    s.ctx.app.request(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { ...s.auth, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  /** Messages written while no mail server was set (held), one of them a sign-in link that has expired since. */
  async function writeHeld(s: typeof t, tag: string) {
    const { rows } = await s.ctx.db.execute<{
      id: string;
    }>(sql`insert into email_outbox (kind, to_address, subject, text, status, expires_at)
      values ('lead_notification', ${`owner.${tag}@example.com`}, ${`Held notice ${tag}`}, 'x', 'held', null),
             ('submission_confirmation', ${`visitor.${tag}@example.com`}, ${`Held confirmation ${tag}`}, 'x', 'held', null),
             ('portal_sign_in', ${`client.${tag}@example.com`}, ${`Held link ${tag}`}, 'x', 'held', now() - interval '1 day')
      returning id`);
    return rows.map((r) => Number(r.id));
  }

  it("sends every held message once when the owner says so, and drops the one past its use", async () => {
    await t.ctx.db.execute(sql`delete from email_outbox`);
    const ids = await writeHeld(t, "a");
    const summary = await (await call(t, "/api/admin/emails/summary")).json();
    expect(OutboxSummarySchema.parse(summary)).toEqual({ smtp_configured: true, held: 3, failed: 0, retrying: 0 });
    // Never by themselves: the retry job leaves held mail alone.
    expect(await t.ctx.mailer.retryDue()).toBe(0);

    const res = await call(t, "/api/admin/emails/send-held", { method: "POST" });
    expect(res.status).toBe(200);
    expect(SendHeldAnswerSchema.parse(await res.json())).toEqual({ success: true, queued: 3 });
    await t.ctx.mailer.settled();
    expect(
      smtp.received
        .filter((m) => m.subject.startsWith("Held "))
        .map((m) => m.subject)
        .sort(),
    ).toEqual(["Held confirmation a", "Held notice a"]);
    const rows = await t.ctx.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids))
      .orderBy(emailOutbox.id);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "dropped"]);
    // Nothing held is left: a second press sends nothing again.
    const again = await call(t, "/api/admin/emails/send-held", { method: "POST" });
    expect(await again.json()).toEqual({ success: true, queued: 0 });
    await t.ctx.mailer.settled();
    expect(smtp.received.filter((m) => m.subject.startsWith("Held "))).toHaveLength(2);
  });

  it("discards a held or failed message, and refuses to discard one that was sent", async () => {
    const [held] = await writeHeld(t, "b");
    const discarded = await call(t, `/api/admin/emails/${held}/discard`, { method: "POST" });
    expect(discarded.status).toBe(200);
    expect(OutboxEmailAnswerSchema.parse(await discarded.json()).email.status).toBe("discarded");
    const sent = await t.ctx.mailer.send({ kind: "admin_compose", to: "x@example.com", subject: "Sent", text: "x" });
    await t.ctx.mailer.settled();
    const refused = await call(t, `/api/admin/emails/${sent}/discard`, { method: "POST" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatch(/Only a held or failed e-mail can be discarded; this one is sent/);
    expect((await call(t, "/api/admin/emails/999999/discard", { method: "POST" })).status).toBe(404);
  });

  it("without SMTP: the summary says so and counts the held mail, and sending is refused with the way out", async () => {
    await writeHeld(mailless, "c");
    const summary = OutboxSummarySchema.parse(await (await call(mailless, "/api/admin/emails/summary")).json());
    expect(summary).toMatchObject({ smtp_configured: false, held: 3 });
    for (const res of [
      await call(mailless, "/api/admin/emails/send-held", { method: "POST" }),
      await call(mailless, "/api/admin/emails/test", { body: { to: "me@example.com" } }),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/SMTP_URL.*README/);
    }
  });

  it("a test e-mail answers the mail server's reply, or what went wrong in plain words", async () => {
    const ok = await call(t, "/api/admin/emails/test", { body: { to: "owner.test@example.com" } });
    expect(ok.status).toBe(200);
    expect(TestEmailAnswerSchema.parse(await ok.json()).response).toMatch(/^250 /);
    expect(smtp.received.some((m) => m.to.includes("owner.test@example.com"))).toBe(true);

    const port = await freePort();
    const down = await setup({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    try {
      const res = await call(down, "/api/admin/emails/test", { body: { to: "owner.test@example.com" } });
      expect(res.status).toBe(502);
      expect((await res.json()).error).toBe(
        `Nothing answered at 127.0.0.1:${port}: the mail server is down or the port in SMTP_URL is wrong (connect ECONNREFUSED 127.0.0.1:${port}).`,
      );
      expect((await call(down, "/api/admin/emails/test", { body: { to: "not an address" } })).status).toBe(400);
    } finally {
      await down.ctx.close();
    }
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { createTestApp } from "../../tests/support/app";
import { startSmtpServer } from "../../tests/support/smtp";
import { freePort } from "../../tests/support/global-setup";

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
    const { projectId } = await res.json();
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
  it("stores the lead, keeps the mail in the outbox as failed, and sends it on retry once SMTP is back", async () => {
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
        sql`select id, status, attempts, last_error from email_outbox where contact_id = ${contacts[0]!.id}`,
      );
      expect(rows).toEqual([expect.objectContaining({ status: "failed", attempts: 1 })]);
      expect(String(rows[0]!.last_error)).toMatch(/ECONNREFUSED|connect/i);

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

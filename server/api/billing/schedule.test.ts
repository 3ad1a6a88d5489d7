import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { site } from "~/config/site";
import { ProjectInvoicesAnswerSchema, type Invoice } from "~/contracts/invoices";
import { scheduleAmounts } from "~/contracts/payment-schedule";
import { QuoteAnswerSchema } from "~/contracts/quotes";
import { emailOutbox, invoices } from "../../db/schema/index";
import { invoiceDuePayments } from "../../services/billing/schedule";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { billingApi, createBilledProject, projectToken, testDataDir } from "../../../tests/support/billing";
import { pdfText } from "../../../tests/support/pdf-text";
import { startSmtpServer } from "../../../tests/support/smtp";

/**
 * Sign and pay in one sitting, and payment schedules (docs/product/billing.md "Deposit at signing",
 * "Payment schedules"; decision 061), against a real database and SMTP peer: the deposit invoiced
 * and sent with the signed copy, once even when two acceptances race; a 40/40/20 schedule's
 * invoices adding up to the total to the cent, at acceptance, at Launch and on their day, once
 * each whichever process fires them; the owner's switch and the settings' switch.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: Ctx;
let api: ReturnType<typeof billingApi>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: "1", DATA_DIR: await testDataDir() } });
  api = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const deps = () => ({ db: ctx.db, mailer: ctx.mailer, siteUrl: ctx.env.SITE_URL, ownerEmail: ctx.env.OWNER_EMAIL });
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: site.timeZone }).format(new Date());
const dayAfter = (days: number) => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** Noon of a day in the business's zone (well inside the day whatever the offset). */
const noonOf = (day: string) => new Date(`${day}T17:00:00Z`);

async function projectInvoices(projectId: string): Promise<Invoice[]> {
  const res = await api.call("GET", `/api/admin/projects/${projectId}/invoices`);
  return ProjectInvoicesAnswerSchema.parse(await api.ok(res)).invoices.sort((a, b) => a.id - b.id);
}
const outboxTo = (to: string) => ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

const DOLLARS_1000_01 = [{ description: "Full Site with booking", quantity: 1, unit_price_cents: 100_001 }];
const FORTY_FORTY_TWENTY = (day: string) =>
  [
    { label: "Deposit", share: "percent", value: 4_000, trigger: "acceptance" },
    { label: "Launch payment", share: "percent", value: 4_000, trigger: "launch" },
    { label: "Final payment", share: "percent", value: 2_000, trigger: "date", date: day },
  ] as const;

describe("sign and pay in one sitting", () => {
  it("writes and sends exactly one deposit invoice at acceptance, in the signed copy's e-mail, also when two acceptances race", async () => {
    const { projectId, email } = await createBilledProject(ctx.db, { name: "Łucja Nguyễn" });
    const token = await projectToken(ctx.db, projectId);
    const quote = await api.sentQuote(projectId, {
      lines: [{ description: "Full Site", quantity: 1, unit_price_cents: 65_001 }],
    });
    const hash = await api.contentHash(quote.id);
    const answers = await Promise.all(
      [0, 1].map(() => api.accept(quote.id, token, "Łucja Nguyễn", { content_hash: hash })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    await ctx.mailer.settled();

    const written = await projectInvoices(projectId);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      kind: "deposit",
      quote_id: quote.id,
      status: "sent",
      total_cents: 32_501, // 50 % of 65,001, half up
      client_name: "Łucja Nguyễn",
    });
    // One e-mail to the client carries the signed copy and the invoice; no separate invoice e-mail.
    const mails = await outboxTo(email);
    expect(mails.map((m) => m.kind).sort()).toEqual(["quote_sent", "quote_signed_copy"]);
    const copy = mails.find((m) => m.kind === "quote_signed_copy")!;
    expect(copy.text).toContain(`Invoice ${written[0]!.number}: $325.01`);
    expect(copy.text).toContain("Pay it by card with Pay Now:");
    // The client's Billing section has it open, to pay now.
    const billing = await api.clientBilling(projectId, token);
    expect(billing.invoices.map((i) => [i.number, i.status, i.amount_due_cents])).toEqual([
      [written[0]!.number, "sent", 32_501],
    ]);
    // The owner's notice says it went out.
    const notice = (await outboxTo(ctx.env.OWNER_EMAIL)).find((m) =>
      m.subject.startsWith(`Quote ${quote.number} accepted`),
    );
    expect(notice?.text).toContain(
      `Invoice ${written[0]!.number} ($325.01) was created and sent with the client's signed copy.`,
    );
    // The owner's "Create Deposit Invoice" finds it there.
    expect((await api.call("POST", `/api/admin/quotes/${quote.id}/invoices`, { kind: "deposit" })).status).toBe(409);
  });

  it("writes nothing at signing with the setting off", async () => {
    await api.invoiceAtSigning(false);
    onTestFinished(() => api.invoiceAtSigning(true));
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    await api.ok(await api.accept((await api.sentQuote(projectId)).id, token));
    expect(await projectInvoices(projectId)).toEqual([]);
  });
});

describe("a payment schedule", () => {
  it("refuses a schedule that does not add up, or a trigger without its day, with 400 and why", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const cases: [unknown, RegExp][] = [
      [
        [
          { label: "Deposit", share: "percent", value: 5_000, trigger: "acceptance" },
          { label: "Balance", share: "percent", value: 4_000, trigger: "launch" },
        ],
        /The payments add up to \$900\.01, not the quote's total of \$1,000\.01/,
      ],
      [[{ label: "Final", share: "percent", value: 10_000, trigger: "date" }], /Pick the day this payment falls due/],
      [[{ label: "", share: "amount", value: 100_001, trigger: "acceptance" }], /Each payment needs a name/],
      [[{ label: "All", share: "percent", value: 10_001, trigger: "acceptance" }], /at most 100%/],
      [[{ label: "Later", share: "percent", value: 10_000, trigger: "days_after_acceptance", days: 0 }], /at least 1/],
    ];
    for (const [schedule, message] of cases) {
      const res = await api.call("POST", `/api/admin/projects/${projectId}/quotes`, {
        lines: DOLLARS_1000_01,
        schedule,
      });
      expect(res.status, JSON.stringify(schedule)).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
  });

  it("bills 40/40/20 of $1,000.01 to the cent: at acceptance, when the project reaches Launch, and on its day, once each", async () => {
    const { projectId } = await createBilledProject(ctx.db, { status: "development" });
    const token = await projectToken(ctx.db, projectId);
    const finalDay = dayAfter(45);
    const quote = await api.sentQuote(projectId, {
      lines: DOLLARS_1000_01,
      schedule: [...FORTY_FORTY_TWENTY(finalDay)],
    });
    expect(quote.schedule?.map((e) => [e.amount_cents, e.due_text])).toEqual([
      [40_000, "on acceptance"],
      [40_000, "when the project reaches Launch"],
      [
        20_001,
        `on ${new Date(`${finalDay}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })}`,
      ],
    ]);
    expect(quote).toMatchObject({ total_cents: 100_001, deposit_cents: 40_000, deposit_percent: 40 });
    // The schedule prints in the quote's PDF and shows in the client's Billing section.
    const pdf = await api.call("GET", `/api/admin/quotes/${quote.id}/pdf`);
    expect(pdf.status).toBe(200);
    const printed = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, " ");
    for (const text of [
      "Payment schedule",
      "Deposit (40%)",
      "on acceptance",
      "Launch payment (40%)",
      "when the project reaches Launch",
      "Final payment (20%)",
      "$200.01",
    ])
      expect(printed).toContain(text);
    const shown = (await api.clientBilling(projectId, token)).quotes.find((q) => q.id === quote.id);
    expect(shown?.schedule?.map((e) => e.amount_cents)).toEqual([40_000, 40_000, 20_001]);

    await api.ok(await api.accept(quote.id, token));
    expect((await projectInvoices(projectId)).map((i) => [i.kind, i.total_cents, i.status])).toEqual([
      ["deposit", 40_000, "sent"],
    ]);
    // Nothing more is due before Launch or the day, however often the job runs.
    expect(await invoiceDuePayments(deps(), noonOf(dayAfter(44)))).toBe(0);

    // The owner moves the project to Launch: the second payment is invoiced in that change.
    await api.ok(await api.call("PUT", `/api/admin/projects/${projectId}`, { status: "launch" }));
    const atLaunch = await projectInvoices(projectId);
    expect(atLaunch.map((i) => [i.kind, i.total_cents, i.status])).toEqual([
      ["deposit", 40_000, "sent"],
      ["installment", 40_000, "sent"],
    ]);
    expect(atLaunch[1]!.lines[0]!.description).toBe(
      `Launch payment: 40% of quote ${quote.number}, payment 2 of 3 (due when the project reaches Launch)`,
    );
    // A move back and forth again writes nothing more.
    await api.ok(await api.call("PUT", `/api/admin/projects/${projectId}`, { status: "review" }));
    await api.ok(await api.call("PUT", `/api/admin/projects/${projectId}`, { status: "launch" }));
    expect(await projectInvoices(projectId)).toHaveLength(2);

    // On its day, two processes' jobs at once: the third, once, taking the rounding.
    const runs = await Promise.all([0, 1, 2].map(() => invoiceDuePayments(deps(), noonOf(finalDay))));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const all = await projectInvoices(projectId);
    expect(all.map((i) => [i.kind, i.total_cents])).toEqual([
      ["deposit", 40_000],
      ["installment", 40_000],
      ["balance", 20_001],
    ]);
    expect(all.reduce((sum, i) => sum + i.total_cents, 0)).toBe(100_001);
    expect(await invoiceDuePayments(deps(), noonOf(dayAfter(60)))).toBe(0);
    // The database itself refuses a second live invoice of a payment.
    await expect(
      ctx.db
        .update(invoices)
        .set({ scheduleIndex: 0 })
        .where(and(eq(invoices.quoteId, quote.id), eq(invoices.kind, "balance"))),
    ).rejects.toThrow();
  });

  it("with automatic sending off, writes a draft and tells the owner it is ready to send", async () => {
    const { projectId, email } = await createBilledProject(ctx.db, { status: "review" });
    const token = await projectToken(ctx.db, projectId);
    const quote = await api.sentQuote(projectId, {
      lines: DOLLARS_1000_01,
      schedule: [
        { label: "Deposit", share: "amount", value: 30_000, trigger: "acceptance" },
        { label: "Balance", share: "amount", value: 70_001, trigger: "days_after_acceptance", days: 10 },
      ],
    });
    await api.ok(await api.accept(quote.id, token));
    const off = QuoteAnswerSchema.parse(
      await api.ok(await api.call("PUT", `/api/admin/quotes/${quote.id}/auto-invoice`, { auto_invoice: false })),
    ).quote;
    expect(off.auto_invoice).toBe(false);
    expect((await api.call("PUT", `/api/admin/quotes/${quote.id}/auto-invoice`, { auto_invoice: "no" })).status).toBe(
      400,
    );

    expect(await invoiceDuePayments(deps(), noonOf(dayAfter(10)))).toBe(1);
    await ctx.mailer.settled();
    const [deposit, balance] = await projectInvoices(projectId);
    expect([deposit!.status, balance!.status, balance!.total_cents]).toEqual(["sent", "draft", 70_001]);
    expect((await outboxTo(email)).filter((m) => m.kind === "invoice_sent")).toHaveLength(0);
    const ready = (await outboxTo(ctx.env.OWNER_EMAIL)).find((m) => m.kind === "invoice_ready_to_send");
    expect(ready?.subject).toBe(`Ready to send: invoice ${balance!.number} for ${balance!.project_name}`);
    expect(ready?.text).toContain(`Automatic sending is off on quote ${quote.number}`);
  });

  it("sends a payment due on its day by its own e-mail, and a quote without a schedule keeps the deposit alone", async () => {
    const { projectId, email } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    const quote = await api.sentQuote(projectId, {
      lines: DOLLARS_1000_01,
      schedule: [
        { label: "Deposit", share: "percent", value: 5_000, trigger: "acceptance" },
        { label: "Balance", share: "percent", value: 5_000, trigger: "days_after_acceptance", days: 30 },
      ],
    });
    await api.ok(await api.accept(quote.id, token));
    expect(await invoiceDuePayments(deps(), noonOf(dayAfter(30)))).toBe(1);
    await ctx.mailer.settled();
    const balance = (await projectInvoices(projectId))[1]!;
    expect(balance).toMatchObject({ kind: "balance", total_cents: 50_000, status: "sent" });
    expect((await outboxTo(email)).filter((m) => m.kind === "invoice_sent").map((m) => m.subject)).toEqual([
      `Invoice ${balance.number} - ${site.brand}`,
    ]);

    const plain = await createBilledProject(ctx.db);
    await api.acceptedQuote(plain.projectId, await projectToken(ctx.db, plain.projectId));
    expect(await invoiceDuePayments(deps(), noonOf(dayAfter(400)))).toBe(0);
    expect((await projectInvoices(plain.projectId)).map((i) => i.kind)).toEqual(["deposit"]);
  });

  it("splits the amounts so that the last takes the rounding", () => {
    const thirds = [1, 2, 3].map(() => ({ share: "percent" as const, value: 3_333 }));
    expect(scheduleAmounts(100_001, thirds)).toEqual([33_330, 33_330, 33_341]);
    expect(
      scheduleAmounts(1, [
        { share: "percent", value: 5_000 },
        { share: "percent", value: 5_000 },
      ]),
    ).toEqual([1, 0]);
  });
});

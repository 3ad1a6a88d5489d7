import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { site } from "~/config/site";
import { BillingSummarySchema } from "~/contracts/billing";
import { InvoiceAnswerSchema, InvoiceListAnswerSchema } from "~/contracts/invoices";
import { PaymentAnswerSchema } from "~/contracts/payments";
import { ProjectListSchema } from "~/contracts/projects";
import { invoices } from "../../db/schema/index";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { billingApi, createBilledProject, projectToken, testDataDir } from "../../../tests/support/billing";
import { pdfText } from "../../../tests/support/pdf-text";
import { startSmtpServer } from "../../../tests/support/smtp";

/**
 * Invoices and payments recorded by the owner (docs/product/billing.md "Invoices", "Payments",
 * "Money is exact", "The owner's figures") against a real database and SMTP peer: the deposit and
 * the balance of a quote, numbers without gaps, partial payments, frozen paid and void invoices
 * (and the trigger behind them), the Invoices screen and its CSV, the figures, and who may see what.
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

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: site.timeZone }).format(new Date());

async function pay(invoiceId: number, amount: number, status = 201) {
  const res = await api.call("POST", `/api/admin/invoices/${invoiceId}/payments`, {
    amount_cents: amount,
    paid_on: today(),
    method: "check",
    note: "Check #1042",
  });
  if (status !== 201) {
    expect(res.status, await res.clone().text()).toBe(status);
    return null;
  }
  return PaymentAnswerSchema.parse(await api.ok(res, 201));
}

describe("invoices from a quote", () => {
  it("bills the deposit as one line, then the balance, and nothing more", async () => {
    // The owner's own deposit invoice: with the deposit at signing off (the setting's other state).
    await api.invoiceAtSigning(false);
    onTestFinished(() => api.invoiceAtSigning(true));
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    const draft = await api.createQuote(projectId);
    expect((await api.call("POST", `/api/admin/quotes/${draft.id}/invoices`, { kind: "deposit" })).status).toBe(409);
    const quote = await api.acceptedQuote(projectId, token, {
      lines: [{ description: "Full Site", quantity: 1, unit_price_cents: 65_001 }],
    });
    const deposit = await api.depositInvoice(quote.id);
    expect(deposit).toMatchObject({
      kind: "deposit",
      quote_id: quote.id,
      status: "draft",
      total_cents: 32_501, // 50 % of 65,001 = 32,500.5 -> 32,501
      amount_due_cents: 32_501,
      client_name: "Maria Santos",
    });
    expect(deposit.lines).toEqual([
      {
        description: `50% deposit on quote ${quote.number}`,
        quantity: 1,
        unit_price_cents: 32_501,
        total_cents: 32_501,
        preset: null,
      },
    ]);
    expect(deposit.number).toMatch(new RegExp(`^INV-${today().slice(0, 4)}-\\d{4}$`));
    expect((await api.call("POST", `/api/admin/quotes/${quote.id}/invoices`, { kind: "deposit" })).status).toBe(409);

    const balance = InvoiceAnswerSchema.parse(
      await api.ok(await api.call("POST", `/api/admin/quotes/${quote.id}/invoices`, { kind: "balance" }), 201),
    ).invoice;
    expect(balance).toMatchObject({ kind: "balance", total_cents: 32_500 });
    expect((await api.call("POST", `/api/admin/quotes/${quote.id}/invoices`, { kind: "balance" })).status).toBe(409);

    // A void invoice no longer counts: its part can be billed again.
    await api.ok(await api.call("POST", `/api/admin/invoices/${balance.id}/void`, { reason: "Issued twice" }));
    const again = InvoiceAnswerSchema.parse(
      await api.ok(await api.call("POST", `/api/admin/quotes/${quote.id}/invoices`, { kind: "balance" }), 201),
    ).invoice;
    expect(again.total_cents).toBe(32_500);
  });
});

describe("the limits of an invoice's money", () => {
  it("answers 400 naming the field for an overflowing line, subtotal or discount, on create and update", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const draft = await api.manualInvoice(projectId);
    const line = (quantity: number, unit: number) => ({ description: "Work", quantity, unit_price_cents: unit });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ lines: [line(10_000, 100_000_000)] }, "lines.0.total_cents", /must be at most \$1,000,000\.00/],
      [{ lines: Array.from({ length: 50 }, () => line(1, 2_500_000)) }, "lines", /subtotal .* at most/],
      [
        { lines: [line(1, 12_500)], discount_type: "percent", discount_value: 100_000_000 },
        "discount_value",
        /must be at most/,
      ],
      [{ lines: [line(1, 12_500)], discount_type: "percent", discount_value: 10_100 }, "discount_value", /100 %/],
      [{ lines: [line(0.333, 12_500)] }, "lines.0.quantity", /at most two decimals/],
    ];
    for (const [body, field, message] of cases) {
      for (const [method, path] of [
        ["POST", `/api/admin/projects/${projectId}/invoices`],
        ["PUT", `/api/admin/invoices/${draft.id}`],
      ] as const) {
        const res = await api.call(method, path, body);
        expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(400);
        const answer = await res.json();
        expect(answer.fields?.[field], JSON.stringify(answer)).toMatch(message);
      }
    }
    // A discount changed alone is checked against the stored lines and discount type.
    await api.ok(
      await api.call("PUT", `/api/admin/invoices/${draft.id}`, { discount_type: "percent", discount_value: 1_000 }),
    );
    const alone = await api.call("PUT", `/api/admin/invoices/${draft.id}`, { discount_value: 10_100 });
    expect(alone.status).toBe(400);
    expect((await alone.json()).error).toBe("discount_value: A percent discount must be at most 100 %");
    const kept = (await api.ok(await api.call("GET", `/api/admin/invoices/${draft.id}`))).invoice;
    expect(kept).toMatchObject({ discount_value: 1_000, subtotal_cents: 12_500, total_cents: 11_250 });
  });
});

describe("numbering", () => {
  it("gives 20 invoices created at once 20 consecutive numbers of the year", async () => {
    const projects = await Promise.all(Array.from({ length: 4 }, () => createBilledProject(ctx.db)));
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.manualInvoice(projects[i % 4]!.projectId)),
    );
    const sequences = created.map((inv) => Number(inv.number.slice(-4))).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences.at(-1)! - sequences[0]!).toBe(19);
    // Across the whole year so far there is no gap either.
    const { rows } = await ctx.pool.query<{ n: number; max: number }>(
      "select count(*)::int as n, max(sequence) as max from invoices where year = $1",
      [Number(today().slice(0, 4))],
    );
    expect(rows[0]!.n).toBe(rows[0]!.max);
  });
});

describe("payments and frozen invoices", () => {
  it("adds partial payments up: half is partially paid, the second half paid", async () => {
    const { projectId, email } = await createBilledProject(ctx.db);
    const invoice = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    expect(invoice.status).toBe("sent");
    await ctx.mailer.settled();
    expect(smtp.received.some((m) => m.to.includes(email) && m.subject.includes(invoice.number))).toBe(true);

    expect(await pay(invoice.id, 12_501, 409)).toBeNull();
    const half = (await pay(invoice.id, 6_250))!;
    expect(half.invoice).toMatchObject({ status: "partially_paid", amount_paid_cents: 6_250, amount_due_cents: 6_250 });
    expect(half.payment).toMatchObject({ amount_cents: 6_250, method: "check", source: "manual", note: "Check #1042" });
    expect(await pay(invoice.id, 6_251, 409)).toBeNull();
    const rest = (await pay(invoice.id, 6_250))!;
    expect(rest.invoice).toMatchObject({ status: "paid", amount_paid_cents: 12_500, amount_due_cents: 0 });
    expect(rest.invoice.paid_at).toBeTruthy();
    expect(rest.invoice.payments).toHaveLength(2);

    // Paid: nothing changes any more, through the API or around it.
    expect(await pay(invoice.id, 1, 409)).toBeNull();
    expect((await api.call("PUT", `/api/admin/invoices/${invoice.id}`, { reminders_enabled: false })).status).toBe(409);
    expect((await api.call("POST", `/api/admin/invoices/${invoice.id}/void`, {})).status).toBe(409);
    await expect(
      ctx.db.update(invoices).set({ notes: "changed" }).where(eq(invoices.id, invoice.id)),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from invoices where id = ${invoice.id}`)).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`update invoice_payments set amount_cents = 1 where invoice_id = ${invoice.id}`),
    ).rejects.toThrow();
  });

  it("lets a draft change everything, an open invoice only its due date and reminders", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const draft = await api.manualInvoice(projectId);
    const changed = InvoiceAnswerSchema.parse(
      await api.ok(
        await api.call("PUT", `/api/admin/invoices/${draft.id}`, {
          lines: [{ description: "Logo refresh", quantity: 2, unit_price_cents: 4_999 }],
          discount_type: "percent",
          discount_value: 1_000,
          notes: "Thank you!",
        }),
      ),
    ).invoice;
    // 9,998 less 10 % (999.8 -> 1,000) = 8,998
    expect(changed).toMatchObject({
      subtotal_cents: 9_998,
      discount_cents: 1_000,
      total_cents: 8_998,
      notes: "Thank you!",
    });
    await api.sendInvoice(draft.id);
    expect((await api.call("PUT", `/api/admin/invoices/${draft.id}`, { notes: "Other" })).status).toBe(409);
    const quiet = InvoiceAnswerSchema.parse(
      await api.ok(await api.call("PUT", `/api/admin/invoices/${draft.id}`, { reminders_enabled: false })),
    ).invoice;
    expect(quiet.reminders_enabled).toBe(false);
    // The trigger holds the sent invoice's lines too.
    await expect(
      ctx.db.update(invoices).set({ totalCents: 1, subtotalCents: 1 }).where(eq(invoices.id, draft.id)),
    ).rejects.toThrow();
  });

  it("voids an unpaid invoice, which keeps its number; not one with payments", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const invoice = await api.manualInvoice(projectId);
    const voided = InvoiceAnswerSchema.parse(
      await api.ok(await api.call("POST", `/api/admin/invoices/${invoice.id}/void`, { reason: "Issued twice" })),
    ).invoice;
    expect(voided).toMatchObject({
      status: "void",
      number: invoice.number,
      void_reason: "Issued twice",
      amount_due_cents: 0,
    });
    const paidPart = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    await pay(paidPart.id, 100);
    expect((await api.call("POST", `/api/admin/invoices/${paidPart.id}/void`)).status).toBe(409);
  });
});

describe("the Invoices screen and the owner's figures", () => {
  it("filters, searches, pages and exports on the server", async () => {
    const { projectId } = await createBilledProject(ctx.db, { name: "Quentin Harbor" });
    const first = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    const second = await api.manualInvoice(projectId);
    const page = InvoiceListAnswerSchema.parse(
      await api.ok(await api.call("GET", `/api/admin/invoices?project_id=${projectId}&limit=1&sort=oldest`)),
    );
    expect(page.total).toBe(2);
    expect(page.invoices.map((i) => i.id)).toEqual([first.id]);
    const open = InvoiceListAnswerSchema.parse(
      await api.ok(await api.call("GET", `/api/admin/invoices?q=quentin&status=open`)),
    );
    expect(open.invoices.map((i) => i.id)).toEqual([first.id]);
    const byNumber = InvoiceListAnswerSchema.parse(
      await api.ok(await api.call("GET", `/api/admin/invoices?q=${second.number}`)),
    );
    expect(byNumber.invoices.map((i) => i.id)).toEqual([second.id]);
    expect((await api.call("GET", "/api/admin/invoices?status=late")).status).toBe(400);

    // Overdue is read from the due date: past it with money due.
    await ctx.db.execute(sql`update invoices set due_date = issue_date - 3 where id = ${first.id}`);
    const overdue = InvoiceListAnswerSchema.parse(
      await api.ok(await api.call("GET", `/api/admin/invoices?project_id=${projectId}&status=overdue`)),
    );
    expect(overdue.invoices.map((i) => [i.id, i.status])).toEqual([[first.id, "overdue"]]);

    await pay(first.id, 2_500);
    const csv = await api.call("GET", `/api/admin/invoices.csv?project_id=${projectId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(
      "Number,Issued,Due,Status,Project ID,Project,Client,Kind,Subtotal,Discount,Total,Paid,Due Amount",
    );
    expect(text).toContain(`${first.number},`);
    expect(text).toContain("125.00,25.00,100.00");
    const payments = await (
      await api.call("GET", `/api/admin/invoices.csv?project_id=${projectId}&rows=payments`)
    ).text();
    expect(payments).toContain(`${first.number},${today()},25.00,Check,Recorded,Check #1042`);
  });

  it("sums outstanding, overdue and paid this month and year", async () => {
    const before = BillingSummarySchema.parse(await api.ok(await api.call("GET", "/api/admin/billing/summary")));
    const { projectId } = await createBilledProject(ctx.db);
    const open = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    const late = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    await ctx.db.execute(sql`update invoices set due_date = issue_date - 1 where id = ${late.id}`);
    await pay(open.id, 2_000);
    const after = BillingSummarySchema.parse(await api.ok(await api.call("GET", "/api/admin/billing/summary")));
    expect(after.outstanding_cents - before.outstanding_cents).toBe(12_500 + 12_500 - 2_000);
    expect(after.outstanding_count - before.outstanding_count).toBe(2);
    expect(after.overdue_cents - before.overdue_cents).toBe(12_500);
    expect(after.overdue_count - before.overdue_count).toBe(1);
    expect(after.paid_this_month_cents - before.paid_this_month_cents).toBe(2_000);
    expect(after.paid_this_year_cents - before.paid_this_year_cents).toBe(2_000);
  });

  it("shows each project's quote and invoice state in the projects list", async () => {
    const { projectId } = await createBilledProject(ctx.db, { name: "Ulla Billingsworth" });
    const token = await projectToken(ctx.db, projectId);
    const quote = await api.acceptedQuote(projectId, token);
    await api.sendInvoice((await api.depositInvoice(quote.id)).id);
    const list = ProjectListSchema.parse(await api.ok(await api.call("GET", "/api/admin/projects?q=Billingsworth")));
    expect(list.projects.map((p) => [p.id, p.billing])).toEqual([
      [projectId, { quote_status: "accepted", invoice_status: "sent", due_cents: 13_750 }],
    ]);
  });
});

describe("the invoice's PDF and who may see it", () => {
  it("carries the number, the lines, the totals and how to pay", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const invoice = await api.manualInvoice(projectId);
    const text = pdfText(
      new Uint8Array(await (await api.call("GET", `/api/admin/invoices/${invoice.id}/pdf`)).arrayBuffer()),
    );
    for (const expected of [
      invoice.number,
      "Extra page: events calendar",
      "$125.00",
      "Amount due",
      site.billing.payee,
      site.brand,
    ])
      expect(text, expected).toContain(expected);
  });

  it("gives another client's token 403 on the invoice, its PDF and its checkout; a draft is 404", async () => {
    const mine = await createBilledProject(ctx.db);
    const theirs = await createBilledProject(ctx.db, { name: "Rita Moreau" });
    const myToken = await projectToken(ctx.db, mine.projectId);
    const theirToken = await projectToken(ctx.db, theirs.projectId);
    const invoice = await api.sendInvoice((await api.manualInvoice(theirs.projectId)).id);
    const draft = await api.manualInvoice(theirs.projectId);

    expect(
      (await api.call("GET", `/api/client-portal/invoices/${invoice.id}/pdf`, undefined, api.asClient(myToken))).status,
    ).toBe(403);
    expect(
      (await api.call("POST", `/api/client-portal/invoices/${invoice.id}/checkout`, undefined, api.asClient(myToken)))
        .status,
    ).toBe(403);
    expect((await api.call("GET", `/api/client-portal/invoices/${invoice.id}/pdf`, undefined, {})).status).toBe(401);
    expect(
      (await api.call("GET", `/api/client-portal/invoices/${draft.id}/pdf`, undefined, api.asClient(theirToken)))
        .status,
    ).toBe(404);
    const own = await api.call(
      "GET",
      `/api/client-portal/invoices/${invoice.id}/pdf`,
      undefined,
      api.asClient(theirToken),
    );
    expect(own.status).toBe(200);
    // Without STRIPE_SECRET_KEY there is no card payment: a clear refusal, and the Billing section says so.
    const checkout = await api.call(
      "POST",
      `/api/client-portal/invoices/${invoice.id}/checkout`,
      undefined,
      api.asClient(theirToken),
    );
    expect(checkout.status).toBe(409);
    expect((await checkout.json()).error).toMatch(/Card payments are not set up/);
    const billing = await api.clientBilling(theirs.projectId, theirToken);
    expect(billing.card_payments).toBe(false);
    expect(billing.invoices.map((i) => i.id)).toEqual([invoice.id]);
  });

  it("keeps a draft voided before it was sent the owner's alone: not in the client's list, its PDF and checkout 404", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    const draft = await api.manualInvoice(projectId, { notes: "Internal: client is slow to pay" });
    const voided = InvoiceAnswerSchema.parse(
      await api.ok(await api.call("POST", `/api/admin/invoices/${draft.id}/void`, { reason: "Wrong project" })),
    ).invoice;
    expect(voided).toMatchObject({ status: "void", sent_at: null });
    // A sent invoice voided later stays the client's to see.
    const sent = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    await api.ok(await api.call("POST", `/api/admin/invoices/${sent.id}/void`, { reason: "Issued twice" }));

    const billing = await api.clientBilling(projectId, token);
    expect(billing.invoices.map((i) => [i.id, i.status])).toEqual([[sent.id, "void"]]);
    const asClient = api.asClient(token);
    expect((await api.call("GET", `/api/client-portal/invoices/${draft.id}/pdf`, undefined, asClient)).status).toBe(
      404,
    );
    expect(
      (await api.call("POST", `/api/client-portal/invoices/${draft.id}/checkout`, undefined, asClient)).status,
    ).toBe(404);
    expect((await api.call("GET", `/api/client-portal/invoices/${sent.id}/pdf`, undefined, asClient)).status).toBe(200);
    // The owner still sees it, with its reason.
    expect((await api.ok(await api.call("GET", `/api/admin/invoices/${draft.id}`))).invoice.void_reason).toBe(
      "Wrong project",
    );
  });
});

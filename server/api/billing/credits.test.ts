import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BillingSummarySchema } from "~/contracts/billing";
import { InvoiceAnswerSchema, type Invoice } from "~/contracts/invoices";
import {
  CheckoutAnswerSchema,
  CreditAnswerSchema,
  CreditApplyAnswerSchema,
  CreditTargetsAnswerSchema,
  WebhookAnswerSchema,
} from "~/contracts/payments";
import { billingCredits, emailOutbox, invoicePayments, invoices } from "../../db/schema/index";
import { createProjectForContact } from "../../services/intake/leads";
import { retryOnUniqueViolation } from "../../db/tx";
import { createBilledProject, projectToken } from "../../../tests/support/billing";
import { businessToday, useStripeBillingServer } from "../../../tests/support/billing-server";

/**
 * Every payment Stripe takes is recorded and accounted for (docs/product/billing.md "Payments",
 * "Credits"): one stored Checkout session per invoice, reused by a second Pay Now and expired at
 * Stripe when a payment is recorded or the invoice is voided; money an invoice cannot take (more
 * than due, already paid, void) kept as a credit, once per event however it arrives; impossible
 * amounts refused; credits refunded or applied to another invoice of the same client.
 */
const WEBHOOK_SECRET = "whsec_test_billing_credits";
const env = useStripeBillingServer(WEBHOOK_SECRET);

/** A sent invoice of `cents` on a new project (or the given one), with the client's portal token. */
async function openInvoice(cents: number, projectId?: string) {
  const project: { projectId: string; contactId?: number } = projectId
    ? { projectId }
    : await createBilledProject(env.server.db, { status: "design" });
  const token = await projectToken(env.server.db, project.projectId);
  const draft = await env.api.manualInvoice(project.projectId, {
    lines: [{ description: "Website build", quantity: 1, unit_price_cents: cents }],
  });
  return { ...project, token, invoice: await env.api.sendInvoice(draft.id) };
}

async function payNow(invoiceId: number, token: string) {
  const res = await env.api.call(
    "POST",
    `/api/client-portal/invoices/${invoiceId}/checkout`,
    undefined,
    env.api.asClient(token),
  );
  return CheckoutAnswerSchema.parse(await env.api.ok(res));
}

async function readInvoice(id: number): Promise<Invoice> {
  return InvoiceAnswerSchema.parse(await env.api.ok(await env.api.call("GET", `/api/admin/invoices/${id}`))).invoice;
}

async function summary() {
  return BillingSummarySchema.parse(await env.api.ok(await env.api.call("GET", "/api/admin/billing/summary")));
}

async function recordCheck(invoiceId: number, cents: number) {
  return env.api.call("POST", `/api/admin/invoices/${invoiceId}/payments`, {
    amount_cents: cents,
    paid_on: businessToday(),
    method: "check",
    note: "Check #1042",
  });
}

const answerOf = (body: string) => WebhookAnswerSchema.parse(JSON.parse(body));

async function storedSession(invoiceId: number) {
  const [row] = await env.server.db
    .select({ id: invoices.checkoutSessionId, amount: invoices.checkoutAmountCents })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row;
}

describe("one Checkout session per invoice", () => {
  it("a second Pay Now gets the same session; it is made with an expiry and an idempotency key", async () => {
    const { token, invoice } = await openInvoice(50_000);
    const first = await payNow(invoice.id, token);
    const second = await payNow(invoice.id, token);
    expect(second.session_id).toBe(first.session_id);
    expect(second.url).toBe(first.url);
    expect([...env.stripe.sessions.values()].filter((s) => s.metadata.invoice_id === String(invoice.id))).toHaveLength(
      1,
    );
    const session = env.stripe.sessions.get(first.session_id)!;
    expect(session.idempotencyKey).toBe(`checkout-${invoice.id}-50000-0-${session.expires_at}`);
    const left = session.expires_at * 1000 - Date.now();
    expect(left).toBeGreaterThan(30 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
    expect(new Date(first.expires_at).getTime()).toBe(session.expires_at * 1000);
    expect(await storedSession(invoice.id)).toEqual({ id: first.session_id, amount: 50_000 });
  });

  it("the Stripe stand-in answers a repeated idempotency key and an expiry as Stripe does", async () => {
    const { default: StripeSdk } = await import("stripe");
    const sdk = new StripeSdk("sk_test_stand_in", { host: env.stripe.host, port: env.stripe.port, protocol: "http" });
    const params = {
      mode: "payment" as const,
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "x" } } }],
      success_url: "http://127.0.0.1/ok",
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    };
    const first = await sdk.checkout.sessions.create(params, { idempotencyKey: "same-key" });
    const again = await sdk.checkout.sessions.create(params, { idempotencyKey: "same-key" });
    expect(again.id).toBe(first.id);
    await expect(
      sdk.checkout.sessions.create({ ...params, expires_at: params.expires_at + 60 }, { idempotencyKey: "same-key" }),
    ).rejects.toThrow(/same parameters/);
    await expect(
      sdk.checkout.sessions.create({ ...params, expires_at: Math.floor(Date.now() / 1000) + 60 }),
    ).rejects.toThrow(/30 minutes and 24 hours/);
    expect((await sdk.checkout.sessions.expire(first.id)).status).toBe("expired");
    await expect(sdk.checkout.sessions.expire(first.id)).rejects.toThrow(/status in \["open"\]/);
  });

  it("two tabs paying: one session, and its second payment event is a credit, not lost", async () => {
    const { token, invoice } = await openInvoice(50_100);
    const tab1 = await payNow(invoice.id, token);
    const tab2 = await payNow(invoice.id, token);
    expect(tab2.session_id).toBe(tab1.session_id);
    const before = await summary();

    const one = await env.stripe.deliver(env.stripe.paidEvent(tab1.session_id));
    const two = await env.stripe.deliver(env.stripe.paidEvent(tab2.session_id));
    expect(one.status).toBe(200);
    expect(answerOf(one.body)).toEqual({ received: true, recorded: true, payment_cents: 50_100, credit_cents: 0 });
    expect(answerOf(two.body)).toEqual({ received: true, recorded: true, payment_cents: 0, credit_cents: 50_100 });

    const read = await readInvoice(invoice.id);
    expect(read).toMatchObject({ status: "paid", amount_due_cents: 0, amount_paid_cents: 50_100 });
    expect(read.payments).toMatchObject([{ amount_cents: 50_100, method: "card", source: "stripe" }]);
    expect(read.credits).toMatchObject([
      { amount_cents: 50_100, reason: "already_paid", status: "open", stripe_event_id: two.event.id },
    ]);
    const after = await summary();
    expect(after.credit_due_cents - before.credit_due_cents).toBe(50_100);
    expect(after.credit_due_count - before.credit_due_count).toBe(1);
  });
});

describe("a stale session paid after a check", () => {
  it("records $300 as the card payment and $200 as a credit, e-mails the owner and shows the credit due", async () => {
    const { token, invoice } = await openInvoice(50_000);
    const stale = await payNow(invoice.id, token);
    const before = await summary();

    // The owner records a $200 check: the open session is forgotten and expired at Stripe.
    await env.api.ok(await recordCheck(invoice.id, 20_000), 201);
    expect(env.stripe.sessions.get(stale.session_id)?.status).toBe("expired");
    expect(await storedSession(invoice.id)).toEqual({ id: null, amount: null });

    // Pay Now again: a new session for the $300 still due.
    const fresh = await payNow(invoice.id, token);
    expect(fresh.session_id).not.toBe(stale.session_id);
    expect(fresh.amount_cents).toBe(30_000);

    // The client had paid the stale page before its expiry reached Stripe: $500 arrives.
    const delivery = await env.stripe.deliver(env.stripe.paidEvent(stale.session_id));
    expect(delivery.status).toBe(200);
    expect(answerOf(delivery.body)).toEqual({
      received: true,
      recorded: true,
      payment_cents: 30_000,
      credit_cents: 20_000,
    });
    const read = await readInvoice(invoice.id);
    expect(read).toMatchObject({ status: "paid", amount_paid_cents: 50_000, amount_due_cents: 0 });
    expect(read.payments.map((p) => [p.method, p.amount_cents])).toEqual([
      ["check", 20_000],
      ["card", 30_000],
    ]);
    expect(read.credits).toMatchObject([
      {
        amount_cents: 20_000,
        reason: "overpaid",
        status: "open",
        invoice_number: invoice.number,
        stripe_event_id: delivery.event.id,
      },
    ]);
    // The newer session could no longer be paid for an invoice now paid: expired too.
    expect(env.stripe.sessions.get(fresh.session_id)?.status).toBe("expired");

    const mails = await env.server.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "payment_credit_due"));
    const mine = mails.filter((m) => m.subject.includes(invoice.number));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.toAddress).toBe(env.server.env.OWNER_EMAIL);
    expect(mine[0]!.subject).toBe(`Refund or credit due: $200.00 on ${invoice.number}: ${invoice.project_name}`);
    expect(mine[0]!.text).toContain("$300.00 as a card payment");

    const after = await summary();
    expect(after.credit_due_cents - before.credit_due_cents).toBe(20_000);
    expect(after.credit_due_count - before.credit_due_count).toBe(1);
    expect(after.credit_invoice_id).not.toBeNull();
  });
});

describe("a voided invoice's session", () => {
  it("is expired at Stripe by the void; a payment of it arriving anyway is a credit of reason void", async () => {
    const { token, invoice } = await openInvoice(42_000);
    const session = await payNow(invoice.id, token);
    await env.api.ok(await env.api.call("POST", `/api/admin/invoices/${invoice.id}/void`, { reason: "Issued twice" }));
    expect(env.stripe.sessions.get(session.session_id)?.status).toBe("expired");
    expect(await storedSession(invoice.id)).toEqual({ id: null, amount: null });
    // Its page no longer takes a payment.
    await expect(env.stripe.complete(session.session_id)).rejects.toThrow(/expired/);

    const delivery = await env.stripe.deliver(env.stripe.paidEvent(session.session_id));
    expect(answerOf(delivery.body)).toEqual({ received: true, recorded: true, payment_cents: 0, credit_cents: 42_000 });
    const read = await readInvoice(invoice.id);
    expect(read).toMatchObject({ status: "void", amount_paid_cents: 0, payments: [] });
    expect(read.credits).toMatchObject([{ amount_cents: 42_000, reason: "void", status: "open" }]);
  });

  it("a void whose expiry fails at Stripe still voids (the failure is logged)", async () => {
    const { token, invoice } = await openInvoice(43_000);
    const session = await payNow(invoice.id, token);
    // Completed at Stripe meanwhile: Stripe refuses to expire it.
    env.stripe.sessions.get(session.session_id)!.status = "complete";
    const res = await env.api.call("POST", `/api/admin/invoices/${invoice.id}/void`, {});
    expect((await env.api.ok(res)).invoice.status).toBe("void");
  });
});

describe("the same event twice", () => {
  it("records once, delivered again or several at once, for a payment and for a credit", async () => {
    const { token, invoice } = await openInvoice(30_000);
    const session = await payNow(invoice.id, token);
    const event = env.stripe.paidEvent(session.session_id);
    const deliveries = await Promise.all([1, 2, 3].map(() => env.stripe.deliver(event)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(deliveries.filter((d) => answerOf(d.body).recorded)).toHaveLength(1);
    const again = await env.stripe.deliver(event);
    expect(answerOf(again.body)).toEqual({ received: true, recorded: false });

    const extra = env.stripe.paidEvent(session.session_id);
    const credits = await Promise.all([1, 2, 3].map(() => env.stripe.deliver(extra)));
    expect(credits.filter((d) => answerOf(d.body).recorded)).toHaveLength(1);
    expect(answerOf((await env.stripe.deliver(extra)).body).recorded).toBe(false);

    const payments = await env.server.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice.id));
    expect(payments.map((p) => p.stripeEventId)).toEqual([event.id]);
    const stored = await env.server.db.select().from(billingCredits).where(eq(billingCredits.invoiceId, invoice.id));
    expect(stored.map((c) => [c.stripeEventId, c.amountCents])).toEqual([[extra.id, 30_000]]);
    const mails = (await env.server.db.select().from(emailOutbox)).filter((m) => m.subject.includes(invoice.number));
    expect(mails.map((m) => m.kind).sort()).toEqual([
      "invoice_sent",
      "payment_credit_due",
      "payment_receipt",
      "payment_received",
    ]);
  });
});

describe("amounts that cannot be real", () => {
  it.each([
    ["negative", { amount_total: -50_000 }],
    ["zero", { amount_total: 0 }],
    ["fractional", { amount_total: 100.5 }],
    ["beyond a safe integer", { amount_total: 2 ** 60 }],
    ["in another currency", { currency: "eur" }],
    ["without a currency", { currency: null }],
  ])("%s: 400 with a JSON error, nothing written", async (_name, object) => {
    const { token, invoice } = await openInvoice(20_000);
    const session = await payNow(invoice.id, token);
    const event = env.stripe.paidEvent(session.session_id, object);
    const delivery = await env.stripe.deliver(event);
    expect(delivery.status).toBe(400);
    expect(JSON.parse(delivery.body).error).toMatch(/amount_total|currency/);
    const read = await readInvoice(invoice.id);
    expect(read).toMatchObject({ status: "sent", amount_paid_cents: 0, payments: [], credits: [] });
    expect(
      await env.server.db.select().from(billingCredits).where(eq(billingCredits.stripeEventId, event.id)),
    ).toHaveLength(0);
  });
});

/** An open credit of `cents`: an invoice paid by check, then its stale session paid in full. */
async function creditOf(cents: number, projectId?: string) {
  const opened = await openInvoice(cents, projectId);
  const session = await payNow(opened.invoice.id, opened.token);
  await env.api.ok(await recordCheck(opened.invoice.id, cents), 201);
  await env.stripe.deliver(env.stripe.paidEvent(session.session_id));
  const credit = (await readInvoice(opened.invoice.id)).credits[0]!;
  expect(credit).toMatchObject({ amount_cents: cents, reason: "already_paid", status: "open" });
  return { ...opened, credit };
}

describe("resolving a credit", () => {
  it("marked refunded with a note, it leaves the figures; a second resolution is refused", async () => {
    const { credit, invoice } = await creditOf(12_300);
    const before = await summary();
    const noNote = await env.api.call("POST", `/api/admin/credits/${credit.id}/refund`, { note: "  " });
    expect(noNote.status).toBe(400);
    const answer = CreditAnswerSchema.parse(
      await env.api.ok(
        await env.api.call("POST", `/api/admin/credits/${credit.id}/refund`, {
          note: "Refunded in the Stripe dashboard",
        }),
      ),
    );
    expect(answer.credit).toMatchObject({ status: "refunded", resolution_note: "Refunded in the Stripe dashboard" });
    expect(answer.credit.resolved_at).not.toBeNull();
    expect(answer.invoice.id).toBe(invoice.id);
    expect(answer.invoice.credits[0]).toMatchObject({ status: "refunded" });
    const after = await summary();
    expect(before.credit_due_cents - after.credit_due_cents).toBe(12_300);
    expect(before.credit_due_count - after.credit_due_count).toBe(1);

    const twice = await env.api.call("POST", `/api/admin/credits/${credit.id}/refund`, { note: "again" });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error).toMatch(/already refunded/);
    expect((await env.api.call("POST", "/api/admin/credits/999999999/refund", { note: "x" })).status).toBe(404);
  });

  it("applied to another invoice of the same client: a payment of source credit there, the rest a new credit", async () => {
    const { credit, contactId, invoice: source } = await creditOf(20_000);
    // The same client, on another project of theirs (the same e-mail).
    const otherProject = await retryOnUniqueViolation(env.server.db, (tx) =>
      createProjectForContact(tx, contactId!, { name: "Second site", description: "Another site", status: "design" }),
    );
    const target = (await openInvoice(12_500, otherProject)).invoice;
    // Another client's invoice.
    const stranger = (await openInvoice(12_500)).invoice;

    const targets = CreditTargetsAnswerSchema.parse(
      await env.api.ok(await env.api.call("GET", `/api/admin/credits/${credit.id}/targets`)),
    );
    expect(targets.invoices.map((i) => i.id)).toEqual([target.id]);

    const refused = await env.api.call("POST", `/api/admin/credits/${credit.id}/apply`, { invoice_id: stranger.id });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatch(/another client's/);
    const own = await env.api.call("POST", `/api/admin/credits/${credit.id}/apply`, { invoice_id: source.id });
    expect(own.status).toBe(409);
    expect((await readInvoice(stranger.id)).payments).toEqual([]);

    const before = await summary();
    const applied = CreditApplyAnswerSchema.parse(
      await env.api.ok(
        await env.api.call("POST", `/api/admin/credits/${credit.id}/apply`, { invoice_id: target.id }),
        201,
      ),
    );
    expect(applied.payment).toMatchObject({ amount_cents: 12_500, method: "credit", source: "credit" });
    expect(applied.invoice).toMatchObject({ id: target.id, status: "paid", amount_due_cents: 0 });
    expect(applied.credit).toMatchObject({
      status: "applied",
      applied_invoice_id: target.id,
      applied_invoice_number: target.number,
      applied_payment_id: applied.payment.id,
    });
    expect(applied.rest).toMatchObject({ amount_cents: 7_500, status: "open", invoice_id: source.id });
    const after = await summary();
    expect(before.credit_due_cents - after.credit_due_cents).toBe(12_500);
    expect(after.credit_due_count).toBe(before.credit_due_count);
    expect((await readInvoice(source.id)).credits.map((c) => [c.amount_cents, c.status])).toEqual([
      [20_000, "applied"],
      [7_500, "open"],
    ]);
    // The rest goes nowhere else: the client has nothing more due.
    const restTargets = CreditTargetsAnswerSchema.parse(
      await env.api.ok(await env.api.call("GET", `/api/admin/credits/${applied.rest!.id}/targets`)),
    );
    expect(restTargets.invoices).toEqual([]);
  });

  it("the owner cannot record a payment of method credit by hand", async () => {
    const { invoice } = await openInvoice(10_000);
    const res = await env.api.call("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amount_cents: 10_000,
      paid_on: businessToday(),
      method: "credit",
    });
    expect(res.status).toBe(400);
    expect((await readInvoice(invoice.id)).payments).toEqual([]);
  });
});

import { and, desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { AutopayCheckoutSchema, ClientCarePlanAnswerSchema, ClientCarePlansAnswerSchema } from "~/contracts/care-plans";
import {
  carePlanCharges,
  carePlanPeriods,
  carePlans,
  emailOutbox,
  invoicePayments,
  invoiceReminders,
  invoices,
  projectUpdates,
} from "../../db/schema/index";
import { createLogger } from "../../lib/logger";
import { chargeDueInvoices } from "../../services/billing/care-plan-charges";
import { invoiceCarePlans } from "../../services/billing/care-plan-invoices";
import { createCarePlan } from "../../services/billing/care-plans";
import { queueInvoiceReminders } from "../../services/billing/daily";
import { CarePlanInputSchema, type CarePlanInput } from "~/contracts/care-plans";
import { createBilledProject, projectToken } from "../../../tests/support/billing";
import { useStripeBillingServer } from "../../../tests/support/billing-server";

/**
 * Care plans paid automatically (docs/product/billing.md "Care plans"; decision 062), through the
 * stripe SDK against the local stand-in, with the clock set: the card saved at Checkout and known
 * only from the signed webhook; each later invoice charged off-session on its due date, once, its
 * payment recorded only from the signed payment_intent.succeeded (idempotent by event); a declined
 * card in Stripe's words, to the client and the owner; a lost answer asked again with the same key;
 * automatic payment turned off.
 */
const WEBHOOK_SECRET = "whsec_test_care_plan_autopay";
const env = useStripeBillingServer(WEBHOOK_SECRET);

const OWNER = "tyler@websitesbytyler.com";
/** Noon of a day in the business's zone. */
const noonOf = (day: string) => new Date(`${day}T17:00:00Z`);
const STARTED = noonOf("2026-12-07");

const deps = (stripe: Record<string, string> = {}) => ({
  db: env.server.db,
  mailer: env.server.mailer,
  siteUrl: env.server.env.SITE_URL,
  ownerEmail: env.server.env.OWNER_EMAIL,
  env: { ...env.server.env, ...stripe },
  log: createLogger("silent"),
});

afterEach(async () => {
  env.stripe.hold(false);
  await env.stripe.settled();
  await env.server.db.update(carePlans).set({ status: "ended" });
});

/** A plan on a new project (first due December 10: its invoice is written and sent at once), with the client's token. */
async function startPlan(input: Partial<CarePlanInput> = {}) {
  const project = await createBilledProject(env.server.db, { name: "Łucja Nguyễn", status: "maintenance" });
  const token = await projectToken(env.server.db, project.projectId);
  const plan = await createCarePlan(
    deps(),
    project.projectId,
    CarePlanInputSchema.parse({
      name: "Hosting & support",
      amount_cents: 5_000,
      interval: "monthly",
      first_due_date: "2026-12-10",
      ...input,
    }),
    OWNER,
    STARTED,
  );
  return { ...project, token, plan };
}

const asClient = (token: string) => env.api.asClient(token);

async function clientPlan(projectId: string, token: string) {
  const res = await env.api.call(
    "GET",
    `/api/client-portal/projects/${projectId}/care-plans`,
    undefined,
    asClient(token),
  );
  return ClientCarePlansAnswerSchema.parse(await env.api.ok(res)).plans[0]!;
}

async function turnOn(planId: number, token: string) {
  const res = await env.api.call("POST", `/api/client-portal/care-plans/${planId}/autopay`, undefined, asClient(token));
  return AutopayCheckoutSchema.parse(await env.api.ok(res));
}

const invoiceOfPeriod = async (planId: number, number: number) => {
  const [row] = await env.server.db
    .select({ invoice: invoices })
    .from(carePlanPeriods)
    .innerJoin(invoices, eq(invoices.id, carePlanPeriods.invoiceId))
    .where(and(eq(carePlanPeriods.planId, planId), eq(carePlanPeriods.number, number)));
  return row!.invoice;
};

const remindersOf = (invoiceId: number) =>
  env.server.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId));

const paymentsOf = (invoiceId: number) =>
  env.server.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));

const mailTo = (address: string, subject: string) =>
  env.server.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.subject, subject)))
    .orderBy(desc(emailOutbox.id));

/** Turns automatic payment on as the client does: Checkout, paid on the stand-in, the card saved from the webhook. */
async function withCardSaved() {
  const started = await startPlan();
  const checkout = await turnOn(started.plan.id, started.token);
  await env.stripe.complete(checkout.session_id);
  return { ...started, checkout };
}

/** The intents the stand-in made with this idempotency key. */
const intentsKeyed = (key: string) => [...env.stripe.intents.intents.values()].filter((i) => i.idempotencyKey === key);

describe("turning automatic payment on", () => {
  it("saves the card at Checkout while paying the open invoice, and knows the card only from the signed webhook", async () => {
    const { projectId, token, plan } = await startPlan();
    const first = await invoiceOfPeriod(plan.id, 0);
    expect(first.status).toBe("sent");
    expect((await clientPlan(projectId, token)).autopay).toBeNull();

    const checkout = await turnOn(plan.id, token);
    expect(checkout).toMatchObject({ amount_cents: 5_000, invoice_id: first.id });
    const session = env.stripe.sessions.get(checkout.session_id)!;
    expect(session.mode).toBe("payment");
    expect(session.customer).toMatch(/^cus_test_/);
    expect(session.form["payment_intent_data[setup_future_usage]"]).toBe("off_session");
    expect(session.form["payment_intent_data[metadata][care_plan_id]"]).toBe(String(plan.id));
    const customer = env.stripe.intents.customers.get(session.customer!)!;
    expect(customer).toMatchObject({ email: expect.stringContaining("@"), name: "Łucja Nguyễn" });
    // Nothing is known from the call or the browser's return: the plan waits for the webhook.
    expect((await clientPlan(projectId, token)).autopay).toBeNull();

    const paid = await env.stripe.complete(checkout.session_id);
    expect(JSON.parse(paid.body)).toMatchObject({ recorded: true, payment_cents: 5_000 });
    const saved = env.stripe.deliveries.at(-1)!;
    expect(saved.event.type).toBe("payment_intent.succeeded");
    expect(JSON.parse(saved.body)).toEqual({ received: true, recorded: true });

    const view = await clientPlan(projectId, token);
    expect(view.autopay).toMatchObject({ card: "Visa ending 4242" });
    expect(view.invoices[0]).toMatchObject({ id: first.id, status: "paid", charge: null });
    const [row] = await env.server.db.select().from(carePlans).where(eq(carePlans.id, plan.id));
    expect(row!.autopayPaymentMethod).toMatch(/^pm_test_/);
    const updates = await env.server.db.select().from(projectUpdates).where(eq(projectUpdates.projectId, projectId));
    expect(updates.map((u) => u.title)).toContain("Automatic payment on: Hosting & support");

    // The same event again records nothing; a second turn-on is refused while it is on.
    expect(JSON.parse((await env.stripe.deliver(saved.event)).body)).toEqual({ received: true, recorded: false });
    const again = await env.api.call(
      "POST",
      `/api/client-portal/care-plans/${plan.id}/autopay`,
      undefined,
      asClient(token),
    );
    expect(again.status).toBe(409);
    expect((await again.json()).error).toContain("already on");
  });

  it("saves a card without paying when no invoice of the plan is open", async () => {
    const { projectId, token, plan } = await startPlan({ first_due_date: "2027-03-15" });
    const checkout = await turnOn(plan.id, token);
    expect(checkout).toMatchObject({ amount_cents: 0, invoice_id: null });
    expect(env.stripe.sessions.get(checkout.session_id)!.mode).toBe("setup");
    await env.stripe.complete(checkout.session_id);
    expect(env.stripe.deliveries.at(-1)!.event.type).toBe("setup_intent.succeeded");
    expect((await clientPlan(projectId, token)).autopay).toMatchObject({ card: "Visa ending 4242" });
  });

  it("opens only the client's own plans, and needs card payments set up", async () => {
    const { plan } = await startPlan();
    const stranger = await projectToken(env.server.db, (await createBilledProject(env.server.db)).projectId);
    for (const method of ["POST", "DELETE"]) {
      const res = await env.api.call(
        method,
        `/api/client-portal/care-plans/${plan.id}/autopay`,
        undefined,
        asClient(stranger),
      );
      expect(res.status).toBe(403);
      expect((await env.api.call(method, `/api/client-portal/care-plans/${plan.id}/autopay`)).status).toBe(401);
    }
    const missing = await env.api.call(
      "POST",
      `/api/client-portal/care-plans/999999/autopay`,
      undefined,
      asClient(stranger),
    );
    expect(missing.status).toBe(404);
  });
});

describe("charging the saved card on each due date", () => {
  it("charges once on the due date, records the payment only from the signed webhook, once per event", async () => {
    const { plan, email } = await withCardSaved();
    // The next period's invoice, a week before it is due: sent with automatic payment named.
    expect(await invoiceCarePlans(deps(), noonOf("2027-01-03"))).toBe(1);
    const second = await invoiceOfPeriod(plan.id, 1);
    expect(second).toMatchObject({ dueDate: "2027-01-10", status: "sent" });
    const [sent] = await mailTo(email, `Invoice ${second.number} - Websites by Tyler`);
    expect(sent!.text).toContain("Nothing to do: automatic payment is on");
    expect(sent!.text).toContain("Visa ending 4242");

    expect(await chargeDueInvoices(deps(), noonOf("2027-01-09"))).toBe(0);
    env.stripe.hold(true);
    // Two runs at once (two processes, no job lock): one charge, one request to Stripe.
    const runs = await Promise.all([
      chargeDueInvoices(deps(), noonOf("2027-01-10")),
      chargeDueInvoices(deps(), noonOf("2027-01-10")),
    ]);
    expect(runs.sort()).toEqual([0, 1]);
    const [charge] = await env.server.db.select().from(carePlanCharges).where(eq(carePlanCharges.invoiceId, second.id));
    expect(charge).toMatchObject({ status: "processing", amountCents: 5_000 });
    const [intent] = intentsKeyed(`care-plan-charge-${charge!.id}`);
    expect(intent).toMatchObject({
      id: charge!.paymentIntentId,
      amount: 5_000,
      off_session: true,
      status: "succeeded",
      metadata: { invoice_id: String(second.id), care_plan_charge: String(charge!.id) },
    });
    // Stripe said succeeded, but nothing is recorded before the signed webhook; no reminder either.
    expect(await paymentsOf(second.id)).toHaveLength(0);
    await queueInvoiceReminders(deps(), noonOf("2027-01-10"));
    expect(await remindersOf(second.id)).toHaveLength(0);
    expect(await chargeDueInvoices(deps(), new Date("2027-01-10T23:00:00Z"))).toBe(0);

    const forged = await env.stripe.deliver(env.stripe.intents.intentEvent(intent!.id), "t=1,v1=forged");
    expect(forged.status).toBe(400);
    expect(await paymentsOf(second.id)).toHaveLength(0);

    const [delivered] = await env.stripe.release();
    expect(JSON.parse(delivered!.body)).toEqual({
      received: true,
      recorded: true,
      payment_cents: 5_000,
      credit_cents: 0,
    });
    const payments = await paymentsOf(second.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amountCents: 5_000,
      method: "card",
      source: "stripe",
      stripeEventId: delivered!.event.id,
    });
    expect(payments[0]!.note).toBe(`Automatic card payment ${intent!.id}`);
    expect((await invoiceOfPeriod(plan.id, 1)).status).toBe("paid");
    expect(await mailTo(email, `Receipt for $50.00 on invoice ${second.number} - Websites by Tyler`)).toHaveLength(1);

    // The same event again, and another event for the same intent: recorded once.
    expect(JSON.parse((await env.stripe.deliver(delivered!.event)).body)).toMatchObject({ recorded: false });
    expect(JSON.parse((await env.stripe.deliver(env.stripe.intents.intentEvent(intent!.id))).body)).toMatchObject({
      recorded: false,
    });
    expect(await paymentsOf(second.id)).toHaveLength(1);
    const [done] = await env.server.db.select().from(carePlanCharges).where(eq(carePlanCharges.id, charge!.id));
    expect(done).toMatchObject({ status: "succeeded", stripeEventId: delivered!.event.id });
  });

  it("a declined card fails the charge in Stripe's words, tells the client and the owner, and leaves Pay Now", async () => {
    const { plan, email, projectId, token } = await withCardSaved();
    const [row] = await env.server.db.select().from(carePlans).where(eq(carePlans.id, plan.id));
    env.stripe.intents.decline(row!.autopayPaymentMethod!, {
      code: "card_declined",
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });
    await invoiceCarePlans(deps(), noonOf("2027-01-03"));
    const second = await invoiceOfPeriod(plan.id, 1);
    expect(await chargeDueInvoices(deps(), noonOf("2027-01-10"))).toBe(1);
    await env.stripe.settled();
    const failed = env.stripe.deliveries.at(-1)!;
    expect(failed.event.type).toBe("payment_intent.payment_failed");
    expect(JSON.parse(failed.body)).toEqual({ received: true, recorded: true });

    const [charge] = await env.server.db.select().from(carePlanCharges).where(eq(carePlanCharges.invoiceId, second.id));
    expect(charge).toMatchObject({ status: "failed", failure: "Your card has insufficient funds." });
    expect(await paymentsOf(second.id)).toHaveLength(0);
    const [notice] = await mailTo(email, `Your automatic payment for invoice ${second.number} did not go through`);
    expect(notice!.text).toContain("Your card has insufficient funds.");
    expect(notice!.text).toContain(`/client-portal?project=${projectId}`);
    const owner = await env.server.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "care_plan_autopay_failed_owner"), eq(emailOutbox.projectId, projectId)));
    expect(owner.map((m) => [m.toAddress, m.subject.normalize()])).toEqual([
      [
        env.server.env.OWNER_EMAIL,
        `Automatic payment failed: ${second.number} for ${"Łucja Nguyễn".normalize()} Bakery Website Project`,
      ],
    ]);
    const view = await clientPlan(projectId, token);
    expect(view.invoices.find((i) => i.id === second.id)!.charge).toEqual({
      state: "failed",
      failure: "Your card has insufficient funds.",
    });
    // Delivered again: nothing more; the failed invoice gets its reminder and Pay Now works.
    expect(JSON.parse((await env.stripe.deliver(failed.event)).body)).toEqual({ received: true, recorded: false });
    await queueInvoiceReminders(deps(), noonOf("2027-01-10"));
    expect(await remindersOf(second.id)).toHaveLength(1);
    const pay = await env.api.call(
      "POST",
      `/api/client-portal/invoices/${second.id}/checkout`,
      undefined,
      asClient(token),
    );
    expect(pay.status).toBe(200);
  });

  it("asks again with the same key when Stripe could not be reached, and charges once", async () => {
    const { plan } = await withCardSaved();
    await invoiceCarePlans(deps(), noonOf("2027-01-03"));
    const second = await invoiceOfPeriod(plan.id, 1);
    const unreachable = deps({ STRIPE_API_PORT: "9" });
    await expect(chargeDueInvoices(unreachable, noonOf("2027-01-10"))).rejects.toThrow();
    const [charge] = await env.server.db.select().from(carePlanCharges).where(eq(carePlanCharges.invoiceId, second.id));
    expect(charge).toMatchObject({ status: "requested", paymentIntentId: null });
    // Within the minute: not asked again yet; after it, asked with the same key.
    expect(await chargeDueInvoices(deps(), new Date(noonOf("2027-01-10").getTime() + 30_000))).toBe(0);
    expect(intentsKeyed(`care-plan-charge-${charge!.id}`)).toHaveLength(0);
    await chargeDueInvoices(deps(), new Date(noonOf("2027-01-10").getTime() + 5 * 60_000));
    expect(intentsKeyed(`care-plan-charge-${charge!.id}`)).toHaveLength(1);
    await env.stripe.settled();
    expect(await paymentsOf(second.id)).toHaveLength(1);
  });
});

describe("turning automatic payment off", () => {
  it("the client turns it off in one call: the card is detached and the next invoice waits for Pay Now", async () => {
    const { plan, token, projectId } = await withCardSaved();
    const [row] = await env.server.db.select().from(carePlans).where(eq(carePlans.id, plan.id));
    const card = row!.autopayPaymentMethod!;
    const off = await env.api.call(
      "DELETE",
      `/api/client-portal/care-plans/${plan.id}/autopay`,
      undefined,
      asClient(token),
    );
    expect(ClientCarePlanAnswerSchema.parse(await env.api.ok(off)).plan.autopay).toBeNull();
    expect(env.stripe.intents.cards.get(card)!.detached).toBe(true);
    const updates = await env.server.db.select().from(projectUpdates).where(eq(projectUpdates.projectId, projectId));
    expect(updates.map((u) => u.title)).toContain("Automatic payment off: Hosting & support");

    await invoiceCarePlans(deps(), noonOf("2027-01-03"));
    const second = await invoiceOfPeriod(plan.id, 1);
    await chargeDueInvoices(deps(), noonOf("2027-01-10"));
    expect(
      await env.server.db.select().from(carePlanCharges).where(eq(carePlanCharges.invoiceId, second.id)),
    ).toHaveLength(0);
    await queueInvoiceReminders(deps(), noonOf("2027-01-10"));
    expect(await remindersOf(second.id)).toHaveLength(1);
    // The owner's turn-off answers 409 once it is off.
    const again = await env.api.call("DELETE", `/api/admin/care-plans/${plan.id}/autopay`);
    expect(again.status).toBe(409);
  });
});

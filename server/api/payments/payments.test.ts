import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { site } from "~/config/site";
import { PROJECT_EVENTS_PROTOCOL } from "~/contracts/project-events";
import { CheckoutAnswerSchema } from "~/contracts/payments";
import { emailOutbox, invoicePayments, invoiceReminders, projects, projectUpdates } from "../../db/schema/index";
import { queueInvoiceReminders } from "../../services/billing/daily";
import { createBilledProject, projectToken } from "../../../tests/support/billing";
import { businessToday, useStripeBillingServer } from "../../../tests/support/billing-server";

/**
 * Card payments through the Stripe SDK against a local stand-in, the signed webhook and its
 * idempotency, the project moving on when its deposit is paid, the admin's live notice, and the
 * reminders' days (docs/product/billing.md "Payments", "Invoices"; decision 042).
 */
const WEBHOOK_SECRET = "whsec_test_billing_payments";
const env = useStripeBillingServer(WEBHOOK_SECRET);

/** A submitted project's accepted quote and its sent deposit invoice, with the client's token. */
async function depositToPay(status: "submitted" | "planning" | "design" = "submitted") {
  const project = await createBilledProject(env.server.db, { status });
  const token = await projectToken(env.server.db, project.projectId);
  const quote = await env.api.acceptedQuote(project.projectId, token);
  const invoice = await env.api.sendInvoice((await env.api.depositInvoice(quote.id)).id);
  return { ...project, token, quote, invoice };
}

async function checkout(invoiceId: number, token: string) {
  const res = await env.api.call(
    "POST",
    `/api/client-portal/invoices/${invoiceId}/checkout`,
    undefined,
    env.api.asClient(token),
  );
  return CheckoutAnswerSchema.parse(await env.api.ok(res));
}

/** The frames a socket of the project receives until `until` says stop. */
function listen(projectId: string, token: string) {
  const frames: unknown[] = [];
  const socket = new WebSocket(`${env.server.origin.replace("http", "ws")}/api/projects/${projectId}/websocket`, [
    PROJECT_EVENTS_PROTOCOL,
    token,
  ]);
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.on("message", (data) => frames.push(JSON.parse(String(data))));
  const waitFor = async (match: (frame: unknown) => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (frames.some(match)) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
    return false;
  };
  return { opened, frames, waitFor, close: () => socket.close() };
}

describe("Pay Now through Stripe Checkout", () => {
  it("opens a session for the amount due and records the payment only from the signed webhook", async () => {
    const { projectId, token, invoice } = await depositToPay("submitted");
    const admin = listen(projectId, env.adminToken);
    await admin.opened;
    expect((await env.api.clientBilling(projectId, token)).card_payments).toBe(true);

    const session = await checkout(invoice.id, token);
    expect(session.amount_cents).toBe(13_750);
    expect(session.url.startsWith(`${env.stripe.url}/pay/`)).toBe(true);
    const sent = [...env.stripe.sessions.values()].at(-1)!;
    expect(sent).toMatchObject({
      mode: "payment",
      amount_total: 13_750,
      metadata: { invoice_id: String(invoice.id) },
      apiKey: "sk_test_stand_in",
    });
    expect(sent.success_url).toContain(`/client-portal?project=${projectId}`);

    // Coming back from Checkout records nothing: the invoice is still open.
    expect((await env.api.ok(await env.api.call("GET", `/api/admin/invoices/${invoice.id}`))).invoice.status).toBe(
      "sent",
    );

    const delivery = await env.stripe.complete(sent.id);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({
      received: true,
      recorded: true,
      payment_cents: 13_750,
      credit_cents: 0,
    });
    const paid = (await env.api.ok(await env.api.call("GET", `/api/admin/invoices/${invoice.id}`))).invoice;
    expect(paid).toMatchObject({ status: "paid", amount_due_cents: 0 });
    expect(paid.payments).toMatchObject([
      { amount_cents: 13_750, method: "card", source: "stripe", stripe_event_id: delivery.event.id },
    ]);

    // The same event again: one payment.
    const again = await env.stripe.deliver(delivery.event);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ received: true, recorded: false });
    const rows = await env.server.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);

    // The deposit moved the submitted project to planning, with a note in its history.
    const [project] = await env.server.db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, projectId));
    expect(project?.status).toBe("planning");
    const notes = await env.server.db.select().from(projectUpdates).where(eq(projectUpdates.projectId, projectId));
    expect(notes.map((n) => n.title)).toEqual(["Deposit received: the project moves to Planning"]);

    // The admin's project socket heard of it.
    expect(await admin.waitFor((f) => (f as { type?: string }).type === "billing_changed")).toBe(true);
    expect(admin.frames).toContainEqual({ type: "billing_changed", project_id: projectId });
    admin.close();

    // Paid: no second checkout.
    expect(
      (
        await env.api.call(
          "POST",
          `/api/client-portal/invoices/${invoice.id}/checkout`,
          undefined,
          env.api.asClient(token),
        )
      ).status,
    ).toBe(409);
  });

  it("refuses a webhook with a bad or missing signature, with a JSON error", async () => {
    const { token, invoice } = await depositToPay("design");
    const session = await checkout(invoice.id, token);
    const id = session.url.split("/").pop()!;
    env.stripe.sessions.get(id)!.payment_status = "paid";
    const event = {
      id: "evt_test_forged",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id,
          object: "checkout.session",
          payment_status: "paid",
          amount_total: 13_750,
          metadata: { invoice_id: String(invoice.id) },
        },
      },
    } as never;
    const forged = await env.stripe.deliver(event, `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`);
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body).error).toMatch(/signature/i);
    const unsigned = await fetch(`${env.server.origin}/api/stripe/webhook`, {
      method: "POST",
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).error).toMatch(/Stripe-Signature/);
    expect((await env.api.ok(await env.api.call("GET", `/api/admin/invoices/${invoice.id}`))).invoice.status).toBe(
      "sent",
    );
  });

  it("leaves the project where it is when the settings say so, or when it is past planning", async () => {
    await env.api.ok(await env.api.call("PUT", "/api/admin/billing/settings", { advance_project_on_deposit: false }));
    try {
      const { projectId, token, invoice } = await depositToPay("submitted");
      await checkout(invoice.id, token);
      await env.stripe.complete([...env.stripe.sessions.values()].at(-1)!.id);
      const [row] = await env.server.db
        .select({ status: projects.status })
        .from(projects)
        .where(eq(projects.id, projectId));
      expect(row?.status).toBe("submitted");
    } finally {
      await env.api.ok(await env.api.call("PUT", "/api/admin/billing/settings", { advance_project_on_deposit: true }));
    }
    // Paid by hand, planning moves to design; design stays.
    const planning = await depositToPay("planning");
    await env.api.ok(
      await env.api.call("POST", `/api/admin/invoices/${planning.invoice.id}/payments`, {
        amount_cents: 13_750,
        paid_on: businessToday(),
        method: "bank_transfer",
      }),
      201,
    );
    const [moved] = await env.server.db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, planning.projectId));
    expect(moved?.status).toBe("design");
  });
});

describe("reminders", () => {
  it("queues one on the due date and one 7 days after, once per day, with the clock set", async () => {
    const { projectId, email } = await createBilledProject(env.server.db);
    const due = "2031-03-10";
    const invoice = await env.api.sendInvoice((await env.api.manualInvoice(projectId, { due_date: due })).id);
    const quiet = await env.api.sendInvoice(
      (await env.api.manualInvoice(projectId, { due_date: due, reminders_enabled: false })).id,
    );
    const deps = {
      db: env.server.db,
      mailer: env.server.mailer,
      siteUrl: env.server.env.SITE_URL,
      log: { info() {}, warn() {} },
    };
    const at = (day: string) => new Date(`${day}T15:00:00Z`);
    const remindersOf = async (id: number) =>
      (await env.server.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, id)))
        .map((r) => r.day)
        .sort();

    await queueInvoiceReminders(deps, at("2031-03-09"));
    expect(await remindersOf(invoice.id)).toEqual([]);
    await queueInvoiceReminders(deps, at("2031-03-10"));
    await queueInvoiceReminders(deps, at("2031-03-10"));
    expect(await remindersOf(invoice.id)).toEqual(["2031-03-10"]);
    await queueInvoiceReminders(deps, at("2031-03-13"));
    expect(await remindersOf(invoice.id)).toEqual(["2031-03-10"]);
    await queueInvoiceReminders(deps, at("2031-03-17"));
    await queueInvoiceReminders(deps, at("2031-03-18"));
    expect(await remindersOf(invoice.id)).toEqual(["2031-03-10", "2031-03-17"]);
    expect(await remindersOf(quiet.id)).toEqual([]);

    const mails = await env.server.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "invoice_reminder"));
    const mine = mails.filter((m) => m.toAddress === email);
    expect(mine).toHaveLength(2);
    expect(mine.map((m) => m.subject).sort()).toEqual([
      `Reminder: invoice ${invoice.number} is due today - ${site.brand}`,
      `Reminder: invoice ${invoice.number} is past due - ${site.brand}`,
    ]);
    const read = (await env.api.ok(await env.api.call("GET", `/api/admin/invoices/${invoice.id}`))).invoice;
    expect(read.reminders_sent).toEqual(["2031-03-10", "2031-03-17"]);

    // A paid invoice gets none.
    const paid = await env.api.sendInvoice((await env.api.manualInvoice(projectId, { due_date: "2031-04-01" })).id);
    await env.api.ok(
      await env.api.call("POST", `/api/admin/invoices/${paid.id}/payments`, {
        amount_cents: 12_500,
        paid_on: businessToday(),
        method: "cash",
      }),
      201,
    );
    await queueInvoiceReminders(deps, at("2031-04-01"));
    expect(await remindersOf(paid.id)).toEqual([]);
  });
});

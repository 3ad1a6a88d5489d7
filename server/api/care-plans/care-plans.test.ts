import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BillingSummarySchema } from "~/contracts/billing";
import { monthlyEquivalentCents, periodDueDate, shiftDay } from "~/contracts/care-plan-terms";
import {
  CarePlanAnswerSchema,
  CarePlanInputSchema,
  ClientCarePlansAnswerSchema,
  type CarePlanInput,
} from "~/contracts/care-plans";
import { connectDatabase } from "../../db/client";
import {
  carePlanPeriods,
  carePlans,
  communications,
  emailOutbox,
  invoices,
  projects,
  projectUpdates,
} from "../../db/schema/index";
import { createLogger } from "../../lib/logger";
import { invoiceCarePlans, runCarePlanInvoices } from "../../services/billing/care-plan-invoices";
import { changeCarePlan, createCarePlan } from "../../services/billing/care-plans";
import { createMailer } from "../../services/mail";
import { mediaStoreFor } from "../../services/media/store";
import { removeExpiredProjects } from "../../services/projects/retention";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { billingApi, createBilledProject, projectToken } from "../../../tests/support/billing";
import { startSmtpServer } from "../../../tests/support/smtp";

/**
 * Care plans (docs/product/billing.md "Care plans"; decision 063) against a real database and SMTP
 * peer, with the clock set: each period's invoice written and sent a week before it is due, once,
 * whatever the runs, processes, restarts or days without a run; the calendar that never drifts;
 * pause, resume and end; the owner's bad input; the client's view; the dashboard's figure.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: Ctx;
let api: ReturnType<typeof billingApi>;
const OWNER = "tyler@websitesbytyler.com";

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  api = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
});
// Each test's plans end with it: the next test's clock would otherwise bill them on.
afterEach(async () => {
  await ctx.db.update(carePlans).set({ status: "ended" });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const deps = () => ({ db: ctx.db, mailer: ctx.mailer, siteUrl: ctx.env.SITE_URL, ownerEmail: ctx.env.OWNER_EMAIL });
/** Noon of a day in the business's zone (Eastern: 17:00 UTC is noon or 1 PM). */
const noonOf = (day: string) => new Date(`${day}T17:00:00Z`);
/** Every day from `from` to `to`, both included. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day);
  return days;
}
/** The clock when the plans are started: December 7, 2026, before every first due date below. */
const STARTED = noonOf("2026-12-07");

async function startPlan(input: Partial<CarePlanInput> = {}, projectId?: string) {
  const project = projectId ? { projectId } : await createBilledProject(ctx.db, { status: "maintenance" });
  const plan = await createCarePlan(
    deps(),
    project.projectId,
    CarePlanInputSchema.parse({
      name: "Hosting & support",
      amount_cents: 5_000,
      interval: "monthly",
      first_due_date: "2027-01-31",
      ...input,
    }),
    OWNER,
    STARTED,
  );
  return { plan, projectId: project.projectId };
}

/** The plan's invoices: the period's due date, the invoice's issue and due dates, its status and line. */
async function planInvoices(planId: number) {
  const rows = await ctx.db
    .select({
      period: carePlanPeriods.number,
      due: carePlanPeriods.dueDate,
      state: carePlanPeriods.state,
      number: invoices.number,
      kind: invoices.kind,
      issued: invoices.issueDate,
      invoiceDue: invoices.dueDate,
      status: invoices.status,
      total: invoices.totalCents,
      line: invoices.lines,
      createdAt: invoices.createdAt,
      id: invoices.id,
    })
    .from(carePlanPeriods)
    .leftJoin(invoices, eq(invoices.id, carePlanPeriods.invoiceId))
    .where(eq(carePlanPeriods.planId, planId))
    .orderBy(asc(carePlanPeriods.number));
  return rows;
}

const sentTo = async (email: string) =>
  (
    await ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "invoice_sent")))
  ).length;

describe("the calendar", () => {
  it("keeps the first due date's day of the month, clamped to the month's last day, never drifting", () => {
    const monthly = [0, 1, 2, 3, 4].map((n) => periodDueDate("2027-01-31", "monthly", n));
    expect(monthly).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
    expect(periodDueDate("2028-01-31", "monthly", 1)).toBe("2028-02-29");
    expect([0, 1, 2, 3].map((n) => periodDueDate("2027-01-31", "quarterly", n))).toEqual([
      "2027-01-31",
      "2027-04-30",
      "2027-07-31",
      "2027-10-31",
    ]);
    expect([0, 1, 2, 4].map((n) => periodDueDate("2028-02-29", "yearly", n))).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
      "2032-02-29",
    ]);
  });

  it("sums the monthly figure exactly and rounds once, half up", () => {
    expect(
      monthlyEquivalentCents([
        { amount_cents: 5_000, interval: "monthly" },
        { amount_cents: 15_000, interval: "quarterly" },
        { amount_cents: 60_000, interval: "yearly" },
      ]),
    ).toBe(15_000);
    expect(monthlyEquivalentCents([{ amount_cents: 10_000, interval: "yearly" }])).toBe(833);
    // 20,006 / 12 = 1,667.17: one rounding for the sum, not 833 + 834.
    expect(
      monthlyEquivalentCents([
        { amount_cents: 10_000, interval: "yearly" },
        { amount_cents: 10_006, interval: "yearly" },
      ]),
    ).toBe(1_667);
  });
});

describe("each period's invoice, once", () => {
  it(
    "a monthly plan first due January 31 is invoiced for January 31, February 28, March 31 and April 30, a week before each, once: each day's job run twice, and by two processes at once",
    { timeout: 180_000 },
    async () => {
      const { plan, projectId } = await startPlan();
      expect(plan).toMatchObject({
        status: "active",
        next_due_date: "2027-01-31",
        next_invoice_date: "2027-01-24",
        time_zone: "America/New_York",
      });
      // A second "process": its own pool and outbox on the same database.
      const other = connectDatabase(ctx.databaseUrl, { max: 2 });
      const otherMailer = createMailer({
        db: other.db,
        log: createLogger("silent"),
        smtpUrl: smtp.url,
        from: ctx.env.MAIL_FROM,
      });
      const otherDeps = {
        db: other.db,
        mailer: otherMailer,
        siteUrl: ctx.env.SITE_URL,
        ownerEmail: ctx.env.OWNER_EMAIL,
      };
      try {
        for (const day of daysFrom("2027-01-01", "2027-05-01")) {
          const now = noonOf(day);
          await runCarePlanInvoices(deps(), now);
          await runCarePlanInvoices(deps(), now);
          // Two processes at the same minute, without the job's lock: the plan's row lock and the periods' keys.
          await Promise.all([invoiceCarePlans(deps(), now), invoiceCarePlans(otherDeps, now)]);
        }
        await otherMailer.settled();
      } finally {
        await other.close();
      }
      const written = await planInvoices(plan.id);
      expect(written.map((w) => [w.due, w.issued, w.invoiceDue, w.kind, w.status, w.total])).toEqual([
        ["2027-01-31", "2027-01-24", "2027-01-31", "recurring", "sent", 5_000],
        ["2027-02-28", "2027-02-21", "2027-02-28", "recurring", "sent", 5_000],
        ["2027-03-31", "2027-03-24", "2027-03-31", "recurring", "sent", 5_000],
        ["2027-04-30", "2027-04-23", "2027-04-30", "recurring", "sent", 5_000],
      ]);
      expect(written[1]!.line![0]!.description).toBe("Hosting & support: Feb 28 – Mar 30, 2027");
      // Each numbered in the year's sequence, each e-mailed to the client once.
      expect(new Set(written.map((w) => w.number)).size).toBe(4);
      await ctx.mailer.settled();
      const [contact] = await ctx.db
        .select({ email: invoices.clientEmail })
        .from(invoices)
        .where(eq(invoices.id, written[0]!.id!));
      expect(await sentTo(contact!.email!)).toBe(4);
      // The client's Billing section lists them, open, with Pay Now or how to pay.
      const token = await projectToken(ctx.db, projectId);
      const billing = await api.clientBilling(projectId, token);
      expect(billing.invoices.filter((i) => i.kind === "recurring")).toHaveLength(4);
      expect(billing.invoices.every((i) => i.reminders_enabled)).toBe(true);
    },
  );

  it("a restart (a new connection on the same database) goes on from the last period, and days without a run are caught up in order", async () => {
    const { plan } = await startPlan({ first_due_date: "2027-01-15" });
    await runCarePlanInvoices(deps(), noonOf("2027-01-08"));
    // The process stops; another starts on the same database two and a half months later.
    const restarted = connectDatabase(ctx.databaseUrl, { max: 2 });
    const mailer = createMailer({
      db: restarted.db,
      log: createLogger("silent"),
      smtpUrl: smtp.url,
      from: ctx.env.MAIL_FROM,
    });
    try {
      const after = { db: restarted.db, mailer, siteUrl: ctx.env.SITE_URL, ownerEmail: ctx.env.OWNER_EMAIL };
      const caught = await runCarePlanInvoices(after, noonOf("2027-03-30"));
      expect(caught).toEqual({ ran: true, result: 2 });
      expect(await runCarePlanInvoices(after, noonOf("2027-03-30"))).toEqual({ ran: true, result: 0 });
      await mailer.settled();
    } finally {
      await restarted.close();
    }
    const written = await planInvoices(plan.id);
    // February 15 came due while nothing ran: invoiced late, due the day it is written; March 15 too.
    expect(written.map((w) => [w.period, w.due, w.issued, w.invoiceDue])).toEqual([
      [0, "2027-01-15", "2027-01-08", "2027-01-15"],
      [1, "2027-02-15", "2027-03-30", "2027-03-30"],
      [2, "2027-03-15", "2027-03-30", "2027-03-30"],
    ]);
    // In order: the older period has the lower invoice number.
    expect(written[1]!.id!).toBeLessThan(written[2]!.id!);
  });

  it("quarterly and yearly plans fall due every three and twelve months", async () => {
    const quarterly = (await startPlan({ interval: "quarterly", amount_cents: 15_000, first_due_date: "2027-01-31" }))
      .plan;
    const yearly = (await startPlan({ interval: "yearly", amount_cents: 60_000, first_due_date: "2027-02-28" })).plan;
    for (const day of ["2027-01-30", "2027-05-01", "2027-08-01", "2028-02-25"])
      await runCarePlanInvoices(deps(), noonOf(day));
    expect((await planInvoices(quarterly.id)).map((w) => w.due)).toEqual([
      "2027-01-31",
      "2027-04-30",
      "2027-07-31",
      "2027-10-31",
      "2028-01-31",
    ]);
    expect((await planInvoices(yearly.id)).map((w) => [w.due, w.total])).toEqual([
      ["2027-02-28", 60_000],
      ["2028-02-28", 60_000],
    ]);
  });
});

describe("pause, resume, end", () => {
  it(
    "a paused plan writes nothing; resumed, it goes on from the next period not yet due, the ones missed skipped; each change logged",
    { timeout: 120_000 },
    async () => {
      const { plan, projectId } = await startPlan({ first_due_date: "2027-01-10" });
      await runCarePlanInvoices(deps(), noonOf("2027-01-05"));
      await changeCarePlan(deps(), plan.id, "pause", OWNER, noonOf("2027-01-20"));
      for (const day of daysFrom("2027-01-20", "2027-04-20").filter((_, i) => i % 3 === 0))
        await runCarePlanInvoices(deps(), noonOf(day));
      expect((await planInvoices(plan.id)).map((w) => w.due)).toEqual(["2027-01-10"]);

      const resumed = await changeCarePlan(deps(), plan.id, "resume", OWNER, noonOf("2027-04-20"));
      expect(resumed).toMatchObject({ status: "active", next_due_date: "2027-05-10", next_invoice_date: "2027-05-03" });
      await runCarePlanInvoices(deps(), noonOf("2027-05-03"));
      expect((await planInvoices(plan.id)).map((w) => [w.due, w.state, w.issued])).toEqual([
        // The first run came two days after its invoice day: written then, on January 5.
        ["2027-01-10", "invoiced", "2027-01-05"],
        ["2027-02-10", "skipped", null],
        ["2027-03-10", "skipped", null],
        ["2027-04-10", "skipped", null],
        ["2027-05-10", "invoiced", "2027-05-03"],
      ]);
      const updates = await ctx.db
        .select()
        .from(projectUpdates)
        .where(eq(projectUpdates.projectId, projectId))
        .orderBy(asc(projectUpdates.id));
      expect(updates.map((u) => u.title)).toEqual([
        "Care plan started: Hosting & support",
        "Care plan paused: Hosting & support",
        "Care plan resumed: Hosting & support",
      ]);
      expect(updates[2]!.content).toContain(
        "Not billed while paused: Wed, Feb 10, 2027; Wed, Mar 10, 2027; Sat, Apr 10, 2027.",
      );
      const notes = await ctx.db.select().from(communications).where(eq(communications.type, "note"));
      expect(notes.filter((n) => n.subject === "Care plan paused: Hosting & support").length).toBeGreaterThan(0);

      // One click each: pausing twice, resuming an active plan, are refused with why.
      const again = await api.call("POST", `/api/admin/care-plans/${plan.id}/resume`);
      expect(again.status).toBe(409);
      expect((await again.json()).error).toBe("This care plan is not paused.");
    },
  );

  it("nothing is written after the end date, nor after the owner ends the plan", { timeout: 120_000 }, async () => {
    const dated = (await startPlan({ first_due_date: "2027-01-31", end_date: "2027-03-30" })).plan;
    const ended = (await startPlan({ first_due_date: "2027-01-31" })).plan;
    for (const day of ["2027-01-24", "2027-02-21", "2027-02-25"]) await runCarePlanInvoices(deps(), noonOf(day));
    const res = await api.call("POST", `/api/admin/care-plans/${ended.id}/end`);
    expect(CarePlanAnswerSchema.parse(await api.ok(res)).plan).toMatchObject({ status: "ended", next_due_date: null });
    for (const day of daysFrom("2027-02-26", "2027-06-30").filter((_, i) => i % 4 === 0))
      await runCarePlanInvoices(deps(), noonOf(day));
    expect((await planInvoices(dated.id)).map((w) => w.due)).toEqual(["2027-01-31", "2027-02-28"]);
    expect((await planInvoices(ended.id)).map((w) => w.due)).toEqual(["2027-01-31", "2027-02-28"]);
    // Past its end date the plan has ended by itself.
    const again = await api.call("POST", `/api/admin/care-plans/${dated.id}/end`);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("This care plan has already ended.");
  });
});

describe("retention", () => {
  it("a complete project whose care plan has not ended is kept past its retention; once the plan ends, it goes", async () => {
    const { projectId } = await createBilledProject(ctx.db, { status: "complete" });
    const { plan } = await startPlan({ first_due_date: "2031-01-31" }, projectId);
    // Years later, the project complete and untouched since: past its retention.
    const later = new Date("2032-06-01T16:00:00Z");
    const billing = deps;
    const retention = { db: ctx.db, store: mediaStoreFor(ctx.env), log: createLogger("silent") };
    const counts = () => ({
      projects: 0,
      milestones: 0,
      updates: 0,
      comments: 0,
      portal_sessions: 0,
      files: 0,
      files_kept: 0,
      held_for_billing: 0,
    });
    const exists = async () => (await ctx.db.select().from(projects).where(eq(projects.id, projectId))).length;
    await removeExpiredProjects(retention, counts(), later);
    expect(await exists()).toBe(1);
    await changeCarePlan(billing(), plan.id, "end", OWNER, STARTED);
    await removeExpiredProjects(retention, counts(), later);
    expect(await exists()).toBe(0);
    expect(await ctx.db.select().from(carePlans).where(eq(carePlans.id, plan.id))).toEqual([]);
  });
});

describe("the owner's calls", () => {
  it("refuses bad input with 400 and a clear error", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const base = {
      name: "Hosting & support",
      amount_cents: 5_000,
      interval: "monthly",
      first_due_date: shiftDay(new Date().toISOString().slice(0, 10), 30),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ amount_cents: 0 }, "The amount must be more than $0.00"],
      [{ interval: "weekly" }, "The interval is monthly, quarterly or yearly"],
      [{ end_date: shiftDay(base.first_due_date, -1) }, "The end date cannot be before the first due date"],
      [{ first_due_date: "2027-02-30" }, "Enter a date as YYYY-MM-DD"],
      [{ lead_days: 61 }, "The days before each due date must be a whole number from 0 to 60"],
      [{ first_due_date: "2020-01-31" }, "The first due date cannot be before today"],
    ];
    for (const [change, message] of cases) {
      const res = await api.call("POST", `/api/admin/projects/${projectId}/care-plans`, { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect((await res.json()).error, JSON.stringify(change)).toContain(message);
    }
    expect((await api.call("POST", "/api/admin/projects/WBT-2026-NOPE00/care-plans", base)).status).toBe(404);
    expect((await api.call("POST", "/api/admin/care-plans/999999/pause")).status).toBe(404);
    // Without the admin session: refused.
    expect((await ctx.app.request(`/api/admin/projects/${projectId}/care-plans`)).status).toBe(401);
    const created = await api.call("POST", `/api/admin/projects/${projectId}/care-plans`, base);
    expect(CarePlanAnswerSchema.parse(await api.ok(created, 201)).plan).toMatchObject({
      status: "active",
      lead_days: 7,
    });
  });

  it("the client reads their plan in the portal; another client's token cannot", async () => {
    const { plan, projectId } = await startPlan({ name: "Hosting & updates" });
    await runCarePlanInvoices(deps(), noonOf("2027-01-24"));
    const mine = await projectToken(ctx.db, projectId);
    const res = await api.call(
      "GET",
      `/api/client-portal/projects/${projectId}/care-plans`,
      undefined,
      api.asClient(mine),
    );
    const [seen] = ClientCarePlansAnswerSchema.parse(await api.ok(res)).plans;
    expect(seen).toMatchObject({
      id: plan.id,
      name: "Hosting & updates",
      amount_cents: 5_000,
      interval: "monthly",
      status: "active",
      next_due_date: "2027-02-28",
      time_zone: "America/New_York",
    });
    expect(seen!.invoices.map((i) => [i.due_date, i.status])).toEqual([["2027-01-31", "sent"]]);

    const stranger = await projectToken(ctx.db, (await createBilledProject(ctx.db, { name: "Ana Silva" })).projectId);
    const refused = await api.call(
      "GET",
      `/api/client-portal/projects/${projectId}/care-plans`,
      undefined,
      api.asClient(stranger),
    );
    expect(refused.status).toBe(403);
    expect((await ctx.app.request(`/api/client-portal/projects/${projectId}/care-plans`)).status).toBe(401);
  });
});

describe("the dashboard", () => {
  it("shows the active plans as a month's revenue ($50 monthly + $150 quarterly + $600 yearly = $150.00), a paused one left out, and the plans due within 14 days", async () => {
    const fresh = await createTestApp();
    try {
      const owner = billingApi(fresh.app, (await createAdminToken(fresh.db)).auth);
      const { projectId } = await createBilledProject(fresh.db, { status: "maintenance" });
      const soon = shiftDay(new Date().toISOString().slice(0, 10), 10);
      const later = shiftDay(soon, 30);
      const start = (body: Record<string, unknown>) =>
        owner.call("POST", `/api/admin/projects/${projectId}/care-plans`, {
          name: "Hosting & support",
          lead_days: 0,
          ...body,
        });
      for (const body of [
        { amount_cents: 5_000, interval: "monthly", first_due_date: soon },
        { amount_cents: 15_000, interval: "quarterly", first_due_date: later },
        { amount_cents: 60_000, interval: "yearly", first_due_date: later },
      ])
        await owner.ok(await start(body), 201);
      const paused = CarePlanAnswerSchema.parse(
        await owner.ok(await start({ amount_cents: 99_900, interval: "monthly", first_due_date: later }), 201),
      ).plan;
      await owner.ok(await owner.call("POST", `/api/admin/care-plans/${paused.id}/pause`));

      const summary = BillingSummarySchema.parse(await owner.ok(await owner.call("GET", "/api/admin/billing/summary")));
      expect(summary.recurring_monthly_cents).toBe(15_000);
      expect(summary.active_care_plans).toBe(3);
      expect(summary.care_plans_due_soon.map((p) => [p.amount_cents, p.next_due_date])).toEqual([[5_000, soon]]);
    } finally {
      await fresh.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { BillingSummarySchema } from "~/contracts/billing";
import { ProjectListSchema } from "~/contracts/projects";
import { billingCredits, invoicePayments, invoices } from "../../db/schema/index";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { createBilledProject } from "../../../tests/support/billing";

/**
 * The owner's figures stay exact past an `int` (docs/product/billing.md "The owner's figures"):
 * each amount fits its integer column, but a year of them, or all that is outstanding, passes
 * $21,474,836.47. Sent invoices, payments and credits are written straight to the database (the
 * triggers let sent invoices, payments and credits be inserted), then the dashboard's money cards
 * and the projects list answer 200 with the exact sums.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let auth: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());

const INT_MAX = 2_147_483_647;
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: site.timeZone }).format(new Date());

describe("the owner's figures past $21.47 M", () => {
  it("answers the exact outstanding, overdue, paid and credit sums", async () => {
    const { projectId } = await createBilledProject(ctx.db, { name: "Grace Hopper" });
    const day = today();
    const year = Number(day.slice(0, 4));
    const total = 2_000_000_000; // $20 M: one row fits the integer column
    const count = 12;
    const rows = await ctx.db
      .insert(invoices)
      .values(
        Array.from({ length: count }, (_, i) => ({
          number: `INV-${year}-${String(900 + i)}`,
          year,
          sequence: 900 + i,
          projectId,
          projectRef: projectId,
          projectName: "Grace Hopper Bakery Website Project",
          kind: "manual" as const,
          status: "sent" as const,
          lines: [
            { description: "A large site", quantity: 1, unit_price_cents: total, total_cents: total, preset: null },
          ],
          subtotalCents: total,
          discountCents: 0,
          totalCents: total,
          issueDate: "2000-01-01",
          // Half of them overdue.
          dueDate: i % 2 === 0 ? "2000-01-31" : "2999-12-31",
          sentAt: new Date(),
        })),
      )
      .returning({ id: invoices.id });
    const paid = 1_500_000_000;
    await ctx.db
      .insert(invoicePayments)
      .values(rows.map((r) => ({ invoiceId: r.id, amountCents: paid, paidOn: day, method: "check" as const })));
    const credit = 2_100_000_000;
    await ctx.db.insert(billingCredits).values(
      rows.slice(0, 3).map((r) => ({
        invoiceId: r.id,
        amountCents: credit,
        reason: "overpaid" as const,
        receivedOn: day,
      })),
    );

    const res = await ctx.app.request("/api/admin/billing/summary", { headers: auth });
    expect(res.status, await res.clone().text()).toBe(200);
    const summary = BillingSummarySchema.parse(await res.json());
    expect(summary).toMatchObject({
      outstanding_cents: count * total,
      outstanding_count: count,
      overdue_cents: (count / 2) * total,
      overdue_count: count / 2,
      paid_this_month_cents: count * paid,
      paid_this_year_cents: count * paid,
      credit_due_cents: 3 * credit,
      credit_due_count: 3,
    });
    expect(summary.outstanding_cents).toBeGreaterThan(INT_MAX);
    expect(summary.paid_this_year_cents).toBeGreaterThan(INT_MAX);
    expect(summary.credit_due_cents).toBeGreaterThan(INT_MAX);

    const list = await ctx.app.request("/api/admin/projects", { headers: auth });
    expect(list.status, await list.clone().text()).toBe(200);
    const row = ProjectListSchema.parse(await list.json()).projects.find((p) => p.id === projectId);
    expect(row?.billing.due_cents).toBe(count * total);
  });
});

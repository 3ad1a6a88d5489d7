import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DailyJobsSchema } from "~/contracts/jobs";
import { billingCredits, invoices, media, projects, projectUpdates, quotes } from "../../db/schema/index";
import { createLogger } from "../../lib/logger";
import { renderFolder } from "../../services/billing/pdf-renders";
import { mediaStoreFor } from "../../services/media/store";
import { removeExpiredProjects, zero } from "../../services/projects/retention";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { billingApi, createBilledProject, projectToken, testDataDir } from "../../../tests/support/billing";
import { pdfText } from "../../../tests/support/pdf-text";

/**
 * Billing records outlive their project (docs/product/billing.md "Keeping the records"; decision
 * 042): the retention job deletes a project complete for over a year as before, and its quotes,
 * invoices and payments stay, with the project's ID and name, for the seven years a business keeps
 * its books. The accepted quote's stored PDF goes with the project's files, and its documents' kept
 * renders with it (decision 045); the acceptance stays.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let api: ReturnType<typeof billingApi>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: await testDataDir() } });
  api = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
});
afterAll(() => ctx.close());

describe("a deleted project's billing records", () => {
  it("are kept with the project's ID and name, and do not block its deletion", async () => {
    const { projectId } = await createBilledProject(ctx.db, { status: "submitted" });
    const token = await projectToken(ctx.db, projectId);
    const quote = await api.acceptedQuote(projectId, token);
    const invoice = await api.sendInvoice((await api.depositInvoice(quote.id)).id);
    await api.payInFull(invoice);
    // Complete two years ago, untouched since.
    const longAgo = new Date(Date.now() - 2 * 366 * 86_400_000);
    await ctx.db
      .update(projects)
      .set({ status: "complete", completedAt: longAgo, updatedAt: longAgo, createdAt: longAgo })
      .where(eq(projects.id, projectId));
    // Its files and its updates (the paid deposit's note) as old.
    await ctx.db.update(media).set({ createdAt: longAgo }).where(eq(media.projectId, projectId));
    await ctx.db.update(projectUpdates).set({ createdAt: longAgo }).where(eq(projectUpdates.projectId, projectId));

    const counts = zero();
    await removeExpiredProjects(
      { db: ctx.db, store: mediaStoreFor(ctx.env), log: createLogger("silent") },
      counts,
      new Date(),
    );
    expect(counts.projects).toBe(1);
    expect(counts.files).toBe(1);
    expect(await ctx.db.select().from(projects).where(eq(projects.id, projectId))).toEqual([]);

    const [kept] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({ projectId: null, projectRef: projectId, status: "paid", number: invoice.number });
    const read = (await api.ok(await api.call("GET", `/api/admin/invoices/${invoice.id}`))).invoice;
    expect(read).toMatchObject({ project_id: projectId, project_name: invoice.project_name, status: "paid" });
    expect(read.payments).toHaveLength(1);
    const [keptQuote] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(keptQuote).toMatchObject({
      projectId: null,
      status: "accepted",
      acceptedName: "Maria Santos",
      acceptedPdfKey: null,
    });
    // The PDF is rendered from the record, acceptance included.
    expect((await api.call("GET", `/api/admin/quotes/${quote.id}/pdf`)).status).toBe(200);
    // The client's portal no longer opens it.
    expect(
      (await api.call("GET", `/api/client-portal/invoices/${invoice.id}/pdf`, undefined, api.asClient(token))).status,
    ).toBe(401);
  });
});

/** The project complete two years ago and untouched since: its files and updates as old. */
async function ageProject(projectId: string) {
  const longAgo = new Date(Date.now() - 2 * 366 * 86_400_000);
  await ctx.db
    .update(projects)
    .set({ status: "complete", completedAt: longAgo, updatedAt: longAgo, createdAt: longAgo })
    .where(eq(projects.id, projectId));
  await ctx.db.update(media).set({ createdAt: longAgo }).where(eq(media.projectId, projectId));
  await ctx.db.update(projectUpdates).set({ createdAt: longAgo }).where(eq(projectUpdates.projectId, projectId));
}

async function retentionRun() {
  const counts = zero();
  await removeExpiredProjects(
    { db: ctx.db, store: mediaStoreFor(ctx.env), log: createLogger("silent") },
    counts,
    new Date(),
  );
  return counts;
}

const exists = async (projectId: string) =>
  (await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId))).length === 1;

const heldBack = async () => DailyJobsSchema.parse(await api.ok(await api.call("GET", "/api/admin/jobs"))).held_back;

describe("retention never deletes money that is owed", () => {
  it("keeps a complete, two-year-old project with an unpaid invoice, says why, and deletes it once paid", async () => {
    const { projectId } = await createBilledProject(ctx.db, { status: "submitted" });
    const token = await projectToken(ctx.db, projectId);
    const invoice = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    await ageProject(projectId);
    const before = await heldBack();

    const kept = await retentionRun();
    expect(await exists(projectId)).toBe(true);
    expect(kept.held_for_billing).toBeGreaterThanOrEqual(1);
    expect(before.projects).toBeGreaterThanOrEqual(1);
    expect(before.money_due).toBeGreaterThanOrEqual(1);
    // The client can still sign in and pay.
    expect(
      (await api.call("GET", `/api/client-portal/invoices/${invoice.id}/pdf`, undefined, api.asClient(token))).status,
    ).toBe(200);

    await api.payInFull(invoice);
    await ageProject(projectId);
    expect((await heldBack()).money_due).toBe(before.money_due - 1);
    const removed = await retentionRun();
    expect(removed.projects).toBeGreaterThanOrEqual(1);
    expect(await exists(projectId)).toBe(false);
    const [paid] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid).toMatchObject({ projectId: null, projectRef: projectId, status: "paid" });
  });

  it("keeps one with a quote awaiting the client, or with a credit not yet refunded or applied", async () => {
    const quoted = await createBilledProject(ctx.db, { status: "submitted" });
    const quote = await api.sentQuote(quoted.projectId);
    const credited = await createBilledProject(ctx.db, { status: "submitted" });
    const paid = await api.sendInvoice((await api.manualInvoice(credited.projectId)).id);
    await api.payInFull(paid);
    const [credit] = await ctx.db
      .insert(billingCredits)
      .values({ invoiceId: paid.id, amountCents: 5_000, reason: "already_paid", receivedOn: paid.issue_date })
      .returning({ id: billingCredits.id });
    await ageProject(quoted.projectId);
    await ageProject(credited.projectId);

    const held = await heldBack();
    expect(held.open_quotes).toBeGreaterThanOrEqual(1);
    expect(held.open_credits).toBeGreaterThanOrEqual(1);
    await retentionRun();
    expect(await exists(quoted.projectId)).toBe(true);
    expect(await exists(credited.projectId)).toBe(true);

    // Settled: the quote marked expired, the credit refunded. Both go.
    await api.ok(await api.call("PUT", `/api/admin/quotes/${quote.id}/status`, { status: "expired" }));
    await ctx.db
      .update(billingCredits)
      .set({ status: "refunded", resolutionNote: "Refunded by check", resolvedAt: new Date() })
      .where(eq(billingCredits.id, credit!.id));
    await ageProject(quoted.projectId);
    await ageProject(credited.projectId);
    await retentionRun();
    expect(await exists(quoted.projectId)).toBe(false);
    expect(await exists(credited.projectId)).toBe(false);
  });
});

describe("a deleted project's kept PDFs", () => {
  it("go with it: its documents' renders printed its contact, and the records render again without", async () => {
    const { projectId, email } = await createBilledProject(ctx.db, { status: "submitted" });
    const token = await projectToken(ctx.db, projectId);
    const quote = await api.acceptedQuote(projectId, token);
    // The deposit written at signing is paid too: a project with an unpaid invoice is kept.
    await api.payInFull(await api.depositInvoice(quote.id));
    const invoice = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    await api.payInFull(invoice);
    const [payment] = (await api.ok(await api.call("GET", `/api/admin/invoices/${invoice.id}`))).invoice.payments;
    const folders = [
      renderFolder("quote", quote.id),
      renderFolder("invoice", invoice.id),
      renderFolder("receipt", payment.id),
    ];
    const first = await api.call("GET", `/api/admin/invoices/${invoice.id}/pdf`);
    expect(pdfText(new Uint8Array(await first.arrayBuffer()))).toContain(email);
    await api.call("GET", `/api/client-portal/payments/${payment.id}/receipt`, undefined, api.asClient(token));
    for (const folder of folders) expect(await rendersIn(folder), folder).toHaveLength(1);

    await ageProject(projectId);
    await retentionRun();
    expect(await exists(projectId)).toBe(false);
    for (const folder of folders) expect(await rendersIn(folder), folder).toEqual([]);
    const again = await api.call("GET", `/api/admin/invoices/${invoice.id}/pdf`);
    expect(again.status).toBe(200);
    expect(pdfText(new Uint8Array(await again.arrayBuffer()))).not.toContain(email);
  });
});

async function rendersIn(folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of mediaStoreFor(ctx.env).list(folder)) keys.push(object.key);
  return keys;
}

import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositCents, lineTotalCents, totalsOf } from "~/contracts/billing-money";
import { NewInvoiceSchema } from "~/contracts/invoices";
import { NewQuoteSchema } from "~/contracts/quotes";
import { invoicePayments, invoices, quotes } from "../server/db/schema";
import { dayIn } from "../server/services/billing/common";
import { statusOf } from "../server/services/billing/invoices";
import { createInvoice } from "../server/services/billing/invoice-writes";
import { createQuote } from "../server/services/billing/quotes";
import { quoteContentHash, toQuote } from "../server/services/billing/quote-rows";
import { billingSummary } from "../server/services/billing/summary";
import { createTestDatabase } from "../tests/support/db";
import { seedDatabase } from "./seed/seed-database";

/**
 * The seed's quotes, invoices, payments and credits (scripts/seed/billing.ts) at a fifth of a
 * practice (120 projects): read back through the app's own code, they hold what the app would
 * have written.
 */
const SCALE = 0.2;
const NOW = new Date("2026-11-20T17:30:00Z");

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Db;

const rows = async <T>(query: string): Promise<T[]> => (await database.db.execute(sql.raw(query))).rows as T[];
const count = async (query: string) => Number((await rows<{ n: string }>(query))[0]?.n);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { scale: SCALE, now: NOW });
});
afterAll(() => database?.close());

describe("the seed's billing", () => {
  it("quotes most projects, and decides each quote as its project went", async () => {
    const projects = await count("select count(*) as n from projects");
    const families = await count("select count(distinct number) as n from quotes");
    expect(families / projects).toBeGreaterThan(0.8);
    expect(await count("select count(*) as n from quotes where revision > 1")).toBeGreaterThan(0);
    const byStatus = Object.fromEntries(
      (await rows<{ status: string; n: string }>("select status, count(*) as n from quotes group by status")).map(
        (r) => [r.status, Number(r.n)],
      ),
    );
    for (const status of ["accepted", "declined", "expired"]) expect(byStatus[status]).toBeGreaterThan(0);
    // Every project that went ahead, its client reachable by e-mail, has its one accepted quote.
    const wentAheadUnaccepted = `select count(*) as n from projects p
      join project_contacts pc on pc.project_id = p.id and pc.is_primary join contacts c on c.id = pc.contact_id
      where p.status in ('planning', 'design', 'development', 'review', 'launch', 'complete', 'maintenance')
        and c.email is not null
        and (select count(*) from quotes q where q.project_id = p.id and q.status = 'accepted') <> 1`;
    expect(await count(wentAheadUnaccepted)).toBe(0);
    // A replaced revision names the one that replaced it, which names it back.
    const unlinked = `select count(*) as n from quotes q join quotes n on n.id = q.replaced_by_id
      where n.replaces_id <> q.id or n.number <> q.number or n.revision <> q.revision + 1`;
    expect(await count(unlinked)).toBe(0);
  });

  it("computes every amount as the app does", async () => {
    for (const row of await database.db.select().from(quotes)) {
      for (const line of row.lines) expect(line.total_cents).toBe(lineTotalCents(line.quantity, line.unit_price_cents));
      const totals = totalsOf(row.lines, { discount_type: row.discountType, discount_value: row.discountValue });
      expect([row.subtotalCents, row.discountCents, row.totalCents]).toEqual([
        totals.subtotal_cents,
        totals.discount_cents,
        totals.total_cents,
      ]);
      expect(row.depositCents).toBe(depositCents(row.totalCents, row.depositPercent));
    }
    for (const row of await database.db.select().from(invoices)) {
      const totals = totalsOf(row.lines, { discount_type: row.discountType, discount_value: row.discountValue });
      expect(row.totalCents).toBe(totals.total_cents);
    }
  });

  it("keeps each acceptance with the hash of the content accepted", async () => {
    const accepted = await database.db.select().from(quotes).where(eq(quotes.status, "accepted"));
    expect(accepted.length).toBeGreaterThan(0);
    for (const row of accepted) {
      const quote = toQuote(row, null, NOW);
      expect(quote.acceptance?.content_hash).toBe(quoteContentHash(quote));
      expect(quote.acceptance?.full_name).toBeTruthy();
    }
  });

  it("invoices the accepted quotes and records what was paid, mostly by card through Stripe", async () => {
    // One live deposit of the quote's deposit; or none, when it was voided as the project went on hold.
    const depositMismatch = `select count(*) as n from quotes q join projects p on p.id = q.project_id
      cross join lateral (select count(*) filter (where i.status <> 'void') as live,
          count(*) filter (where i.status <> 'void' and i.total_cents = q.deposit_cents) as matching,
          count(*) filter (where i.status = 'void') as voided
        from invoices i where i.quote_id = q.id and i.kind = 'deposit') d
      where q.status = 'accepted' and q.deposit_cents > 0
        and not ((d.live = 1 and d.matching = 1) or (d.live = 0 and d.voided > 0 and p.status = 'on_hold'))`;
    expect(await count(depositMismatch)).toBe(0);
    const balanceMismatch = `select count(*) as n from invoices i join quotes q on q.id = i.quote_id
      where i.kind = 'balance' and i.total_cents <> q.total_cents - q.deposit_cents`;
    expect(await count(balanceMismatch)).toBe(0);
    expect(await count("select count(*) as n from invoices where kind = 'manual'")).toBeGreaterThan(0);

    const all = await database.db.select().from(invoices).orderBy(asc(invoices.id));
    const payments = await database.db.select().from(invoicePayments);
    const paidOn = new Map<number, number>();
    for (const p of payments) paidOn.set(p.invoiceId, (paidOn.get(p.invoiceId) ?? 0) + p.amountCents);
    for (const row of all) {
      expect(row.amountPaidCents).toBe(paidOn.get(row.id) ?? 0);
      if (row.status === "void") expect(row.amountPaidCents).toBe(0);
      else
        expect(row.status).toBe(
          row.amountPaidCents === row.totalCents
            ? "paid"
            : row.amountPaidCents > 0
              ? "partially_paid"
              : row.sentAt
                ? "sent"
                : "draft",
        );
      expect(row.paidAt !== null).toBe(row.status === "paid");
    }
    const stripe = payments.filter((p) => p.source === "stripe");
    expect(stripe.length / payments.length).toBeGreaterThan(0.5);
    for (const p of stripe) expect([p.method, p.stripeEventId?.startsWith("evt_")]).toEqual(["card", true]);
    expect(new Set(stripe.map((p) => p.stripeEventId)).size).toBe(stripe.length);
    expect(all.filter((row) => statusOf(row, dayIn(NOW)) === "overdue").length).toBeGreaterThan(0);
  });

  it("dates every record in its order, and none after now", async () => {
    const at = `'${NOW.toISOString()}'::timestamptz`;
    expect(
      await count(`select count(*) as n from quotes where sent_at < created_at or viewed_at < sent_at
        or decided_at < sent_at or greatest(created_at, sent_at, viewed_at, decided_at, updated_at) > ${at}`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from invoices where sent_at < created_at or paid_at < sent_at
        or voided_at < created_at or greatest(created_at, sent_at, paid_at, voided_at, updated_at) > ${at}
        or issue_date <> (created_at at time zone 'America/New_York')::date or due_date < issue_date`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from invoice_payments p join invoices i on i.id = p.invoice_id
        where p.created_at < i.sent_at or p.created_at > ${at}
          or p.paid_on <> (p.created_at at time zone 'America/New_York')::date`),
    ).toBe(0);
    const quoteAfterInvoice = `select count(*) as n from invoices i join quotes q on q.id = i.quote_id
      where i.created_at < q.accepted_at`;
    expect(await count(quoteAfterInvoice)).toBe(0);
  });

  it("keeps the credits of money an invoice could not take, refunded, applied or open", async () => {
    const credits = await rows<{ reason: string; status: string; applied_ok: boolean }>(
      `select c.reason, c.status, (c.status <> 'applied' or (p.method = 'credit' and p.amount_cents = c.amount_cents
          and p.invoice_id = c.applied_invoice_id and a.project_id = i.project_id)) as applied_ok
        from billing_credits c join invoices i on i.id = c.invoice_id
        left join invoice_payments p on p.id = c.applied_payment_id left join invoices a on a.id = c.applied_invoice_id`,
    );
    expect(credits.length).toBeGreaterThan(0);
    for (const credit of credits) expect(credit.applied_ok).toBe(true);
    const summary = await billingSummary(database.db, NOW);
    expect(summary.credit_due_count).toBe(credits.filter((c) => c.status === "open").length);
    expect(summary.credit_due_count).toBeGreaterThan(0);
    expect(summary.overdue_count).toBeGreaterThan(0);
    expect(summary.paid_this_year_cents).toBeGreaterThan(0);
  });

  it("numbers each year without gaps, and the app's next quote and invoice go on from there", async () => {
    const gaps = await rows<{ kind: string; year: number; n: string; last: string; counter: number }>(
      `select kind, year, count(distinct sequence) as n, max(sequence) as last,
          (select last from billing_number_counters c where c.year = r.year and c.kind = r.kind) as counter
        from (select 'invoice' as kind, year, sequence from invoices
          union all select 'quote', substr(number, 3, 4)::int, substr(number, 8)::int from quotes) r
        group by kind, year`,
    );
    expect(gaps.length).toBeGreaterThan(2);
    for (const g of gaps) expect([Number(g.n), Number(g.counter)]).toEqual([Number(g.last), Number(g.last)]);

    const last = (kind: string) => gaps.find((g) => g.kind === kind && Number(g.year) === 2026)!.last;
    const [project] = await rows<{ id: string }>("select id from projects where status = 'maintenance' limit 1");
    const lines = [{ description: "Extra page: events calendar", quantity: 1, unit_price_cents: 12_500 }];
    const invoice = await createInvoice(database.db, project!.id, NewInvoiceSchema.parse({ lines }), NOW);
    expect(invoice.number).toBe(`INV-2026-${String(Number(last("invoice")) + 1).padStart(4, "0")}`);
    const quote = await createQuote(database.db, project!.id, NewQuoteSchema.parse({ lines }), NOW);
    expect(quote.number).toBe(`Q-2026-${String(Number(last("quote")) + 1).padStart(4, "0")}`);
  });
});

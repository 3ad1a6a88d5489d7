import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { formatCents, totalsOf } from "~/contracts/billing-money";
import {
  formatBillingNumber,
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type InvoiceStatus,
} from "~/contracts/billing-terms";
import type {
  Invoice,
  InvoiceChangeSchema,
  InvoiceFilterQuerySchema,
  InvoiceRow,
  NewInvoiceSchema,
  Payment,
  QuoteInvoiceSchema,
} from "~/contracts/invoices";
import type { Database } from "../../db/client";
import { invoicePayments, invoiceReminders, invoices, projects, quotes } from "../../db/schema";
import { writeInvoiceSent } from "../../emails/billing";
import { containsPattern, EXPORT_BATCH, type CsvCells } from "../list-pages";
import { jsonRow } from "../json-rows";
import { listTotals, pageAndTotal, windowOf, type OrderTerm } from "../list-totals";
import {
  addDays,
  allocateNumber,
  announceBillingChange,
  assertMoneyLimits,
  BillingError,
  type CheckoutDeps,
  dayIn,
  NO_INVOICE,
  NO_QUOTE,
  mailablePrimaryContact,
  primaryContactOf,
  readBillingSettings,
  requireProject,
  storedLines,
} from "./common";
import { queueLoggedEmail } from "../contact-emails";
import { creditsOf } from "./credit-rows";
import type { BillingDeps } from "./quotes";
import type { DbOrTx, Tx } from "../../db/tx";

/**
 * Invoices (docs/product/billing.md "Invoices"; decision 042): a quote's deposit or balance, or
 * lines by hand; numbered INV-yyyy-nnnn in the transaction that writes them, so the year's numbers
 * have no gaps (a draft has its number; an invoice is never deleted, a wrong one is voided and
 * keeps it). Overdue is read, not stored: an open invoice with money due after its due date (in
 * the business's time zone). Paid and void invoices never change (a trigger refuses it too).
 */
type InvoiceDbRow = typeof invoices.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The invoice's open Checkout session forgotten (docs/product/billing.md "Payments"): written in
 * the update that records a payment or voids the invoice; the session is expired at Stripe once
 * that transaction has committed.
 */
export const CLEARED_CHECKOUT = {
  checkoutSessionId: null,
  checkoutUrl: null,
  checkoutAmountCents: null,
  checkoutExpiresAt: null,
} as const;

export const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  invoice_id: row.invoiceId,
  amount_cents: row.amountCents,
  paid_on: row.paidOn,
  method: row.method,
  source: row.source,
  note: row.note,
  stripe_event_id: row.stripeEventId,
  created_at: row.createdAt.toISOString(),
});

/** The status shown: overdue for an open invoice with money due after its due date. */
export function statusOf(
  row: Pick<InvoiceDbRow, "status" | "dueDate" | "totalCents" | "amountPaidCents">,
  today: string,
): InvoiceStatus {
  if (
    (row.status === "sent" || row.status === "partially_paid") &&
    row.dueDate < today &&
    row.totalCents > row.amountPaidCents
  )
    return "overdue";
  return row.status;
}

/** The same, in SQL, for the list's filters and the figures. */
export const statusSql = (today: string) =>
  sql<InvoiceStatus>`(case when ${invoices.status} in ('sent', 'partially_paid') and ${invoices.dueDate} < ${today}::date and ${invoices.totalCents} > ${invoices.amountPaidCents} then 'overdue' else ${invoices.status} end)`;

export function toInvoiceRow(row: InvoiceDbRow, liveProjectName: string | null, now = new Date()): InvoiceRow {
  return {
    id: row.id,
    number: row.number,
    project_id: row.projectRef,
    project_name: liveProjectName ?? row.projectName,
    client_name: row.clientName,
    quote_id: row.quoteId,
    kind: row.kind,
    status: statusOf(row, dayIn(now)),
    discount_type: row.discountType,
    discount_value: row.discountValue,
    subtotal_cents: row.subtotalCents,
    discount_cents: row.discountCents,
    total_cents: row.totalCents,
    amount_paid_cents: row.amountPaidCents,
    amount_due_cents: row.status === "void" ? 0 : row.totalCents - row.amountPaidCents,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    notes: row.notes,
    reminders_enabled: row.remindersEnabled,
    sent_at: iso(row.sentAt),
    paid_at: iso(row.paidAt),
    voided_at: iso(row.voidedAt),
    void_reason: row.voidReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * toInvoiceRow's output, built by PostgreSQL (json-rows.ts; json-rows.test.ts holds them equal):
 * the project's name as it is now, or as it was when the invoice was made.
 */
export const invoiceRowJson = (today: string) =>
  jsonRow<InvoiceRow>({
    id: invoices.id,
    number: invoices.number,
    project_id: invoices.projectRef,
    project_name: sql`coalesce((select p.name from projects p where p.id = "invoices"."project_id"), "invoices"."project_name")`,
    client_name: invoices.clientName,
    quote_id: invoices.quoteId,
    kind: invoices.kind,
    status: statusSql(today),
    discount_type: invoices.discountType,
    discount_value: invoices.discountValue,
    subtotal_cents: invoices.subtotalCents,
    discount_cents: invoices.discountCents,
    total_cents: invoices.totalCents,
    amount_paid_cents: invoices.amountPaidCents,
    amount_due_cents: sql`case when "invoices"."status" = 'void' then 0 else "invoices"."total_cents" - "invoices"."amount_paid_cents" end`,
    issue_date: invoices.issueDate,
    due_date: invoices.dueDate,
    notes: invoices.notes,
    reminders_enabled: invoices.remindersEnabled,
    sent_at: invoices.sentAt,
    paid_at: invoices.paidAt,
    voided_at: invoices.voidedAt,
    void_reason: invoices.voidReason,
    created_at: invoices.createdAt,
    updated_at: invoices.updatedAt,
  });

const invoiceWithProject = (db: DbOrTx) =>
  db
    .select({ row: invoices, projectName: projects.name })
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId));

/** Whole invoices (lines, payments, credits, reminders) for these rows: three queries, whatever their number. */
async function complete(
  db: DbOrTx,
  found: { row: InvoiceDbRow; projectName: string | null }[],
  now = new Date(),
): Promise<Invoice[]> {
  const ids = found.map((f) => f.row.id);
  if (ids.length === 0) return [];
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, ids))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id));
  const reminders = await db
    .select({ invoiceId: invoiceReminders.invoiceId, day: invoiceReminders.day })
    .from(invoiceReminders)
    .where(inArray(invoiceReminders.invoiceId, ids))
    .orderBy(asc(invoiceReminders.day));
  const credits = await creditsOf(db, ids);
  return found.map(({ row, projectName }) => ({
    ...toInvoiceRow(row, projectName, now),
    lines: row.lines,
    reminders_sent: reminders.filter((r) => r.invoiceId === row.id).map((r) => r.day),
    payments: payments.filter((p) => p.invoiceId === row.id).map(toPayment),
    credits: credits.filter((c) => c.invoice_id === row.id),
  }));
}

export async function readInvoice(db: DbOrTx, id: number, now = new Date()): Promise<Invoice> {
  const found = await invoiceWithProject(db).where(eq(invoices.id, id));
  if (found.length === 0) throw new BillingError(404, NO_INVOICE);
  return (await complete(db, found, now))[0]!;
}

export const getInvoice = (db: Database, id: number) => readInvoice(db, id);

export async function lockInvoice(tx: Tx, id: number): Promise<InvoiceDbRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!row) throw new BillingError(404, NO_INVOICE);
  return row;
}

/** The project's invoices, newest first. */
export async function listProjectInvoices(db: Database, projectId: string): Promise<Invoice[]> {
  await requireProject(db, projectId);
  const found = await invoiceWithProject(db)
    .where(eq(invoices.projectId, projectId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return complete(db, found);
}

/**
 * What the client may see (docs/product/billing.md "The client decides"): an invoice that was
 * sent. A draft, and a draft voided before it was ever sent (its reason and notes included), are
 * the owner's alone.
 */
const shownToClient = isNotNull(invoices.sentAt);

/** The client's: the project's invoices that were sent, newest first. */
export async function clientInvoices(db: Database, projectId: string): Promise<Invoice[]> {
  const found = await invoiceWithProject(db)
    .where(and(eq(invoices.projectId, projectId), shownToClient))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return complete(db, found);
}

/** The invoice a portal session asks for: its project (null once deleted), or 404 (one never sent is not shown). */
export async function invoiceProjectOf(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ projectId: invoices.projectId })
    .from(invoices)
    .where(and(eq(invoices.id, id), shownToClient));
  if (!row) throw new BillingError(404, NO_INVOICE);
  return row.projectId;
}

/* ---------------- Writing ---------------- */

interface InvoiceContent {
  lines: ReturnType<typeof storedLines>;
  discount_type: "none" | "percent" | "amount";
  discount_value: number;
}

/** A new invoice in the caller's transaction: its number is the year's next (of its issue day). */
async function insertInvoice(
  tx: Tx,
  input: InvoiceContent & {
    projectId: string;
    quoteId: number | null;
    kind: InvoiceDbRow["kind"];
    dueDate?: string;
    notes?: string | null;
    remindersEnabled?: boolean;
  },
  now: Date,
): Promise<number> {
  const project = await requireProject(tx, input.projectId, true);
  const settings = await readBillingSettings(tx);
  const contact = await primaryContactOf(tx, project.id);
  const issueDate = dayIn(now);
  const dueDate = input.dueDate ?? addDays(issueDate, settings.invoice_due_days);
  if (dueDate < issueDate) throw new BillingError(400, "The due date cannot be before today, the invoice's date.");
  assertMoneyLimits(input.lines, input);
  const totals = totalsOf(input.lines, input);
  const year = Number(issueDate.slice(0, 4));
  const sequence = await allocateNumber(tx, "invoice", year);
  const [row] = await tx
    .insert(invoices)
    .values({
      number: formatBillingNumber("INV", year, sequence),
      year,
      sequence,
      projectId: project.id,
      projectRef: project.id,
      projectName: project.name,
      clientName: contact?.name ?? null,
      clientEmail: contact?.email ?? null,
      quoteId: input.quoteId,
      kind: input.kind,
      lines: input.lines,
      discountType: input.discount_type,
      discountValue: input.discount_value,
      subtotalCents: totals.subtotal_cents,
      discountCents: totals.discount_cents,
      totalCents: totals.total_cents,
      issueDate,
      dueDate,
      notes: input.notes?.trim() ? input.notes : null,
      remindersEnabled: input.remindersEnabled ?? true,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

/** "Create Invoice": lines typed by hand. */
export async function createInvoice(
  db: Database,
  projectId: string,
  input: z.output<typeof NewInvoiceSchema>,
  now = new Date(),
): Promise<Invoice> {
  const id = await db.transaction((tx) =>
    insertInvoice(
      tx,
      {
        projectId,
        quoteId: null,
        kind: "manual",
        lines: storedLines(input.lines),
        discount_type: input.discount_type,
        discount_value: input.discount_value,
        dueDate: input.due_date,
        notes: input.notes,
        remindersEnabled: input.reminders_enabled,
      },
      now,
    ),
  );
  return readInvoice(db, id);
}

/**
 * The deposit of an accepted quote (its deposit_cents, one line), or its balance (the total less
 * the quote's earlier invoices that are not void).
 */
export async function createInvoiceFromQuote(
  db: Database,
  quoteId: number,
  input: z.output<typeof QuoteInvoiceSchema>,
  now = new Date(),
): Promise<Invoice> {
  const id = await db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!quote) throw new BillingError(404, NO_QUOTE);
    if (quote.status !== "accepted")
      throw new BillingError(409, "Only an accepted quote is invoiced: this one is " + quote.status + ".");
    if (!quote.projectId) throw new BillingError(409, "The quote's project was deleted.");
    const earlier = await tx
      .select({ kind: invoices.kind, total: invoices.totalCents })
      .from(invoices)
      .where(and(eq(invoices.quoteId, quoteId), ne(invoices.status, "void")));
    let description: string;
    let amount: number;
    if (input.kind === "deposit") {
      if (earlier.some((i) => i.kind === "deposit"))
        throw new BillingError(409, "This quote already has a deposit invoice: void it first to write another.");
      if (quote.depositCents <= 0) throw new BillingError(409, "This quote asks for no deposit.");
      description = `${quote.depositPercent}% deposit on quote ${quote.number}`;
      amount = quote.depositCents;
    } else {
      const invoiced = earlier.reduce((sum, i) => sum + i.total, 0);
      amount = quote.totalCents - invoiced;
      if (amount <= 0) throw new BillingError(409, "The whole quote is already invoiced.");
      description =
        invoiced > 0
          ? `Balance of quote ${quote.number} (${formatCents(quote.totalCents)} less ${formatCents(invoiced)} invoiced before)`
          : `Quote ${quote.number} in full`;
    }
    return insertInvoice(
      tx,
      {
        projectId: quote.projectId,
        quoteId,
        kind: input.kind,
        lines: storedLines([{ description, quantity: 1, unit_price_cents: amount }]),
        discount_type: "none",
        discount_value: 0,
        dueDate: input.due_date,
      },
      now,
    );
  });
  return readInvoice(db, id);
}

const frozenMessage = (row: InvoiceDbRow) =>
  row.status === "paid"
    ? `Invoice ${row.number} is paid, so it can no longer change. A correction is a credit or a new invoice.`
    : `Invoice ${row.number} is void, so it can no longer change.`;

/** A draft takes every field; an open invoice only its due date and reminders; a paid or void one nothing. */
export async function updateInvoice(
  db: Database,
  id: number,
  input: z.output<typeof InvoiceChangeSchema>,
  now = new Date(),
): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    if (row.status === "paid" || row.status === "void") throw new BillingError(409, frozenMessage(row));
    // The discount's fields arrive with their defaults: they change the invoice only when they differ.
    const content =
      input.lines !== undefined ||
      (input.discount_type !== undefined && input.discount_type !== row.discountType) ||
      (input.discount_value !== undefined && input.discount_value !== row.discountValue) ||
      (input.notes !== undefined && (input.notes.trim() || null) !== (row.notes?.trim() || null));
    if (row.status !== "draft" && content)
      throw new BillingError(
        409,
        `Invoice ${row.number} was sent: only its due date and reminders can change. Void it and write a new one to change its lines.`,
      );
    if (input.due_date !== undefined && input.due_date < row.issueDate)
      throw new BillingError(400, "The due date cannot be before the invoice's date.");
    const lines = input.lines ? storedLines(input.lines) : row.lines;
    const discount = {
      discount_type: input.discount_type ?? row.discountType,
      discount_value: input.discount_value ?? row.discountValue,
    };
    if (row.status === "draft") assertMoneyLimits(lines, discount);
    const totals = totalsOf(lines, discount);
    await tx
      .update(invoices)
      .set({
        ...(row.status === "draft" && {
          lines,
          discountType: discount.discount_type,
          discountValue: discount.discount_value,
          subtotalCents: totals.subtotal_cents,
          discountCents: totals.discount_cents,
          totalCents: totals.total_cents,
          ...(input.notes !== undefined && { notes: input.notes.trim() ? input.notes : null }),
        }),
        ...(input.due_date !== undefined && { dueDate: input.due_date }),
        ...(input.reminders_enabled !== undefined && { remindersEnabled: input.reminders_enabled }),
        updatedAt: now,
      })
      .where(eq(invoices.id, id));
    await announceBillingChange(tx, row.projectId);
  });
  return readInvoice(db, id);
}

/** E-mails the primary contact a link to the portal and logs it; a draft becomes sent (an open invoice may be sent again). */
export async function sendInvoice(deps: BillingDeps, id: number, sender: string, now = new Date()): Promise<Invoice> {
  const { db, mailer } = deps;
  await mailer.transaction(async (tx, queue) => {
    const row = await lockInvoice(tx, id);
    if (row.status === "paid" || row.status === "void") throw new BillingError(409, frozenMessage(row));
    if (!row.projectId) throw new BillingError(409, "The invoice's project was deleted.");
    if (row.totalCents <= 0) throw new BillingError(409, "This invoice comes to $0.00: there is nothing to pay.");
    const contact = await mailablePrimaryContact(tx, row.projectId, "invoice");
    if (row.status === "draft")
      await tx.update(invoices).set({ status: "sent", sentAt: now, updatedAt: now }).where(eq(invoices.id, id));
    const invoice = await readInvoice(tx, id, now);
    await queueLoggedEmail(tx, queue, contact.id, writeInvoiceSent({ invoice, contact }, deps.siteUrl), sender);
    await announceBillingChange(tx, row.projectId);
  });
  return readInvoice(db, id);
}

/**
 * Voids an invoice without payments; it keeps its number. Its open Checkout session is forgotten
 * in the same update and expired at Stripe after the commit (a payment of it arriving anyway is a
 * credit: docs/product/billing.md "Credits").
 */
export async function voidInvoice(
  deps: CheckoutDeps,
  id: number,
  reason: string | undefined,
  now = new Date(),
): Promise<Invoice> {
  const { db } = deps;
  const closed = await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    if (row.status === "paid" || row.status === "void") throw new BillingError(409, frozenMessage(row));
    if (row.amountPaidCents > 0)
      throw new BillingError(
        409,
        `Invoice ${row.number} has payments recorded, so it cannot be voided. A correction is a credit or a new invoice.`,
      );
    await tx
      .update(invoices)
      .set({ status: "void", voidedAt: now, voidReason: reason?.trim() || null, ...CLEARED_CHECKOUT, updatedAt: now })
      .where(eq(invoices.id, id));
    await announceBillingChange(tx, row.projectId);
    return row.checkoutSessionId;
  });
  if (closed) await deps.closeCheckout?.(closed);
  return readInvoice(db, id);
}

/* ---------------- The Invoices screen ---------------- */

export type InvoiceFilter = z.output<typeof InvoiceFilterQuerySchema>;

function invoiceWhere(filter: Omit<InvoiceFilter, "sort">, today: string): SQL | undefined {
  const q = filter.q?.trim();
  const like = q ? containsPattern(q) : undefined;
  const status = filter.status;
  return and(
    status === "open"
      ? inArray(invoices.status, ["sent", "partially_paid"])
      : status
        ? sql`${statusSql(today)} = ${status}`
        : undefined,
    like
      ? or(
          ilike(invoices.number, like),
          ilike(invoices.projectRef, like),
          ilike(invoices.projectName, like),
          ilike(invoices.clientName, like),
          ilike(invoices.clientEmail, like),
        )
      : undefined,
    filter.project_id ? eq(invoices.projectRef, filter.project_id.trim().toUpperCase()) : undefined,
    filter.from ? gte(invoices.issueDate, filter.from) : undefined,
    filter.to ? lte(invoices.issueDate, filter.to) : undefined,
  );
}

const ORDERS: Record<InvoiceFilter["sort"], OrderTerm[]> = {
  newest: [
    { key: invoices.createdAt, dir: "desc" },
    { key: invoices.id, dir: "desc" },
  ],
  oldest: [
    { key: invoices.createdAt, dir: "asc" },
    { key: invoices.id, dir: "asc" },
  ],
  due: [
    { key: invoices.dueDate, dir: "asc" },
    { key: invoices.id, dir: "asc" },
  ],
  amount: [
    { key: invoices.totalCents, dir: "desc" },
    { key: invoices.id, dir: "desc" },
  ],
  // A number is unique: the year and its sequence are the whole order.
  number: [
    { key: invoices.year, dir: "desc" },
    { key: invoices.sequence, dir: "desc" },
  ],
};
const invoiceTotals = listTotals("invoices_changes");

export async function listInvoicePage(
  db: Database,
  filter: InvoiceFilter & { limit: number; offset: number },
  now = new Date(),
): Promise<{ invoices: InvoiceRow[]; total: number }> {
  const today = dayIn(now);
  const where = invoiceWhere(filter, today);
  // The page's ids first (list-pages.ts onPage): the projects are joined to this page's rows only.
  // An invoice becomes overdue with the day: the day is part of a total's key (list-totals.ts).
  const { rows, total } = await pageAndTotal(
    db,
    {
      totals: invoiceTotals,
      key: JSON.stringify([
        today,
        filter.status ?? "",
        filter.q?.trim() ?? "",
        filter.project_id ?? "",
        filter.from ?? "",
        filter.to ?? "",
      ]),
      count: async () =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(invoices)
            .where(where)
        )[0]?.n ?? 0,
      all: filter.q?.trim()
        ? async () => (await db.select({ n: sql<number>`count(*)::int` }).from(invoices))[0]?.n ?? 0
        : undefined,
    },
    filter,
    (window, known) => {
      const page = windowOf(invoices, invoices.id, where, ORDERS[filter.sort], window, known.few);
      return db
        .select({ row: invoiceRowJson(today) })
        .from(invoices)
        .where(page.where)
        .orderBy(...page.order);
    },
  );
  return { invoices: rows.map(({ row }) => row), total };
}

export const INVOICE_CSV_HEADER = [
  "Number",
  "Issued",
  "Due",
  "Status",
  "Project ID",
  "Project",
  "Client",
  "Kind",
  "Subtotal",
  "Discount",
  "Total",
  "Paid",
  "Due Amount",
] as const;

export const PAYMENT_CSV_HEADER = [
  "Invoice",
  "Paid On",
  "Amount",
  "Method",
  "Source",
  "Note",
  "Project ID",
  "Project",
  "Client",
  "Stripe Event",
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The matching invoices, in number order, a batch at a time (keyset on year and sequence). */
export async function* invoiceCsvBatches(
  db: Database,
  filter: InvoiceFilter,
  now = new Date(),
): AsyncGenerator<CsvCells[], void, undefined> {
  const today = dayIn(now);
  const where = invoiceWhere(filter, today);
  let after: { year: number; sequence: number } | null = null;
  for (;;) {
    const cursor: { year: number; sequence: number } | null = after;
    const rows: InvoiceDbRow[] = await db
      .select()
      .from(invoices)
      .where(
        and(
          where,
          cursor ? sql`(${invoices.year}, ${invoices.sequence}) > (${cursor.year}, ${cursor.sequence})` : undefined,
        ),
      )
      .orderBy(asc(invoices.year), asc(invoices.sequence))
      .limit(EXPORT_BATCH);
    if (rows.length > 0)
      yield rows.map((r) => {
        const row = toInvoiceRow(r, null, now);
        return [
          row.number,
          row.issue_date,
          row.due_date,
          INVOICE_STATUS_LABELS[row.status],
          row.project_id,
          row.project_name,
          row.client_name,
          INVOICE_KIND_LABELS[row.kind],
          dollars(row.subtotal_cents),
          dollars(row.discount_cents),
          dollars(row.total_cents),
          dollars(row.amount_paid_cents),
          dollars(row.amount_due_cents),
        ];
      });
    if (rows.length < EXPORT_BATCH) return;
    const last: InvoiceDbRow = rows.at(-1)!;
    after = { year: last.year, sequence: last.sequence };
  }
}

/** The payments of the matching invoices, in payment order. */
export async function* paymentCsvBatches(
  db: Database,
  filter: InvoiceFilter,
  now = new Date(),
): AsyncGenerator<CsvCells[], void, undefined> {
  const where = invoiceWhere(filter, dayIn(now));
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ payment: invoicePayments, invoice: invoices })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(and(where, sql`${invoicePayments.id} > ${afterId}`))
      .orderBy(asc(invoicePayments.id))
      .limit(EXPORT_BATCH);
    if (rows.length > 0)
      yield rows.map(({ payment, invoice }) => [
        invoice.number,
        payment.paidOn,
        dollars(payment.amountCents),
        PAYMENT_METHOD_LABELS[payment.method],
        payment.source === "stripe" ? "Stripe" : payment.source === "credit" ? "Credit" : "Recorded",
        payment.note,
        invoice.projectRef,
        invoice.projectName,
        invoice.clientName,
        payment.stripeEventId,
      ]);
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows.at(-1)!.payment.id;
  }
}

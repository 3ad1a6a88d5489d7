import { and, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import { formatCents } from "~/contracts/billing-money";
import type { Invoice, InvoiceChangeSchema, NewInvoiceSchema, QuoteInvoiceSchema } from "~/contracts/invoices";
import type { Database } from "../../db/client";
import { invoices, quotes } from "../../db/schema";
import { writeInvoiceSent } from "../../emails/billing";
import {
  addDays,
  announceBillingChange,
  BillingError,
  type CheckoutDeps,
  dayIn,
  NO_QUOTE,
  mailablePrimaryContact,
  primaryContactOf,
  readBillingSettings,
  requireProject,
  storedLines,
} from "./common";
import { queueLoggedEmail } from "../contact-emails";
import type { BillingDeps } from "./quotes";
import type { Tx } from "../../db/tx";
import { CLEARED_CHECKOUT, lockInvoice, readInvoice, type InvoiceDbRow } from "./invoices";
import { numberDocument, pricedLines } from "./document-core";

/**
 * Writing invoices (docs/product/billing.md "Invoices"; decision 042): by hand or from a quote,
 * numbered in the transaction that writes them; changed while a draft, sent, voided.
 */

interface InvoiceContent {
  lines: ReturnType<typeof storedLines>;
  discount_type: "none" | "percent" | "amount";
  discount_value: number;
}

/** A new invoice in the caller's transaction: its number is the year's next (of its issue day). */
export async function insertInvoice(
  tx: Tx,
  input: InvoiceContent & {
    projectId: string;
    quoteId: number | null;
    kind: InvoiceDbRow["kind"];
    /** The payment of the quote's schedule it bills (0: the deposit). */
    scheduleIndex?: number | null;
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
  const priced = pricedLines(input.lines, input);
  const { number, year, sequence } = await numberDocument(tx, "invoice", issueDate);
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      year,
      sequence,
      projectId: project.id,
      projectRef: project.id,
      projectName: project.name,
      clientName: contact?.name ?? null,
      clientEmail: contact?.email ?? null,
      quoteId: input.quoteId,
      kind: input.kind,
      scheduleIndex: input.scheduleIndex ?? null,
      ...priced,
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
        // The deposit is the first payment, whoever writes it: the owner by hand or the acceptance.
        scheduleIndex: input.kind === "deposit" ? 0 : null,
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
    const priced = row.status === "draft" ? pricedLines(lines, discount) : undefined;
    await tx
      .update(invoices)
      .set({
        ...(priced && {
          ...priced,
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

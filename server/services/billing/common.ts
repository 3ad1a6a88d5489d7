import { asc, desc, eq, sql } from "drizzle-orm";
import { site } from "~/config/site";
import { dayIn as dayInZone } from "~/contracts/analytics-days";
import { lineTotalCents, moneyLimitIssues, type Discount, type MoneyLine } from "~/contracts/billing-money";
import {
  BillingSettingsSchema,
  type BillingSettings,
  type BillingSettingsChange,
  type ClientBilling,
} from "~/contracts/billing";
import { FOLLOW_UP_DEFAULT_DAYS } from "~/contracts/quote-follow-ups";
import type { Database } from "../../db/client";
import {
  billingNumberCounters,
  billingSettings,
  contacts,
  projectContacts,
  projects,
  type StoredLine,
} from "../../db/schema";
import { announceProjectEvent } from "../projects/project-events";
import type { DbOrTx, Tx } from "../../db/tx";
import { ServiceError } from "../../lib/service-error";

/**
 * What quotes, invoices and payments share (docs/product/billing.md; decision 042): the refusal
 * they answer with, the business's calendar day, the lines' totals, the numbers allocated in the
 * record's own transaction, the billing settings, the project's primary contact, and the live
 * notice to the admin's project screen.
 */

/** What the services that close an invoice's Checkout session need (docs/product/billing.md "Payments"). */
export interface CheckoutDeps {
  db: Database;
  /** Expires a Checkout session at Stripe after the commit that forgot it; logs a failure, never throws. */
  closeCheckout?: (sessionId: string) => Promise<void>;
}

export class BillingError extends ServiceError<400 | 403 | 404 | 409> {}

export const NO_PROJECT = "No project with this ID. It may have been deleted: reload the list.";
export const NO_QUOTE = "No quote with this id. It may have been deleted: reload the project.";
export const NO_INVOICE = "No invoice with this id: reload the list.";

/**
 * A sum of cents read from the database: summed as `bigint` in SQL (an `int` cast fails past
 * $21,474,836.47), which node-postgres hands over as a string, and answered as a JS number, exact
 * up to 2^53 cents. Past that the read fails loudly rather than answer a rounded figure.
 */
export function centsOf(value: unknown): number {
  const cents = Number(value ?? 0);
  if (!Number.isSafeInteger(cents)) throw new Error(`A sum of cents is out of the exact range: ${String(value)}`);
  return cents;
}

/**
 * The calendar day of `now` in the business's time zone (site.timeZone), YYYY-MM-DD. Asked for
 * each row of a list (an invoice's overdue state, a quote's expiry): the formatter is the one kept
 * by the analytics' dayIn. A new Intl.DateTimeFormat per call cost 0.4 ms of the Node thread and
 * some 20 KB of ICU memory that only a full GC frees (50 per page of invoices: the server's
 * resident memory grew by 100 MB under the list's load, docs/performance.md).
 */
export const dayIn = (now: Date, timeZone: string = site.timeZone): string => dayInZone(timeZone, now);

/** A day `days` later (or earlier) than `day`, YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The lines as stored: each with its total (quantity × unit price, half up: app/contracts/billing-money.ts). */
export function storedLines(
  lines: readonly { description: string; quantity: number; unit_price_cents: number; preset?: string | null }[],
): StoredLine[] {
  return lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unit_price_cents: line.unit_price_cents,
    total_cents: lineTotalCents(line.quantity, line.unit_price_cents),
    preset: line.preset ?? null,
  }));
}

/**
 * The money's limits (docs/product/billing.md "Money is exact") on what is about to be stored: the
 * schemas check them on the input already; an invoice whose discount alone changes is checked here
 * against its stored lines. A 400 naming the field, never an overflowing column's 500.
 */
export function assertMoneyLimits(lines: readonly MoneyLine[], discount: Discount): void {
  const [issue] = moneyLimitIssues(lines, discount);
  if (issue) throw new BillingError(400, `${issue.path.join(".")}: ${issue.message}`);
}

/**
 * The next number of the year for quotes or invoices, in the caller's transaction: the counter's
 * row is locked until it commits, and a rolled-back record rolls its number back too, so the
 * numbers have no gaps (decision 042).
 */
export async function allocateNumber(tx: Tx, kind: "quote" | "invoice", year: number): Promise<number> {
  const [row] = await tx
    .insert(billingNumberCounters)
    .values({ year, kind, last: 1 })
    .onConflictDoUpdate({
      target: [billingNumberCounters.year, billingNumberCounters.kind],
      set: { last: sql`${billingNumberCounters.last} + 1` },
    })
    .returning({ last: billingNumberCounters.last });
  return row!.last;
}

/* ---------------- Settings ---------------- */

export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  terms_template: site.billing.termsTemplate,
  deposit_percent: site.billing.depositPercent,
  quote_valid_days: site.billing.quoteValidDays,
  invoice_due_days: site.billing.invoiceDueDays,
  advance_project_on_deposit: true,
  invoice_on_acceptance: true,
  // Quote follow-ups (./follow-ups.ts): both on, 3 days.
  follow_up_not_opened: true,
  follow_up_not_opened_days: FOLLOW_UP_DEFAULT_DAYS.not_opened,
  follow_up_expiring: true,
  follow_up_expiring_days: FOLLOW_UP_DEFAULT_DAYS.expiring,
};

/** The stored settings over the defaults (a field added later has its default without a migration). */
export async function readBillingSettings(db: DbOrTx): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).limit(1);
  const parsed = BillingSettingsSchema.safeParse({ ...DEFAULT_BILLING_SETTINGS, ...row?.settings });
  return parsed.success ? parsed.data : DEFAULT_BILLING_SETTINGS;
}

export async function saveBillingSettings(db: Database, change: BillingSettingsChange): Promise<BillingSettings> {
  // Two saves at once (the billing form and the follow-ups' form) each keep their fields: the read
  // and the write are one transaction under a lock of their own, never a lost update.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('billing_settings'))`);
    const current = await readBillingSettings(tx);
    const next: BillingSettings = BillingSettingsSchema.parse({
      ...current,
      ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)),
    });
    await tx
      .insert(billingSettings)
      .values({ id: 1, settings: next })
      .onConflictDoUpdate({ target: billingSettings.id, set: { settings: next, updatedAt: sql`now()` } });
    return next;
  });
}

/* ---------------- Projects ---------------- */

export interface BillingProject {
  id: string;
  name: string;
  status: (typeof projects.$inferSelect)["status"];
}

export async function requireProject(db: DbOrTx, id: string, lock = false): Promise<BillingProject> {
  const query = db
    .select({ id: projects.id, name: projects.name, status: projects.status })
    .from(projects)
    .where(eq(projects.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new BillingError(404, NO_PROJECT);
  return row;
}

export interface PrimaryContact {
  id: number;
  name: string;
  email: string | null;
}

/** The project's primary contact (or its longest-standing one). */
export async function primaryContactOf(db: DbOrTx, projectId: string): Promise<PrimaryContact | null> {
  const [row] = await db
    .select({ id: contacts.id, name: contacts.name, email: contacts.email })
    .from(projectContacts)
    .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
    .where(eq(projectContacts.projectId, projectId))
    .orderBy(desc(projectContacts.isPrimary), asc(projectContacts.createdAt))
    .limit(1);
  return row ?? null;
}

/** The primary contact an e-mail about a quote or an invoice goes to: 409 when it has no address. */
export async function mailablePrimaryContact(
  db: DbOrTx,
  projectId: string,
  what: "quote" | "invoice",
): Promise<PrimaryContact & { email: string }> {
  const contact = await primaryContactOf(db, projectId);
  const email = contact?.email?.trim();
  if (!contact || !email)
    throw new BillingError(
      409,
      `The project's primary contact has no e-mail address: add one to the contact, then send the ${what}.`,
    );
  return { ...contact, email: contact.email! };
}

/** The address of the client's project in the portal, for e-mails and Stripe's return. */
export const portalProjectUrl = (siteUrl: string, projectId: string) =>
  `${siteUrl}/client-portal?project=${encodeURIComponent(projectId)}`;

/** How to pay without a card, from the site config (docs/product/billing.md "Payments"). */
export const howToPay = (): ClientBilling["how_to_pay"] => ({
  payee: site.billing.payee,
  address: [...site.billing.mailingAddress],
  instructions: site.billing.howToPay,
});

/* ---------------- The live notice ---------------- */

/**
 * Tells every process's project sockets, on commit, that the project's quotes or invoices changed
 * (the project's billing event: server/realtime/project-sockets.ts relays it as a billing_changed frame).
 */
export async function announceBillingChange(tx: DbOrTx, projectId: string | null): Promise<void> {
  if (projectId) await announceProjectEvent(tx, { kind: "billing", projectId });
}

import type { SeedContext, Step } from "./context";
import { finishInvoices, seedInvoices } from "./invoices";
import { seedCredits, seedPayments } from "./payments";
import { seedQuotes } from "./quotes";

/**
 * Two years of the practice's money (docs/product/billing.md): the quotes of its projects, the
 * invoices of the accepted ones, their payments and the odd credit, the reminders the daily job
 * sent, and the year's number counters moved past them. Written through the database's own
 * rules: records inserted as the app leaves them, and moved on only as its triggers allow
 * (migrations 0018 and 0019).
 */
export async function seedBilling(ctx: SeedContext, step: Step): Promise<void> {
  await step("quotes", () => seedQuotes(ctx));
  await step("invoices", () => seedInvoices(ctx));
  await step("invoice_payments", () => seedPayments(ctx));
  await step("billing_credits", () => seedCredits(ctx));
  await step("invoice_reminders", () => finishInvoices(ctx));
}

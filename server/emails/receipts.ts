import { site } from "~/config/site";
import { formatCents } from "~/contracts/billing-money";
import { PAYMENT_METHOD_LABELS } from "~/contracts/billing-terms";
import type { Invoice } from "~/contracts/invoices";
import type { Payment } from "~/contracts/invoice-payments";
import { portalDocumentPath } from "~/contracts/portal-documents";
import type { Quote } from "~/contracts/quotes";
import { formatInstant } from "~/lib/time/zoned";
import type { OutgoingEmail } from "../services/mail";
import { signature } from "./signature";

/**
 * The client's copies (docs/product/billing.md "Receipts and signed copies"): what they signed when
 * they accept a quote, and a receipt for every payment. Each links to its document in the portal's
 * Billing section, where the portal scrolls to it; every time names its zone.
 */

interface Recipient {
  id: number;
  name: string;
  email: string;
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || name;
const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

/** The accepted quote, back to the client who signed it, with what happens next. */
export function writeSignedCopy(
  input: { quote: Quote; contact: Recipient; invoices?: readonly Invoice[] },
  siteUrl: string,
): OutgoingEmail {
  const { quote, contact } = input;
  const acceptance = quote.acceptance;
  const link = `${siteUrl}${portalDocumentPath(quote.project_id, { kind: "quote", id: quote.id })}`;
  const revision = quote.revision > 1 ? `, revision ${quote.revision}` : "";
  const invoices = input.invoices ?? [];
  const next =
    invoices.length > 0
      ? [
          invoices.length === 1 ? "Your invoice, ready to pay now:" : "Your invoices, ready to pay now:",
          ...invoices.flatMap((invoice) => [
            `- Invoice ${invoice.number}: ${formatCents(invoice.amount_due_cents)}, due ${longDay(invoice.due_date)}`,
            `  ${invoice.lines[0]?.description ?? ""}`,
            `  Pay it by card with Pay Now: ${siteUrl}${portalDocumentPath(invoice.project_id, { kind: "invoice", id: invoice.id })}`,
          ]),
          `Or by check or bank transfer: ${site.billing.howToPay}`,
          "Once it is paid, the work starts, and you get a receipt by e-mail.",
        ]
      : quote.deposit_cents > 0
        ? [
            "What happens next:",
            `1. ${site.owner.firstName} sends you the deposit invoice of ${formatCents(quote.deposit_cents)} (${quote.deposit_percent}% of the total) by e-mail.`,
            "2. You pay it in the same Billing section: by card with Pay Now, or by check or bank transfer.",
            "3. Once the deposit is in, the work starts, and you get a receipt by e-mail.",
          ]
        : [
            "What happens next:",
            `No deposit is asked on this quote: ${site.owner.firstName} will be in touch to plan the work.`,
          ];
  const schedule = quote.schedule
    ? [
        "",
        "Payment schedule:",
        ...quote.schedule.map((e, i) => `${i + 1}. ${e.label}: ${formatCents(e.amount_cents)}, ${e.due_text}`),
      ]
    : [];
  const text = [
    `Hi ${firstNameOf(contact.name)},`,
    "",
    `Thank you: you accepted quote ${quote.number}${revision} for "${quote.project_name}". This is your copy of what you signed.`,
    "",
    `Signed by: ${acceptance?.full_name ?? contact.name}`,
    ...(acceptance ? [`Accepted on: ${formatInstant(acceptance.accepted_at, "long")}`] : []),
    `Total: ${formatCents(quote.total_cents)}`,
    `Deposit to start (${quote.deposit_percent}%): ${formatCents(quote.deposit_cents)}`,
    ...(acceptance ? [`Content hash: ${acceptance.content_hash}`] : []),
    ...schedule,
    "",
    `The signed quote, with your acceptance on it, is in the Billing section of your project in the client portal; "Open PDF" there gives you the signed PDF to keep: ${link}`,
    "",
    ...next,
    "",
    "Questions? Just reply to this e-mail.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: "quote_signed_copy",
    to: contact.email,
    replyTo: site.email,
    subject: `Your signed quote ${quote.number}${revision ? ` (revision ${quote.revision})` : ""} - ${site.brand}`,
    text,
    contactId: contact.id,
    projectId: quote.project_id,
  };
}

/** What a receipt says: the payment, its invoice after it, and the receipt's number. */
export interface ReceiptFacts {
  invoice: Invoice;
  payment: Payment;
  number: string;
}

/** The receipt of one payment: amount, method, day and time, the invoice and what is still due on it. */
export function writeReceipt(input: ReceiptFacts & { contact: Recipient }, siteUrl: string): OutgoingEmail {
  const { invoice, payment, number, contact } = input;
  const link = `${siteUrl}${portalDocumentPath(invoice.project_id, { kind: "receipt", id: payment.id })}`;
  const amount = formatCents(payment.amount_cents);
  const due = invoice.amount_due_cents;
  const text = [
    `Hi ${firstNameOf(contact.name)},`,
    "",
    `Thank you: ${amount} is received on invoice ${invoice.number} for "${invoice.project_name}".`,
    "",
    `Receipt: ${number}`,
    `Amount: ${amount}`,
    `Method: ${PAYMENT_METHOD_LABELS[payment.method]}`,
    `Paid on: ${longDay(payment.paid_on)}`,
    `Recorded: ${formatInstant(payment.created_at, "long")}`,
    `Invoice: ${invoice.number} (total ${formatCents(invoice.total_cents)})`,
    `Still due on it: ${formatCents(due)}`,
    "",
    due > 0 ? `${formatCents(due)} is still due on ${invoice.number}.` : `Invoice ${invoice.number} is paid in full.`,
    "",
    `Your receipt, as a PDF to keep, is in the Billing section of your project in the client portal: ${link}`,
    "",
    "Something looks wrong? Just reply to this e-mail.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: "payment_receipt",
    to: contact.email,
    replyTo: site.email,
    subject: `Receipt for ${amount} on invoice ${invoice.number} - ${site.brand}`,
    text,
    contactId: contact.id,
    projectId: invoice.project_id,
  };
}

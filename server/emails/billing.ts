import { site } from "~/config/site";
import { formatCents } from "~/contracts/billing-money";
import type { CreditReason } from "~/contracts/billing-terms";
import type { Invoice } from "~/contracts/invoices";
import { portalDocumentPath, type PortalDocument } from "~/contracts/portal-documents";
import type { Quote } from "~/contracts/quotes";
import { formatInstant } from "~/lib/time/zoned";
import type { OutgoingEmail } from "../services/mail";
import { signature } from "./signature";

/**
 * The e-mails of quotes and invoices (docs/product/billing.md "E-mails"): the client's, with the
 * way into the portal's Billing section and the one signature; the owner's, with the way into the
 * admin. An instant is in the business's time zone with the zone named (~/lib/time/zoned); a due
 * or valid-until day is a plain day.
 */

export const firstNameOf = (name: string) => name.split(/\s+/)[0] || name;
/** The portal's address of the document: the portal opens the project and scrolls to it (docs/product/client-portal.md). */
export const portalLink = (siteUrl: string, projectId: string, document: PortalDocument) =>
  `${siteUrl}${portalDocumentPath(projectId, document)}`;
export const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

export interface Recipient {
  id: number;
  name: string;
  email: string;
}

export function writeQuoteSent(input: { quote: Quote; contact: Recipient }, siteUrl: string): OutgoingEmail {
  const { quote, contact } = input;
  const revised = quote.revision > 1;
  const text = [
    `Hi ${firstNameOf(contact.name)},`,
    "",
    revised
      ? `Here is the revised quote for "${quote.project_name}" (${quote.number}, revision ${quote.revision}); it replaces the earlier one.`
      : `Here is the written quote for "${quote.project_name}" (${quote.number}).`,
    "",
    `Total: ${formatCents(quote.total_cents)}`,
    `Deposit to start (${quote.deposit_percent}%): ${formatCents(quote.deposit_cents)}`,
    `Valid until: ${longDay(quote.valid_until)}`,
    "",
    `Read it, and accept or decline it, in the Billing section of your project in the client portal: ${portalLink(siteUrl, quote.project_id, { kind: "quote", id: quote.id })}`,
    "",
    "Questions, or something to change? Just reply to this e-mail.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: "quote_sent",
    to: contact.email,
    replyTo: site.email,
    subject: `Your quote ${quote.number}${revised ? ` (revision ${quote.revision})` : ""} - ${site.brand}`,
    text,
    contactId: contact.id,
    projectId: quote.project_id,
  };
}

/** The owner hears that the client accepted or declined a quote. */
export function writeQuoteDecision(
  quote: Quote,
  siteUrl: string,
  ownerEmail: string,
  options: {
    discardedRevisions?: readonly number[];
    invoices?: readonly { number: string; total_cents: number; sent: boolean }[];
  } = {},
): OutgoingEmail {
  const accepted = quote.status === "accepted";
  // An accepted quote is final: a draft revision of it waiting to be sent was discarded.
  const discarded = (options.discardedRevisions ?? []).map(
    (revision) =>
      `Your draft revision ${revision} of ${quote.number} was not sent before this acceptance, so it was discarded: the accepted quote is final. Write a new quote for further work.`,
  );
  const lines = accepted
    ? [
        `${quote.acceptance?.full_name ?? "The client"} accepted quote ${quote.number} for "${quote.project_name}" (${quote.project_id}).`,
        "",
        `Total: ${formatCents(quote.total_cents)}`,
        `Deposit (${quote.deposit_percent}%): ${formatCents(quote.deposit_cents)}`,
        `Accepted at: ${quote.acceptance ? formatInstant(quote.acceptance.accepted_at, "long") : ""}`,
        `Content hash: ${quote.acceptance?.content_hash ?? ""}`,
        "",
        ...((options.invoices ?? []).length > 0
          ? (options.invoices ?? []).map((i) =>
              i.sent
                ? `Invoice ${i.number} (${formatCents(i.total_cents)}) was created and sent with the client's signed copy.`
                : `Invoice ${i.number} (${formatCents(i.total_cents)}) was created as a draft: check it and send it.`,
            )
          : ["Next: create the deposit invoice from the quote and send it."]),
        ...discarded.flatMap((line) => ["", line]),
      ]
    : [
        `The client declined quote ${quote.number} for "${quote.project_name}" (${quote.project_id}).`,
        ...(quote.decline_reason ? ["", `Their reason: ${quote.decline_reason}`] : []),
      ];
  return {
    kind: accepted ? "quote_accepted" : "quote_declined",
    to: ownerEmail,
    subject: `Quote ${quote.number} ${accepted ? "accepted" : "declined"}: ${quote.project_name}`,
    text: [...lines, "", `Open the project in the admin: ${siteUrl}/admin/projects?project=${quote.project_id}`].join(
      "\n",
    ),
    projectId: quote.project_id,
  };
}

/**
 * An invoice sent. `autopay`: the invoice of a care plan paid automatically, charged to the saved
 * card (its words, or null) on its due date, so the client has nothing to do.
 */
export function writeInvoiceSent(
  input: { invoice: Invoice; contact: Recipient; autopay?: { card: string | null } },
  siteUrl: string,
): OutgoingEmail {
  const { invoice, contact, autopay } = input;
  const text = [
    `Hi ${firstNameOf(contact.name)},`,
    "",
    `Here is invoice ${invoice.number} for "${invoice.project_name}".`,
    "",
    `Amount due: ${formatCents(invoice.amount_due_cents)}`,
    `Due: ${longDay(invoice.due_date)}`,
    "",
    ...(autopay
      ? [
          `Nothing to do: automatic payment is on, so this amount is charged to ${autopay.card ?? "your saved card"} on ${longDay(invoice.due_date)}, and the receipt follows by e-mail.`,
          "",
          `See it or download the PDF in the Billing section of your project in the client portal, where you can also turn automatic payment off: ${portalLink(siteUrl, invoice.project_id, { kind: "invoice", id: invoice.id })}`,
        ]
      : [
          `See it, download the PDF and pay in the Billing section of your project in the client portal: ${portalLink(siteUrl, invoice.project_id, { kind: "invoice", id: invoice.id })}`,
          "",
          `To pay by check or bank transfer: ${site.billing.howToPay}`,
        ]),
    "",
    "Questions? Just reply to this e-mail.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: "invoice_sent",
    to: contact.email,
    replyTo: site.email,
    subject: `Invoice ${invoice.number} - ${site.brand}`,
    text,
    contactId: contact.id,
    projectId: invoice.project_id,
  };
}

/** The reminder of an open invoice: on its due date, and a week after. */
export function writeInvoiceReminder(
  input: { invoice: Invoice; contact: Recipient; daysAfterDue: number },
  siteUrl: string,
): OutgoingEmail {
  const { invoice, contact, daysAfterDue } = input;
  const when =
    daysAfterDue === 0
      ? `is due today, ${longDay(invoice.due_date)}`
      : `was due on ${longDay(invoice.due_date)}, ${daysAfterDue} days ago`;
  const text = [
    `Hi ${firstNameOf(contact.name)},`,
    "",
    `A friendly reminder: invoice ${invoice.number} for "${invoice.project_name}" ${when}.`,
    "",
    `Still due: ${formatCents(invoice.amount_due_cents)}`,
    "",
    `Pay or download it in the Billing section of your project in the client portal: ${portalLink(siteUrl, invoice.project_id, { kind: "invoice", id: invoice.id })}`,
    "",
    `To pay by check or bank transfer: ${site.billing.howToPay}`,
    "",
    "Already paid? Thank you, and please ignore this message; reply if anything looks wrong.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: "invoice_reminder",
    to: contact.email,
    replyTo: site.email,
    subject: `Reminder: invoice ${invoice.number} ${daysAfterDue === 0 ? "is due today" : "is past due"} - ${site.brand}`,
    text,
    contactId: contact.id,
    projectId: invoice.project_id,
  };
}

/** The owner hears of a card payment that Stripe's webhook recorded. */
export function writeCardPaymentNotice(
  invoice: Invoice,
  amountCents: number,
  siteUrl: string,
  ownerEmail: string,
): OutgoingEmail {
  return {
    kind: "payment_received",
    to: ownerEmail,
    subject: `Card payment of ${formatCents(amountCents)} on ${invoice.number}: ${invoice.project_name}`,
    text: [
      `Stripe confirmed a card payment of ${formatCents(amountCents)} on invoice ${invoice.number} for "${invoice.project_name}" (${invoice.project_id}).`,
      "",
      `Still due: ${formatCents(invoice.amount_due_cents)}`,
      "",
      `Open the invoice in the admin: ${siteUrl}/admin/invoices?invoice=${invoice.id}`,
    ].join("\n"),
    projectId: invoice.project_id,
  };
}

/**
 * The owner hears of money Stripe took that the invoice could not take (docs/product/billing.md
 * "Credits"): what was paid, what the invoice took, and the credit to refund or apply.
 */
export function writeCreditNotice(
  invoice: Invoice,
  money: { paidCents: number; tookCents: number; creditCents: number; reason: CreditReason },
  siteUrl: string,
  ownerEmail: string,
): OutgoingEmail {
  const why: Record<CreditReason, string> = {
    overpaid: `more than the ${formatCents(money.tookCents)} that was still due`,
    already_paid: "after the invoice was already paid in full",
    void: "after the invoice was voided",
  };
  return {
    kind: "payment_credit_due",
    to: ownerEmail,
    subject: `Refund or credit due: ${formatCents(money.creditCents)} on ${invoice.number}: ${invoice.project_name}`,
    text: [
      `Stripe confirmed a card payment of ${formatCents(money.paidCents)} on invoice ${invoice.number} for "${invoice.project_name}" (${invoice.project_id}), ${why[money.reason]}.`,
      "",
      money.tookCents > 0
        ? `Recorded: ${formatCents(money.tookCents)} as a card payment on the invoice (still due: ${formatCents(invoice.amount_due_cents)}), and ${formatCents(money.creditCents)} as a credit.`
        : `Recorded: ${formatCents(money.creditCents)} as a credit; the invoice took nothing.`,
      "",
      "The client paid that much more than they owe. Refund it (in the Stripe dashboard), then mark it refunded, or apply it to another open invoice of the same client.",
      "",
      `Open the invoice in the admin: ${siteUrl}/admin/invoices?invoice=${invoice.id}`,
    ].join("\n"),
    projectId: invoice.project_id,
  };
}

import { formatCents } from "~/contracts/billing-money";
import type { Invoice } from "~/contracts/invoices";
import type { OutgoingEmail } from "../services/mail";
import { site } from "~/config/site";
import { firstNameOf, longDay, portalLink, type Recipient } from "./billing";
import { signature } from "./signature";

/**
 * The owner's notice of a care plan's invoice written but not sent (docs/product/billing.md "Care
 * plans"): the project's primary contact has no e-mail address, so it waits as a draft.
 */
export function writeCarePlanInvoiceHeld(
  input: { invoice: Invoice; planName: string },
  siteUrl: string,
  ownerEmail: string,
): OutgoingEmail {
  const { invoice, planName } = input;
  const text = [
    `Invoice ${invoice.number} of ${formatCents(invoice.total_cents)} for "${invoice.project_name}" (${invoice.project_id}) was written for the care plan "${planName}".`,
    "",
    "The project's primary contact has no e-mail address, so it waits for you as a draft: add the address, then send it.",
    "",
    `Open the project in the admin: ${siteUrl}/admin/projects?project=${invoice.project_id}`,
  ].join("\n");
  return {
    kind: "care_plan_invoice_held",
    to: ownerEmail,
    subject: `Ready to send: care plan invoice ${invoice.number} for ${invoice.project_name}`,
    text,
    projectId: invoice.project_id,
  };
}

interface FailedCharge {
  invoice: Invoice;
  amountCents: number;
  /** Stripe's words for the failure. */
  message: string;
}

/**
 * The client's notice that a care plan's automatic payment did not go through (decision 062):
 * Stripe's words, and what to do: pay it in the portal, where the link lands on the invoice.
 */
export function writeAutopayFailed(input: FailedCharge & { contact: Recipient }, siteUrl: string): OutgoingEmail {
  const { invoice, contact, amountCents, message } = input;
  const text = [
    `Hi ${firstNameOf(contact.name)},`,
    "",
    `The automatic payment of ${formatCents(amountCents)} for invoice ${invoice.number} ("${invoice.project_name}"), due ${longDay(invoice.due_date)}, did not go through. Your card's bank said: ${message}`,
    "",
    `Please pay it with Pay Now in the client portal, with this card or another: ${portalLink(siteUrl, invoice.project_id, { kind: "invoice", id: invoice.id })}`,
    "",
    `To pay by check or bank transfer instead: ${site.billing.howToPay}`,
    "",
    "Automatic payment stays on for the next invoices; you can turn it off in the portal. Questions? Just reply to this e-mail.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: "care_plan_autopay_failed",
    to: contact.email,
    replyTo: site.email,
    subject: `Your automatic payment for invoice ${invoice.number} did not go through`,
    text,
    contactId: contact.id,
    projectId: invoice.project_id,
  };
}

/** The owner's notice of the same failure, with the way into the project. */
export function writeAutopayFailedOwner(input: FailedCharge, siteUrl: string, ownerEmail: string): OutgoingEmail {
  const { invoice, amountCents, message } = input;
  const text = [
    `The automatic card payment of ${formatCents(amountCents)} for invoice ${invoice.number} ("${invoice.project_name}", ${invoice.project_id}) failed: ${message}`,
    "",
    "The client was e-mailed the link to pay it with Pay Now. The invoice's reminders go on as usual.",
    "",
    `Open the project in the admin: ${siteUrl}/admin/projects?project=${invoice.project_id}`,
  ].join("\n");
  return {
    kind: "care_plan_autopay_failed_owner",
    to: ownerEmail,
    subject: `Automatic payment failed: ${invoice.number} for ${invoice.project_name}`,
    text,
    projectId: invoice.project_id,
  };
}

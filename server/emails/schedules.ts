import { formatCents } from "~/contracts/billing-money";
import type { Invoice } from "~/contracts/invoices";
import type { OutgoingEmail } from "../services/mail";

/**
 * The owner's notice of an invoice a quote's schedule wrote but did not send (docs/product/billing.md
 * "Payment schedules"): the quote's automatic sending is off, or the client has no address.
 */
export function writeInvoiceReadyToSend(
  input: { invoice: Invoice; quoteNumber: string; why: "auto_off" | "no_address" },
  siteUrl: string,
  ownerEmail: string,
): OutgoingEmail {
  const { invoice, quoteNumber, why } = input;
  const reason =
    why === "auto_off"
      ? `Automatic sending is off on quote ${quoteNumber}, so it waits for you as a draft.`
      : "The project's primary contact has no e-mail address, so it waits for you as a draft: add the address, then send it.";
  const text = [
    `Invoice ${invoice.number} of ${formatCents(invoice.total_cents)} for "${invoice.project_name}" (${invoice.project_id}) is ready to send.`,
    "",
    `It bills ${invoice.lines[0]?.description ?? `quote ${quoteNumber}`}.`,
    reason,
    "",
    `Open the project in the admin to check and send it: ${siteUrl}/admin/projects?project=${invoice.project_id}`,
  ].join("\n");
  return {
    kind: "invoice_ready_to_send",
    to: ownerEmail,
    subject: `Ready to send: invoice ${invoice.number} for ${invoice.project_name}`,
    text,
    projectId: invoice.project_id,
  };
}

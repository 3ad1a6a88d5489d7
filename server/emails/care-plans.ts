import { formatCents } from "~/contracts/billing-money";
import type { Invoice } from "~/contracts/invoices";
import type { OutgoingEmail } from "../services/mail";

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

import type { Invoice } from "~/contracts/invoices";
import type { Quote } from "~/contracts/quotes";
import { writeSignedCopy } from "../../emails/receipts";
import { queueLoggedEmail } from "../contact-emails";
import type { QueueEmail } from "../mail";
import { primaryContactOf } from "./common";
import type { DbOrTx, Tx } from "../../db/tx";

/**
 * The client's copy of what they signed (docs/product/billing.md "Receipts and signed copies"),
 * and what the client's automatic e-mails share with the receipts (server/services/billing/receipt.ts):
 * whom they go to and whom the contact's log names.
 */

export interface ClientMailDeps {
  siteUrl: string;
}

/** Automatic e-mails are logged on the contact as the system's. */
export const CLIENT_MAIL_SENDER = "system";

/** The primary contact, when the project still exists and the contact has an address; null otherwise. */
export async function clientRecipient(tx: DbOrTx, projectId: string | null) {
  if (!projectId) return null;
  const contact = await primaryContactOf(tx, projectId);
  const email = contact?.email?.trim();
  return contact && email ? { id: contact.id, name: contact.name, email } : null;
}

/**
 * The client's copy of the quote they just accepted, queued in the acceptance's transaction and
 * logged on the contact: what they signed, a link to it (and its signed PDF) in the portal, and
 * what happens next: the invoices written at signing, to pay now, when there are any. Without an address on the primary contact nothing is queued.
 */
export async function queueSignedCopy(
  tx: Tx,
  queue: QueueEmail,
  deps: ClientMailDeps,
  quote: Quote,
  projectId: string | null,
  invoices: readonly Invoice[] = [],
): Promise<number | null> {
  const contact = await clientRecipient(tx, projectId);
  if (!contact) return null;
  return queueLoggedEmail(
    tx,
    queue,
    contact.id,
    writeSignedCopy({ quote, contact, invoices }, deps.siteUrl),
    CLIENT_MAIL_SENDER,
  );
}

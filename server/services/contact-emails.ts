import { communications } from "../db/schema";
import type { OutgoingEmail, QueueEmail } from "./mail";
import type { Tx } from "../db/tx";

/**
 * Queues an e-mail to a contact and logs it on the contact's communications as an outbound
 * e-mail, in the caller's transaction (with mailer.transaction's `queue`): the message and its log
 * entry are kept or rolled back together.
 */
export async function queueLoggedEmail(
  tx: Tx,
  queue: QueueEmail,
  contactId: number,
  email: OutgoingEmail,
  sender: string,
): Promise<number> {
  const id = await queue(email);
  await tx.insert(communications).values({
    contactId,
    type: "email",
    direction: "outbound",
    subject: email.subject,
    content: email.text,
    createdBy: sender,
  });
  return id;
}

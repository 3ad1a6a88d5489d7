import { site } from "~/config/site";
import { portalProjectPath } from "~/contracts/portal-terms";
import { bookPath, DISCOVERY_CALL_SLUG } from "~/content/booking-links";
import type { OutgoingEmail } from "../services/mail";
import { signature } from "./signature";

/**
 * The project form's visitor gets their Project ID, which opens the project in the client portal,
 * and the booking page of the discovery call with their name, e-mail and Project ID filled in.
 */
export function writeSubmissionConfirmation(
  input: { name: string; email: string; projectId: string; contactId: number },
  siteUrl: string,
): OutgoingEmail {
  const firstName = input.name.split(/\s+/)[0] || input.name;
  const text = [
    `Hi ${firstName},`,
    "",
    `Thanks for telling me about your project. I read every request myself and will reply within ${site.replyPromise.fast}.`,
    "",
    `Your Project ID: ${input.projectId}`,
    "",
    `Keep it: with it you can check your project's status any time in the client portal: ${siteUrl}${portalProjectPath(input.projectId)}`,
    "",
    `Rather talk it through? Pick a time for a free discovery call and I'll ring you.`,
    `Book your discovery call: ${siteUrl}${bookPath(DISCOVERY_CALL_SLUG, { name: input.name, email: input.email, project: input.projectId })}`,
    "",
    `If something comes to mind before then, just reply to this e-mail or call ${site.phone.display}.`,
    "",
    signature(),
  ].join("\n");
  return {
    kind: "submission_confirmation",
    to: input.email,
    subject: `Your project request ${input.projectId} - ${site.brand}`,
    text,
    contactId: input.contactId,
    projectId: input.projectId,
  };
}

import { site } from "~/config/site";
import type { OutgoingEmail } from "../services/mail";
import { signature } from "./signature";

/** The e-mail that tells a project's contact about an update, with the way into the client portal. */
export function writeProjectUpdate(
  input: {
    project: { id: string; name: string };
    update: { title: string; content: string };
    contact: { id: number; name: string; email: string };
  },
  siteUrl: string,
): OutgoingEmail {
  const firstName = input.contact.name.split(/\s+/)[0] || input.contact.name;
  const text = [
    `Hi ${firstName},`,
    "",
    `There is news on your project "${input.project.name}" (${input.project.id}):`,
    "",
    input.update.title,
    "",
    input.update.content,
    "",
    `See your project's status, milestones and every update in the client portal: ${siteUrl}/client-portal`,
    "",
    "Questions? Just reply to this e-mail.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: "project_update",
    to: input.contact.email,
    replyTo: site.email,
    subject: `Project update: ${input.update.title} - ${site.brand}`,
    text,
    contactId: input.contact.id,
    projectId: input.project.id,
  };
}

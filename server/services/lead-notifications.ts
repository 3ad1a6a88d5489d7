import { site } from "~/config/site";
import { portalProjectPath } from "~/contracts/portal-terms";

/**
 * The e-mails a new lead sends: the owner hears of every lead with its
 * details and a link to it in the admin; a visitor who sent the project form
 * gets a short confirmation with their Project ID.
 */
export interface LeadNotice {
  kind: "project inquiry" | "contact message" | "website claim" | "chat inquiry";
  contactId: number;
  name: string;
  email: string;
  projectId?: string;
  /** Label -> value lines, in order. */
  details: [string, string][];
  message?: string;
}

export function ownerNotification(notice: LeadNotice, siteUrl: string, ownerEmail: string) {
  const subject = `New ${notice.kind} from ${notice.name}${notice.projectId ? ` (${notice.projectId})` : ""}`;
  const lines = [
    `${notice.name} <${notice.email}> sent a ${notice.kind}.`,
    "",
    ...notice.details.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
    ...(notice.message ? ["", notice.message] : []),
    "",
    `Open in the admin: ${siteUrl}/admin/contacts?contact=${notice.contactId}`,
    ...(notice.projectId ? [`Project: ${siteUrl}/admin/projects?project=${notice.projectId}`] : []),
    "",
    "Reply to this e-mail to answer them directly.",
  ];
  return {
    kind: "lead_notification",
    to: ownerEmail,
    replyTo: notice.email,
    subject,
    text: lines.join("\n"),
    contactId: notice.contactId,
    projectId: notice.projectId,
  };
}

export function submissionConfirmation(
  input: { name: string; email: string; projectId: string; contactId: number },
  siteUrl: string,
) {
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
    `If something comes to mind before then, just reply to this e-mail or call ${site.phone.display}.`,
    "",
    site.owner.firstName,
    `${site.owner.name}, ${site.brand}`,
    site.phone.display,
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

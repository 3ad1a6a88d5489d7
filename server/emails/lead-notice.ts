import type { OutgoingEmail } from "../services/mail";

/**
 * The owner hears of every lead with its details and links to it in the admin; replying answers
 * the visitor.
 */
export interface LeadNotice {
  kind: "project inquiry" | "contact message" | "website claim" | "chat inquiry";
  contactId: number;
  name: string;
  email: string;
  projectId?: string;
  /** Label -> value lines, in order; an empty value is left out. */
  details: [string, string][];
  message?: string;
}

export function writeLeadNotice(notice: LeadNotice, siteUrl: string, ownerEmail: string): OutgoingEmail {
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

import { site } from "~/config/site";
import type { InquiryRecord } from "~/contracts/inquiries";
import { portalProjectPath } from "~/contracts/portal-terms";
import type { OutgoingEmail } from "../services/mail";
import { signature } from "./signature";

/** The visitor's copy of a completed guided chat: the Project ID, the portal, and the way back to the chat. */
export function writeChatConfirmation(
  inquiry: InquiryRecord,
  contactId: number,
  projectId: string,
  siteUrl: string,
): OutgoingEmail {
  const firstName = inquiry.visitor_name?.split(/\s+/)[0] ?? "";
  const text = [
    `Hi ${firstName},`,
    "",
    `Thanks for telling me about your project in the chat. I read every inquiry myself and will reply within ${site.replyPromise.standard}.`,
    "",
    `Your Project ID: ${projectId}`,
    "",
    `Keep it: with it you can follow your project's status, milestones and updates, and write to me, in the client portal: ${siteUrl}${portalProjectPath(projectId)}`,
    "",
    `Your chat stays open here if you want to look back at it: ${siteUrl}/chat/${inquiry.id}`,
    "",
    `If something comes to mind before then, just reply to this e-mail or call ${site.phone.display}.`,
    "",
    signature(),
  ].join("\n");
  return {
    kind: "chat_confirmation",
    to: inquiry.visitor_email ?? "",
    subject: `Your project ${projectId} - ${site.brand}`,
    text,
    contactId,
    projectId,
  };
}

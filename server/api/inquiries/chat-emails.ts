import { site } from "~/config/site";
import type { InquiryRecord } from "~/lib/chat/types";

/** The visitor's copy of a completed guided chat, with the way back to it. */
export function chatConfirmation(inquiry: InquiryRecord, contactId: number, siteUrl: string) {
  const firstName = inquiry.visitor_name?.split(/\s+/)[0] ?? "";
  const text = [
    `Hi ${firstName},`,
    "",
    `Thanks for telling me about your project in the chat. I read every inquiry myself and will reply within ${site.replyPromise.standard}.`,
    "",
    `Your chat stays open here if you want to look back at it: ${siteUrl}/chat/${inquiry.id}`,
    "",
    `If something comes to mind before then, just reply to this e-mail or call ${site.phone.display}.`,
    "",
    site.owner.firstName,
    `${site.owner.name}, ${site.brand}`,
    site.phone.display,
  ].join("\n");
  return {
    kind: "chat_confirmation",
    to: inquiry.visitor_email ?? "",
    subject: `Your project chat with ${site.brand}`,
    text,
    contactId,
  };
}

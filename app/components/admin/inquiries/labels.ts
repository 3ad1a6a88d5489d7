import { site } from "~/config/site";
import type { InquiryMessage, InquiryRecord, InquiryStatus } from "~/contracts/inquiries";
import { BUDGETS, optionLabel, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import type { Tone } from "../ui/styles";

/** docs/product/inquiries.md "Inquiry status": active yellow, completed green. */
export const INQUIRY_STATUS_TONE: Record<InquiryStatus, Tone> = { active: "yellow", completed: "green" };
export const INQUIRY_STATUS_LABEL: Record<InquiryStatus, string> = { active: "Active", completed: "Completed" };

/** The filter's choices (docs/product/inquiries.md "The list"): All, Active, Completed. */
export const STATUS_FILTERS = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "completed", label: "Completed" },
] as const;
export type StatusFilterValue = (typeof STATUS_FILTERS)[number]["value"];

export const statusFilterOf = (value: string | null): StatusFilterValue =>
  STATUS_FILTERS.find((option) => option.value === value)?.value ?? "all";

/** A visitor who has not answered the first question yet has no name. */
export const visitorName = (inquiry: Pick<InquiryRecord, "visitor_name">) =>
  inquiry.visitor_name?.trim() || "No name yet";

/** Names an inquiry for screen readers' button names: the visitor, or the start of its ID. */
export const inquiryWho = (inquiry: Pick<InquiryRecord, "visitor_name" | "id">) =>
  inquiry.visitor_name?.trim() || `an unnamed visitor (${inquiry.id.slice(0, 6)})`;

export const projectTypeLabel = (value: string | null) => optionLabel(SITE_TYPES, value ?? "");
export const budgetLabel = (value: string | null) => optionLabel(BUDGETS, value ?? "");
export const timelineLabel = (value: string | null) => optionLabel(TIMELINES, value ?? "");

/**
 * Who wrote a message (docs/product/inquiries.md "The detail view"): the owner's messages (the
 * questions the chat asks and the replies sent from here) under the owner's name, everything else
 * 'Visitor'.
 */
export const authorLabel = (message: Pick<InquiryMessage, "author_type">) =>
  message.author_type === "admin" ? site.owner.name : "Visitor";

/** The chat page of an inquiry, where the visitor reads the replies. */
export const liveChatHref = (id: string) => `/chat/${encodeURIComponent(id)}`;
/** The lead and the project a completed inquiry became, opened in their own screens. */
export const contactHref = (contactId: number) => `/admin/contacts?contact=${contactId}`;
export const projectHref = (projectId: string) => `/admin/projects?project=${encodeURIComponent(projectId)}`;
/** This screen's address of one inquiry: a reload or a shared link opens it again. */
export const inquiryHref = (id: string) => `/admin/inquiries?id=${encodeURIComponent(id)}`;

/**
 * The ID typed or pasted into the lookup: the ID itself, or the address of its chat
 * (https://…/chat/ID, as the e-mails and the list's live-chat link give it).
 */
export function lookupIdOf(text: string): string {
  const trimmed = text.trim();
  const match = /\/chat\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(trimmed);
  if (!match) return trimmed;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

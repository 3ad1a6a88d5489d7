import { site } from "~/config/site";
import { formatCents } from "~/contracts/billing-money";
import { portalDocumentPath } from "~/contracts/portal-documents";
import type { FollowUpKind } from "~/contracts/quote-follow-ups";
import type { Quote } from "~/contracts/quotes";
import type { OutgoingEmail } from "../services/mail";
import { signature } from "./signature";

/**
 * The quote follow-ups (docs/product/billing.md "Follow-ups"; decision 060), in the owner's own
 * voice and signed with the one signature: short, naming the quote, its total and its valid-until
 * day, with the portal's link that opens on the quote (as the "quote sent" e-mail's does).
 */

export interface FollowUpRecipient {
  id: number;
  name: string;
  email: string;
}

export interface FollowUpMailInput {
  quote: Quote;
  contact: FollowUpRecipient;
  /** The business's calendar day it is sent on (YYYY-MM-DD). */
  today: string;
  /** The business's calendar day the quote was sent on (YYYY-MM-DD). */
  sentDay: string;
}

export const FOLLOW_UP_MAIL_KINDS: Record<FollowUpKind, string> = {
  not_opened: "quote_follow_up_not_opened",
  expiring: "quote_follow_up_expiring",
};

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || name;
const dayOf = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
/** "December 30, 2026" */
const longDay = (day: string) => dayOf(day, { dateStyle: "long" });
/** "Monday, December 7" */
const weekday = (day: string) => dayOf(day, { weekday: "long", month: "long", day: "numeric" });
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

const quoteName = (quote: Quote) =>
  quote.revision > 1 ? `${quote.number} (revision ${quote.revision})` : quote.number;
const portalLink = (siteUrl: string, quote: Quote) =>
  `${siteUrl}${portalDocumentPath(quote.project_id, { kind: "quote", id: quote.id })}`;

/** "in 3 days, on Wednesday, December 30" / "tomorrow, Wednesday, December 30" / "today" */
function untilExpiry(today: string, validUntil: string): string {
  const days = daysBetween(today, validUntil);
  if (days <= 0) return "today";
  if (days === 1) return `tomorrow, ${weekday(validUntil)}`;
  return `in ${days} days, on ${weekday(validUntil)}`;
}

/** A sent quote the client has not opened: did it arrive? */
export function writeNotOpenedFollowUp(input: FollowUpMailInput, siteUrl: string): OutgoingEmail {
  const { quote, contact, sentDay } = input;
  const text = [
    `Hi ${firstNameOf(contact.name)},`,
    "",
    `I sent you the quote for "${quote.project_name}" (${quoteName(quote)}) on ${weekday(sentDay)}, and I wanted to make sure it reached you: quotes sometimes land in a spam or promotions folder.`,
    "",
    `Total: ${formatCents(quote.total_cents)}`,
    `Valid until: ${longDay(quote.valid_until)}`,
    "",
    `You can read it, and accept or decline it, here: ${portalLink(siteUrl, quote)}`,
    "",
    "If anything in it doesn't fit what you had in mind, just reply and I'll adjust it.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: FOLLOW_UP_MAIL_KINDS.not_opened,
    to: contact.email,
    replyTo: site.email,
    subject: `Did my quote ${quote.number} reach you? - ${site.brand}`,
    text,
    contactId: contact.id,
    projectId: quote.project_id,
  };
}

/** A quote the client opened and has not decided on, near its valid-until day. */
export function writeExpiringFollowUp(input: FollowUpMailInput, siteUrl: string): OutgoingEmail {
  const { quote, contact, today } = input;
  const text = [
    `Hi ${firstNameOf(contact.name)},`,
    "",
    `A quick note: the quote for "${quote.project_name}" (${quoteName(quote)}) expires ${untilExpiry(today, quote.valid_until)}; it is valid through ${longDay(quote.valid_until)}.`,
    "",
    `Total: ${formatCents(quote.total_cents)}`,
    `Deposit to start (${quote.deposit_percent}%): ${formatCents(quote.deposit_cents)}`,
    "",
    `If you'd like to go ahead, you can accept it here: ${portalLink(siteUrl, quote)}`,
    "",
    "Need more time, or want something changed? Reply to this e-mail and I'll extend or revise it.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: FOLLOW_UP_MAIL_KINDS.expiring,
    to: contact.email,
    replyTo: site.email,
    subject: `Your quote ${quote.number} expires on ${dayOf(quote.valid_until, { month: "long", day: "numeric" })} - ${site.brand}`,
    text,
    contactId: contact.id,
    projectId: quote.project_id,
  };
}

export const writeFollowUp = (kind: FollowUpKind, input: FollowUpMailInput, siteUrl: string): OutgoingEmail =>
  kind === "not_opened" ? writeNotOpenedFollowUp(input, siteUrl) : writeExpiringFollowUp(input, siteUrl);

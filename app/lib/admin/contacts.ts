import { HIGH_SCORE, MEDIUM_SCORE } from "~/contracts/contacts";
import type { ContactSort } from "~/contracts/contact-list";
import { type ContactStatus, ALL_LEAD_SOURCES } from "~/contracts/contact-terms";

export const CONTACT_SORT_LABELS: Record<ContactSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name A–Z",
  score: "Highest score",
};

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: "New",
  submitted: "Submitted",
  contacted: "Contacted",
  qualified: "Qualified",
  proposal: "Proposal Sent",
  won: "Won",
  lost: "Lost",
};

export const LEAD_SOURCE_LABELS: Record<(typeof ALL_LEAD_SOURCES)[number], string> = {
  manual: "Manual",
  referral: "Referral",
  social: "Social media",
  networking: "Networking",
  cold_outreach: "Cold outreach",
  other: "Other",
  website: "Website form",
  json_import: "JSON import",
  contact_page: "Contact page",
  claim: "Website claim",
  chat: "Guided chat",
};

/** Score colour of docs/product/contacts.md "Lead score": >= 50 green, >= 25 yellow, else gray. */
export const scoreTone = (score: number) => (score >= HIGH_SCORE ? "green" : score >= MEDIUM_SCORE ? "yellow" : "gray");

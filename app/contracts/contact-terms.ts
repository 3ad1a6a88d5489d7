/**
 * The words of lead management (docs/product/contacts.md "Contact status", "Lead sources",
 * "Communication"): the contacts' statuses, the lead sources and the communication log's types and
 * directions. No zod here: the screens read these without the schemas.
 */
export const CONTACT_STATUSES = ["new", "submitted", "contacted", "qualified", "proposal", "won", "lost"] as const;

export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Statuses a contact may start with when added by hand. */
export const INITIAL_CONTACT_STATUSES = ["new", "contacted", "qualified"] as const;

/** The communication log's auto-advance (docs/product/contacts.md "Communication"). */
export const AUTO_ADVANCE: Partial<Record<ContactStatus, ContactStatus>> = {
  new: "contacted",
  contacted: "qualified",
  submitted: "contacted",
};

export const LEAD_SOURCES = ["manual", "referral", "social", "networking", "cold_outreach", "other"] as const;

/**
 * Editing also allows website (docs/product/contacts.md "Lead sources"); the site's own forms and
 * imports add the rest.
 */
export const EDITABLE_LEAD_SOURCES = [...LEAD_SOURCES, "website"] as const;

export const ALL_LEAD_SOURCES = [...EDITABLE_LEAD_SOURCES, "json_import", "contact_page", "claim", "chat"] as const;

export const COMMUNICATION_TYPES = ["email", "call", "meeting", "note"] as const;

export const COMMUNICATION_DIRECTIONS = ["inbound", "outbound"] as const;

/** Only these types carry a subject. */
export const TYPES_WITH_SUBJECT: readonly string[] = ["email", "meeting"];

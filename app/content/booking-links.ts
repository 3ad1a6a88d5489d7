/**
 * The address of the booking page (docs/product/bookings.md) with what is known of the visitor,
 * for the links to it: the start-project confirmation, the portal, the assistant, the new lead's
 * e-mail. Apart from the booking page's copy, and with no import, so whatever links there loads
 * only these few lines. Relative imports only (the server's e-mails use it too).
 */

/**
 * The pages of the two meeting types a new database starts with (DEFAULT_MEETING_TYPES in
 * app/contracts/booking-terms.ts; booking-links.test.ts holds them equal).
 */
export const DISCOVERY_CALL_SLUG = "discovery-call";
export const CHECK_IN_SLUG = "project-check-in";

/** What a lead already typed, carried to the booking page in its query string. */
export interface BookingPrefill {
  name?: string;
  email?: string;
  phone?: string;
  about?: string;
  /** The project the call is about (the start-project confirmation's Project ID). */
  project?: string;
}

export const PREFILL_FIELDS = ["name", "email", "phone", "about", "project"] as const;

/** The longest value each prefill field carries (the booking form's own limits; `about` kept shorter for the address). */
export const PREFILL_LIMITS: Record<(typeof PREFILL_FIELDS)[number], number> = {
  name: 100,
  email: 254,
  phone: 40,
  about: 1000,
  project: 40,
};

/** `/book/{slug}?name=…&email=…&phone=…&about=…&project=…`, with only the values given. */
export function bookPath(slug: string, prefill: BookingPrefill = {}): string {
  const query = new URLSearchParams();
  for (const field of PREFILL_FIELDS) {
    const value = prefill[field]?.trim();
    if (value) query.set(field, value.slice(0, PREFILL_LIMITS[field]));
  }
  const search = query.toString();
  return `/book/${encodeURIComponent(slug)}${search ? `?${search}` : ""}`;
}

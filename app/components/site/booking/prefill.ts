import { PREFILL_FIELDS, PREFILL_LIMITS, type BookingPrefill } from "~/content/booking-pages";

/**
 * What the booking page's address carries from the start-project confirmation or the portal
 * (`?name=&email=&phone=&about=&project=`): each value trimmed and capped, empty ones left out.
 */
export function readPrefill(search: string): BookingPrefill {
  const query = new URLSearchParams(search);
  const prefill: BookingPrefill = {};
  for (const field of PREFILL_FIELDS) {
    const value = query.get(field)?.trim().slice(0, PREFILL_LIMITS[field]);
    if (value) prefill[field] = value;
  }
  return prefill;
}

/** The fields that are about the person: once read, the address drops them (history, bookmarks, shared links). */
export const PERSONAL_PREFILL = ["name", "email", "phone", "about"] as const;

/** The query string without the personal fields ("" when nothing is left); `project` and any other key stay. */
export function withoutPersonalPrefill(search: string): string {
  const query = new URLSearchParams(search);
  for (const field of PERSONAL_PREFILL) query.delete(field);
  const rest = query.toString();
  return rest ? `?${rest}` : "";
}

export const hasPersonalPrefill = (search: string) => {
  const query = new URLSearchParams(search);
  return PERSONAL_PREFILL.some((field) => query.has(field));
};

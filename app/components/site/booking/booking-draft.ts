import type { BookingPrefill } from "~/content/booking-pages";
import { browserStorage, readDraft, removeDraft, writeDraft, type DraftStorage } from "~/lib/drafts";

/** The booking form's own fields, as kept in the tab (docs/product/lead-paths.md "States"). */
export const BOOKING_FIELDS = ["name", "email", "phone", "about"] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];
export type BookingValues = Record<BookingField, string>;

const KIND = "booking";
const ID = "new";
const session = (): DraftStorage | null => browserStorage("session");

/**
 * The form's first values: what the address brought (the start-project confirmation's link) wins
 * for the fields it names, what was typed in this tab before fills the rest. Never the spam trap.
 */
export function initialValues(prefill: BookingPrefill, storage: DraftStorage | null = session()): BookingValues {
  const kept = storage ? readDraft(storage, KIND, ID)?.values : undefined;
  const values = { name: "", email: "", phone: "", about: "" };
  for (const field of BOOKING_FIELDS) {
    const typed = kept?.[field];
    values[field] = prefill[field] ?? (typeof typed === "string" ? typed : "");
  }
  return values;
}

/** Keeps what is typed for a reload in the same tab; nothing typed, nothing kept. */
export function keepValues(values: BookingValues, storage: DraftStorage | null = session()) {
  if (!storage) return;
  if (Object.values(values).some((value) => value !== "")) writeDraft(storage, KIND, ID, { ...values });
  else removeDraft(storage, KIND, ID);
}

/** The call was booked: nothing is kept. */
export function forgetValues(storage: DraftStorage | null = session()) {
  if (storage) removeDraft(storage, KIND, ID);
}

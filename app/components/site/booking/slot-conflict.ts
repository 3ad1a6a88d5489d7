import type { Dispatch, SetStateAction } from "react";
import type { BookingSlot } from "~/contracts/booking-public";
import { SLOT_TAKEN } from "~/contracts/booking-terms";
import { trackError } from "~/lib/analytics";
import { nextFreeTimes } from "./booking-api";

export interface SlotConflict {
  message: string;
  /** The next free times; null while they are looked up. */
  slots: BookingSlot[] | null;
}

/**
 * A time taken meanwhile (409, docs/product/bookings.md "The booking page", "Links"), on the booking
 * page and on a reschedule link alike: the server's words and the next free times it named, less
 * the times left out (the one just tried, a moved call's own). With none left, they are looked up
 * once more and shown when they come. Counted as an error of `where`.
 */
export function showTakenSlot(
  taken: { message?: string; nextSlots: BookingSlot[]; slug: string; leftOut: readonly string[]; where: string },
  setConflict: Dispatch<SetStateAction<SlotConflict | null>>,
) {
  const { message = SLOT_TAKEN, nextSlots, slug, leftOut, where } = taken;
  const named = nextSlots.filter((slot) => !leftOut.includes(slot.start));
  setConflict({ message, slots: named.length ? named : null });
  trackError(message, where);
  if (!named.length)
    void nextFreeTimes(slug, leftOut).then((slots) =>
      setConflict((current) => (current && current.slots === null ? { ...current, slots } : current)),
    );
}

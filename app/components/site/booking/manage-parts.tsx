import type { PublicBooking } from "~/contracts/booking-public";
import { BookingFacts } from "./booking-confirmation";
import { detectZone, isKnownZone } from "./zones";

/** What the reschedule and cancel links' views share: their headings and the call's facts. */

export const heading = "scroll-mt-28 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl";

/** The zone the visitor booked in, if this browser knows it; otherwise the browser's own. */
export const zoneOf = (booking: PublicBooking) => (isKnownZone(booking.time_zone) ? booking.time_zone : detectZone());

export function FactsBox({ booking, zone = zoneOf(booking) }: { booking: PublicBooking; zone?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <BookingFacts booking={booking} zone={zone} />
    </div>
  );
}

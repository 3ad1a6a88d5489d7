import { useRef } from "react";
import { site } from "~/config/site";
import { BookingSettingsPanel } from "~/components/admin/bookings";
import { cardClass } from "~/components/admin/ui/styles";
import { useHashAnchor } from "./use-hash-anchor";

/** The anchor of this section: /admin/settings#booking (the dashboard's Next calls lead here). */
export const BOOKING_SECTION_ID = "booking";

/**
 * Settings, Booking: when calls may be booked (weekly hours, date overrides, the rules), the busy
 * times from the owner's calendar, the meeting types and the owner's calendar feed.
 */
export function BookingSettingsSection() {
  const ref = useRef<HTMLElement>(null);
  useHashAnchor(ref, BOOKING_SECTION_ID);
  return (
    <section
      ref={ref}
      id={BOOKING_SECTION_ID}
      aria-labelledby="booking-settings-title"
      data-testid="booking-settings"
      className={`${cardClass} grid scroll-mt-32 gap-5`}
    >
      <div>
        <h2 id="booking-settings-title" className="text-lg font-semibold text-slate-900">
          Booking
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          When visitors and clients can book a call with you, and what they can book. Every time here is in the
          business&apos;s time zone, {site.timeZone}.
        </p>
      </div>
      <BookingSettingsPanel />
    </section>
  );
}

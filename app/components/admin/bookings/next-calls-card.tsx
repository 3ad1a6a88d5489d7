import { Link } from "react-router";
import { CalendarClock, TriangleAlert } from "lucide-react";
import { formatInstant } from "~/lib/time/zoned";
import { cardClass } from "../ui/styles";
import { NEXT_CALLS_QUERY, useBookingList, useBookingSettings } from "./api";
import { callTime } from "./labels";

/** Where the dashboard's links lead: Settings, Booking. */
export const BOOKING_SETTINGS_HREF = "/admin/settings#booking";
export const bookingHref = (id: number) => `/admin/bookings?booking=${id}`;

/**
 * The dashboard's Next calls: the 5 soonest calls still on, each to its details; a word and the
 * way to the settings when none is booked; and a warning when the owner's calendar could not be
 * read (the free times then use the busy times last read).
 */
export function NextCallsCard() {
  const calls = useBookingList(NEXT_CALLS_QUERY);
  const settings = useBookingSettings();
  const feeds = settings.data?.feeds;
  return (
    <section className={cardClass} aria-labelledby="next-calls-title" data-testid="next-calls">
      <div className="flex items-center justify-between gap-3">
        <h2 id="next-calls-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <CalendarClock className="size-4 text-slate-600" aria-hidden="true" /> Next calls
        </h2>
        <Link to="/admin/bookings" className="text-sm font-medium text-brand-800 underline-offset-2 hover:underline">
          All bookings
        </Link>
      </div>
      {feeds?.busy_feed_error && (
        <p
          role="status"
          className="mt-3 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="busy-feed-warning"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-800" aria-hidden="true" />
          <span>
            Your calendar feed could not be read: {feeds.busy_feed_error.replace(/[.\s]+$/, "")}.{" "}
            {feeds.busy_feed_ok_at
              ? `Slots use the busy times last read at ${formatInstant(feeds.busy_feed_ok_at)}.`
              : "Slots use no busy times from it yet."}{" "}
            <Link to={BOOKING_SETTINGS_HREF} className="font-semibold underline underline-offset-2">
              Check the calendar address
            </Link>
          </span>
        </p>
      )}
      {calls.isPending ? (
        <p className="mt-4 text-sm text-slate-600" role="status">
          Loading calls...
        </p>
      ) : calls.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          The calls could not be loaded.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void calls.refetch()}>
            Retry
          </button>
        </p>
      ) : calls.data.bookings.length === 0 ? (
        <div className="mt-4 rounded-lg bg-slate-50 px-3 py-5 text-center text-sm text-slate-600">
          <p>No calls booked.</p>
          <p className="mt-1">
            Visitors book on /book within your hours:{" "}
            <Link to={BOOKING_SETTINGS_HREF} className="font-medium text-brand-800 underline underline-offset-2">
              Settings, Booking
            </Link>
          </p>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {calls.data.bookings.map((b) => (
            <li key={b.id} className="py-2.5" data-testid="next-call">
              <Link
                to={bookingHref(b.id)}
                className="group block rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <time dateTime={b.start} className="block text-sm font-medium text-brand-800 group-hover:underline">
                  {callTime(b.start)}
                </time>
                <span className="block truncate text-sm text-slate-700">
                  {b.name} · {b.meeting_name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

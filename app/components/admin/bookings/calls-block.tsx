import { useId, useState } from "react";
import { Link } from "react-router";
import { CalendarClock } from "lucide-react";
import { errorMessage } from "~/lib/api/call";
import { callsOfQuery, useBookingList } from "./api";
import { bookingHref } from "./next-calls-card";
import { callBookedLine, callTime } from "./labels";
import { BookingStatusBadge } from "./status-badge";

/** How many of the calls the block lists; the Bookings screen has the rest. */
const SHOWN = 5;

/**
 * A contact's or a project's calls, in its details: "Call booked: Tue Jan 12, 2:00 PM EST" for
 * the next one still on, and the latest few, each to its details. One small query when shown.
 */
export function CallsBlock({
  owner,
  large = false,
}: {
  owner: { contactId: number } | { projectId: string };
  /** A heading as large as its neighbours' (the project details' sections). */
  large?: boolean;
}) {
  const id = useId();
  const calls = useBookingList(callsOfQuery(owner));
  // The moment the details opened: the next call is the next from then.
  const [now] = useState(() => Date.now());
  const bookings = calls.data?.bookings ?? [];
  const next = bookings
    .filter((b) => b.status === "confirmed" && Date.parse(b.end) >= now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
  const total = calls.data?.total ?? 0;
  return (
    <section className="grid gap-2" data-testid="calls-block" aria-labelledby={id}>
      <h3 id={id} className={`flex items-center gap-2 font-semibold text-slate-900 ${large ? "text-base" : "text-sm"}`}>
        <CalendarClock className="size-4 text-slate-600" aria-hidden="true" />
        Calls{calls.data ? ` (${total})` : ""}
      </h3>
      {calls.isPending ? (
        <p className="text-sm text-slate-600">Loading calls...</p>
      ) : calls.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(calls.error, "Failed to fetch bookings")}
        </p>
      ) : bookings.length === 0 ? (
        <p className="text-sm text-slate-600">No call booked.</p>
      ) : (
        <>
          {next && (
            <p className="text-sm font-medium text-slate-900" data-testid="next-call-line">
              <Link to={bookingHref(next.id)} className="text-brand-800 underline underline-offset-2">
                {callBookedLine(next.start)}
              </Link>
            </p>
          )}
          <ul className="grid gap-1.5">
            {bookings.slice(0, SHOWN).map((b) => (
              <li key={b.id} className="flex flex-wrap items-center gap-2 text-sm">
                <Link to={bookingHref(b.id)} className="text-brand-800 underline-offset-2 hover:underline">
                  {callTime(b.start)}
                </Link>
                <span className="text-slate-700">{b.meeting_name}</span>
                <BookingStatusBadge status={b.status} />
              </li>
            ))}
          </ul>
          {total > SHOWN && <p className="text-xs text-slate-600">+ {total - SHOWN} more on the Bookings screen</p>}
        </>
      )}
    </section>
  );
}

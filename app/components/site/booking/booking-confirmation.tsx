import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { site } from "~/config/site";
import type { PublicBooking } from "~/contracts/booking-public";
import { CheckIcon } from "~/components/ui/icons";
import { BOOKING_TITLE_ID } from "./scheduler-header";
import { formatWhen, zoneLabel } from "./zones";

/** Where the call happens, in the visitor's words ("Tyler calls you at (401) 555-0199"). */
export function whereText(booking: Pick<PublicBooking, "location_kind" | "location">): string {
  const { location } = booking;
  switch (booking.location_kind) {
    case "phone":
      return `${site.owner.firstName} calls you at ${location ?? "the number you gave"}`;
    case "video":
      return location ? `Video call: ${location}` : "Video call: the link is in your confirmation e-mail";
    case "in_person":
      return location ? `In person at ${location}` : "In person: the address is in your confirmation e-mail";
  }
}

/**
 * A link of the booking's answer as a path of this site, when it is one (the links name the site's
 * public address, which a test server or a staging copy does not have); otherwise as given.
 */
export function sitePath(url: string): string {
  try {
    const parsed = new URL(url, "https://example.invalid");
    return parsed.pathname.startsWith("/book/") ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** When, how long and where: the facts of a booked call, its time in the zone named. */
export function BookingFacts({ booking, zone }: { booking: PublicBooking; zone: string }) {
  return (
    <dl className="grid gap-4 text-left sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6 sm:gap-y-3">
      <dt className="text-sm font-semibold text-slate-700 sm:pt-0.5">When</dt>
      <dd className="-mt-3 text-slate-900 sm:mt-0">
        <span className="font-semibold">{formatWhen(booking.start, zone)}</span>
        <span className="block text-sm text-slate-700">{zoneLabel(zone, booking.start)}</span>
      </dd>
      <dt className="text-sm font-semibold text-slate-700 sm:pt-0.5">Length</dt>
      <dd className="-mt-3 text-slate-900 sm:mt-0">
        {booking.meeting_name}, {booking.length_minutes} minutes
      </dd>
      <dt className="text-sm font-semibold text-slate-700 sm:pt-0.5">Where</dt>
      <dd className="-mt-3 break-words text-slate-900 sm:mt-0">{whereText(booking)}</dd>
    </dl>
  );
}

/**
 * The booked (or moved) call: its heading takes the focus, then when and where in the visitor's
 * zone, the e-mail with the invitation, and the links to move or cancel it.
 */
export function BookingConfirmation({
  booking,
  zone,
  title,
  moved = false,
  children,
}: {
  booking: PublicBooking;
  zone: string;
  title: string;
  /** The call was moved: the invitation on its way updates the one the visitor has. */
  moved?: boolean;
  children?: ReactNode;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    boxRef.current?.scrollIntoView?.({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={boxRef} className="scroll-mt-28">
      <div className="flex items-center gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <CheckIcon className="h-7 w-7" />
        </span>
        <h2
          ref={headingRef}
          id={BOOKING_TITLE_ID}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
        >
          {title}
        </h2>
      </div>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
        <BookingFacts booking={booking} zone={zone} />
      </div>
      <p className="mt-6 leading-7 text-slate-800">
        {moved
          ? "An updated calendar invitation is on its way to"
          : "A confirmation with a calendar invitation is on its way to"}{" "}
        <strong className="font-semibold break-all text-slate-900">{booking.email}</strong>.{" "}
        {moved ? "Open it to move the call in your calendar." : "Open the invitation to add the call to your calendar."}
      </p>
      {children}
      <p className="mt-6 leading-7 text-slate-800">
        Need another time?{" "}
        <Link to={sitePath(booking.reschedule_url)} className={linkClass}>
          Move the call
        </Link>
        . Can't make it?{" "}
        <Link to={sitePath(booking.cancel_url)} className={linkClass}>
          Cancel the call
        </Link>
        . Both links are in the e-mail too.
      </p>
    </div>
  );
}

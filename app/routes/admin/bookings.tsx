import { useCallback } from "react";
import { Link } from "react-router";
import { Settings } from "lucide-react";
import type { Route } from "./+types/bookings";
import { BOOKING_STATUSES } from "~/contracts/booking-terms";
import { site } from "~/config/site";
import { adminMeta } from "~/lib/admin/meta";
import {
  BOOKING_SETTINGS_HREF,
  BookingDialog,
  BookingsPanel,
  type BookingListFilter,
  type BookingWhen,
} from "~/components/admin/bookings";
import { adminButton } from "~/components/admin/ui/styles";
import { paramsNow, useListParams } from "~/components/admin/ui/use-list-params";

export const meta: Route.MetaFunction = () => adminMeta("Bookings");

/** The list has one order per tab (upcoming: soonest first; past and all: newest first). */
const SORTS = ["time"] as const;
const whenOf = (value: string | null): BookingWhen => (value === "past" || value === "all" ? value : "upcoming");

/**
 * Bookings: the calls visitors and clients booked, Upcoming, Past or All, by status and by a
 * search, paged by the server, the filters kept in the address; ?booking=ID opens a call's
 * details (the dashboard's Next calls, a contact's calls, the owner's e-mails).
 */
export default function Bookings() {
  const list = useListParams({ statuses: BOOKING_STATUSES, sorts: SORTS, defaultSort: "time" });
  const { params, setParams, update } = list;
  const filter: BookingListFilter = {
    when: whenOf(params.get("when")),
    status: list.status,
    q: list.q,
    page: list.page,
  };

  const bookingParam = Number(params.get("booking"));
  const bookingId = Number.isSafeInteger(bookingParam) && bookingParam > 0 ? bookingParam : null;

  const setBooking = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          const next = paramsNow(current);
          if (id === null) next.delete("booking");
          else next.set("booking", String(id));
          return next;
        },
        // Opening is a step Back undoes; closing puts the list's address back in its place.
        { replace: id === null, preventScrollReset: true },
      ),
    [setParams],
  );

  // A tab is a list of its own: its page 1, with the same search and status.
  const setWhen = (when: BookingWhen) =>
    setParams(
      (current) => {
        const next = paramsNow(current);
        if (when === "upcoming") next.delete("when");
        else next.set("when", when);
        next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Bookings</h1>
          <p className="mt-1 text-slate-600">
            Calls booked by visitors and clients. Times are in the business&apos;s time zone ({site.timeZone}).
          </p>
        </div>
        <Link to={BOOKING_SETTINGS_HREF} className={adminButton.secondary}>
          <Settings className="size-4" aria-hidden="true" /> Hours and meeting types
        </Link>
      </header>
      <BookingsPanel
        filter={filter}
        onChange={update}
        onWhen={setWhen}
        onClear={() => update({ q: null, status: null })}
        pageHref={list.pageHref}
        onOpen={(booking) => setBooking(booking.id)}
      />
      <BookingDialog bookingId={bookingId} filter={filter} onClose={() => setBooking(null)} />
    </div>
  );
}

import type { Ref } from "react";
import type { BookingSlot } from "~/contracts/booking-public";
import { ReachOutLine } from "~/components/site/forms/failure-help";
import { formatDay, formatTime, dayKeyOf } from "./zones";

/**
 * A time taken meanwhile (409): the server's words, and the next free times as buttons to take
 * instead; with none left, the other ways to book.
 */
export function NextTimes({
  message,
  slots,
  zone,
  onPick,
  ref,
}: {
  message: string;
  /** null while they are looked up. */
  slots: readonly BookingSlot[] | null;
  zone: string;
  onPick: (slot: BookingSlot) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 focus-visible:outline-3 focus-visible:outline-offset-2 sm:p-5"
    >
      <p className="font-semibold">{message}</p>
      {slots === null ? (
        <p className="mt-2 text-sm">Looking for the next free times…</p>
      ) : slots.length ? (
        <>
          <p className="mt-2 text-sm">The next free times, in your time zone:</p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {slots.map((slot) => (
              <li key={slot.start}>
                <button
                  type="button"
                  onClick={() => onPick(slot)}
                  className="min-h-11 rounded-lg border-2 border-brand-600 bg-white px-3 text-left text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  {formatDay(dayKeyOf(slot.start, zone))}, {formatTime(slot.start, zone)}
                </button>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm">Or pick another day in the calendar above.</p>
        </>
      ) : (
        <div className="mt-2 text-sm">
          <ReachOutLine lead="No other free times are open just now. To find a time together, e-mail" />
        </div>
      )}
    </div>
  );
}

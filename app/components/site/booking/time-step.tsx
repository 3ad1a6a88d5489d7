import type { ReactNode, Ref } from "react";
import type { BookingSlot } from "~/contracts/booking-public";
import { NextTimes } from "./next-times";
import type { SlotConflict } from "./slot-conflict";
import { formatWhen, zoneName } from "./zones";

/**
 * The step after a time is picked, on the booking page and on a reschedule link alike
 * (docs/product/bookings.md "The booking page", "Links"): a heading that takes the focus, the
 * picked time, and, when the time was taken meanwhile, the next free ones to take instead; then
 * the step's form.
 */
export function TimeStep({
  titleId,
  title,
  headingRef,
  large = false,
  picked,
  conflict,
  conflictRef,
  zone,
  onPickNext,
  children,
}: {
  titleId: string;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** The booking page's larger heading from sm up. */
  large?: boolean;
  /** The picked time's box, when a time is picked. */
  picked: ReactNode;
  conflict: SlotConflict | null;
  conflictRef?: Ref<HTMLDivElement>;
  zone: string;
  onPickNext: (slot: BookingSlot) => void;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="mt-10 border-t border-slate-200 pt-8">
      <h3
        ref={headingRef}
        id={titleId}
        tabIndex={-1}
        className={`scroll-mt-28 text-xl font-bold text-slate-900 focus:outline-none${large ? " sm:text-2xl" : ""}`}
      >
        {title}
      </h3>
      {picked}
      {conflict ? (
        <div className="mt-4">
          <NextTimes
            ref={conflictRef}
            message={conflict.message}
            slots={conflict.slots}
            zone={zone}
            onPick={onPickNext}
          />
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A picked time in the visitor's zone, the zone named: "Tuesday, January 12, 2027 at 2:30 PM (Eastern Time)", then `after`. */
export function SlotWhen({ slot, zone, after = "" }: { slot: BookingSlot; zone: string; after?: string }) {
  return (
    <>
      <span className="font-semibold">{formatWhen(slot.start, zone)}</span>{" "}
      <span className="text-slate-700">
        ({zoneName(zone, slot.start)}){after}
      </span>
    </>
  );
}

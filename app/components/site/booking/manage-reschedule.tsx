import { useEffect, useRef, useState, type FormEvent } from "react";
import type { BookingSlot, PublicBooking } from "~/contracts/booking-public";
import { SubmitButton } from "~/components/site/forms/submit-button";
import { trackError } from "~/lib/analytics";
import { rescheduleCall } from "./booking-api";
import { FactsBox, heading, zoneOf } from "./manage-parts";
import { FailureAlert, failureOf, type BookingFailure } from "./send-failure";
import { SlotPicker } from "./slot-picker";
import { showTakenSlot, type SlotConflict } from "./slot-conflict";
import { SlotWhen, TimeStep } from "./time-step";
import { detectZone } from "./zones";

/**
 * A reschedule link's call still on (docs/product/bookings.md "Links"): the call as it stands, the
 * month view to pick a new time in the visitor's zone, and the button to move it; a time taken
 * meanwhile offers the next free ones.
 */
export function Reschedule({
  booking,
  token,
  onMoved,
  onInvalid,
}: {
  booking: PublicBooking;
  token: string;
  onMoved: (booking: PublicBooking) => void;
  onInvalid: () => void;
}) {
  const [detectedZone] = useState(detectZone);
  const [zone, setZone] = useState(() => zoneOf(booking));
  const [selected, setSelected] = useState<BookingSlot | null>(null);
  const [version, setVersion] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<BookingFailure | null>(null);
  const [conflict, setConflict] = useState<SlotConflict | null>(null);
  const [focus, setFocus] = useState<{ target: "confirm" | "alert" | "conflict" } | null>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focus) return;
    ({ confirm: confirmRef, alert: alertRef, conflict: conflictRef })[focus.target].current?.focus();
  }, [focus]);

  function pick(slot: BookingSlot) {
    setSelected(slot);
    setConflict(null);
    setFailure(null);
    setFocus({ target: "confirm" });
  }

  async function move(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selected || sending) return;
    setSending(true);
    setFailure(null);
    const result = await rescheduleCall(token, { start: selected.start, time_zone: zone });
    setSending(false);
    if (result.ok) return onMoved(result.data.booking);
    if (result.status === 404) return onInvalid();
    if (result.status === 409 && result.nextSlots !== undefined) {
      const { message, nextSlots } = result;
      const leftOut = [selected.start, booking.start];
      showTakenSlot({ message, nextSlots, slug: booking.type_slug, leftOut, where: "booking reschedule" }, setConflict);
      setSelected(null);
      setVersion((n) => n + 1);
      setFocus({ target: "conflict" });
      return;
    }
    const failed = failureOf(result, "The call couldn't be moved just now. Please try again.");
    setFailure(failed);
    trackError(failed.message ?? "Network error", "booking reschedule");
    setFocus({ target: "alert" });
  }

  return (
    <div>
      <h2 className={heading}>Your call now</h2>
      <div className="mt-4">
        <FactsBox booking={booking} zone={zone} />
      </div>
      <h2 className={`${heading} mt-10`}>Pick a new time</h2>
      <div className="mt-6">
        <SlotPicker
          slug={booking.type_slug}
          zone={zone}
          detectedZone={detectedZone}
          extraZone={booking.time_zone}
          onZoneChange={setZone}
          selected={selected}
          onSelect={pick}
          version={version}
          exclude={booking.start}
        />
      </div>
      {selected || conflict ? (
        <TimeStep
          titleId="reschedule-confirm-title"
          title={selected ? "Move the call to" : "Pick another time"}
          headingRef={confirmRef}
          picked={
            selected ? (
              <p className="mt-3 rounded-xl bg-brand-50 p-4 text-slate-900">
                <SlotWhen slot={selected} zone={zone} />
              </p>
            ) : null
          }
          conflict={conflict}
          conflictRef={conflictRef}
          zone={zone}
          onPickNext={pick}
        >
          <form onSubmit={(event) => void move(event)} aria-busy={sending || undefined} className="mt-6 space-y-4">
            {failure ? <FailureAlert ref={alertRef} title="The call wasn't moved." failure={failure} /> : null}
            <SubmitButton sending={sending} sendingLabel="Moving..." disabled={!selected}>
              Move the call
            </SubmitButton>
          </form>
        </TimeStep>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { SLOT_TAKEN } from "~/contracts/booking-terms";
import type { BookingSlot, PublicBooking } from "~/contracts/booking-public";
import { FormAlert } from "~/components/site/forms/form-alert";
import { ReachOutLine } from "~/components/site/forms/failure-help";
import { SubmitButton } from "~/components/site/forms/submit-button";
import { TextareaField } from "~/components/site/forms/textarea-field";
import { buttonClass } from "~/components/ui/button";
import { trackError } from "~/lib/analytics";
import { cancelCall, loadAvailability, loadManaged, rescheduleCall, type BookingResult } from "./booking-api";
import { BookingConfirmation, BookingFacts } from "./booking-confirmation";
import { NextTimes } from "./next-times";
import { SlotPicker } from "./slot-picker";
import { detectZone, formatWhen, isKnownZone, zoneName } from "./zones";

export type ManageAction = "reschedule" | "cancel";
export interface ManageViewProps {
  action: ManageAction;
  token: string;
  /** Loads the call again after a failure (the page starts this view afresh). */
  onRetry: () => void;
}

type View =
  | { kind: "loading" }
  | { kind: "invalid" }
  | { kind: "failed"; network: boolean; message?: string }
  | { kind: "open"; booking: PublicBooking; past: boolean }
  | { kind: "moved"; booking: PublicBooking }
  | { kind: "cancelled"; booking: PublicBooking };

const heading = "scroll-mt-28 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl";
const link = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** A panel whose heading takes the focus when it appears (a new state of the page). */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div>
      <h2 ref={ref} tabIndex={-1} className={heading}>
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-7 text-slate-800">{children}</div>
    </div>
  );
}

function NotValid() {
  return (
    <Panel title="This link is not valid">
      <p>
        It may have been mistyped, or cut short when it was copied from the e-mail. You can book a new time, or get in
        touch and it will be sorted out for you.
      </p>
      <p>
        <Link to="/book" className={buttonClass.brand}>
          Book a call
        </Link>
      </p>
      <ReachOutLine lead="To reach a person: e-mail" />
    </Panel>
  );
}

/**
 * What a booking's link opens (docs/product/bookings.md "Links"): the call, and either the month
 * view to pick a new time (then the moved call) or the button to cancel it with an optional reason
 * (then "Cancelled"). A link that is not one of ours says so and offers /book and the contact
 * details; a cancelled or past call says so.
 */
export function ManageView({ action, token, onRetry }: ManageViewProps) {
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    loadManaged(token, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.ok) {
          // A cancel link opened at the reschedule address (or the other way round): its own page.
          if (result.data.action !== action)
            void navigate(`/book/${result.data.action}/${encodeURIComponent(token)}`, { replace: true });
          else {
            const { booking } = result.data;
            setView({ kind: "open", booking, past: Date.parse(booking.end) <= Date.now() });
          }
        } else if (result.status === 404 || result.status === 400) setView({ kind: "invalid" });
        else setView({ kind: "failed", network: result.status === 0, message: result.message });
      },
      () => {
        // Left the page.
      },
    );
    return () => controller.abort();
  }, [token, action, navigate]);

  switch (view.kind) {
    case "loading":
      return (
        <p role="status" className="text-slate-700">
          Loading your call…
        </p>
      );
    case "invalid":
      return <NotValid />;
    case "failed":
      return (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 leading-7 text-red-900">
          <p className="font-semibold">Your call couldn't be loaded.</p>
          <p>
            {view.network
              ? "The connection may have dropped. Check it, then try again."
              : (view.message ?? "Please try again.")}
          </p>
          <button
            type="button"
            onClick={onRetry}
            className="mt-2 inline-flex min-h-11 items-center rounded-lg border-2 border-red-800 px-4 font-semibold hover:bg-red-100"
          >
            Try again
          </button>
          <div className="mt-2 text-sm">
            <ReachOutLine lead="If it keeps happening, e-mail" />
          </div>
        </div>
      );
    case "moved":
      return (
        <BookingConfirmation booking={view.booking} zone={zoneOf(view.booking)} title="Your call is moved" moved />
      );
    case "cancelled":
      return (
        <Panel title="Cancelled">
          <p>
            Your {view.booking.meeting_name.toLowerCase()} on {formatWhen(view.booking.start, zoneOf(view.booking))} is
            cancelled. A cancellation is on its way to{" "}
            <strong className="font-semibold break-all text-slate-900">{view.booking.email}</strong>: it takes the call
            off your calendar.
          </p>
          <p>
            Whenever you're ready to talk,{" "}
            <Link to="/book" className={link}>
              book another call
            </Link>
            .
          </p>
        </Panel>
      );
    case "open": {
      const { booking } = view;
      if (booking.status === "cancelled")
        return (
          <Panel title="This call was cancelled">
            <FactsBox booking={booking} />
            <p>
              Nothing more to do. To talk another time,{" "}
              <Link to="/book" className={link}>
                book a new call
              </Link>
              .
            </p>
          </Panel>
        );
      if (booking.status === "no_show" || view.past)
        return (
          <Panel title="This call's time has passed">
            <FactsBox booking={booking} />
            <p>
              It can't be changed now. To talk again,{" "}
              <Link to="/book" className={link}>
                book a new call
              </Link>
              .
            </p>
            <ReachOutLine lead="Or e-mail" />
          </Panel>
        );
      return action === "reschedule" ? (
        <Reschedule
          booking={booking}
          token={token}
          onMoved={(moved) => setView({ kind: "moved", booking: moved })}
          onInvalid={() => setView({ kind: "invalid" })}
        />
      ) : (
        <Cancel
          booking={booking}
          token={token}
          onCancelled={(cancelled) => setView({ kind: "cancelled", booking: cancelled })}
          onInvalid={() => setView({ kind: "invalid" })}
        />
      );
    }
  }
}

/** The zone the visitor booked in, if this browser knows it; otherwise the browser's own. */
const zoneOf = (booking: PublicBooking) => (isKnownZone(booking.time_zone) ? booking.time_zone : detectZone());

function FactsBox({ booking, zone = zoneOf(booking) }: { booking: PublicBooking; zone?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <BookingFacts booking={booking} zone={zone} />
    </div>
  );
}

type Failure = { message?: string; network?: boolean };

function failureOf(result: Extract<BookingResult<unknown>, { ok: false }>, fallback: string): Failure {
  return result.status === 0 ? { network: true } : { message: result.message ?? fallback };
}

function Reschedule({
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
  const [failure, setFailure] = useState<Failure | null>(null);
  const [conflict, setConflict] = useState<{ message: string; slots: BookingSlot[] | null } | null>(null);
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
      const taken = selected.start;
      const named = result.nextSlots.filter((slot) => slot.start !== taken && slot.start !== booking.start);
      setConflict({ message: result.message ?? SLOT_TAKEN, slots: named.length ? named : null });
      setSelected(null);
      setVersion((n) => n + 1);
      setFocus({ target: "conflict" });
      trackError(result.message ?? SLOT_TAKEN, "booking reschedule");
      if (!named.length) {
        const now = new Date();
        const end = new Date(now.getTime() + 14 * 24 * 60 * 60 * 1000);
        void loadAvailability({ type: booking.type_slug, start: now.toISOString(), end: end.toISOString() })
          .catch(() => null)
          .then((found) => {
            const slots = found?.ok
              ? found.data.slots.filter((slot) => slot.start !== taken && slot.start !== booking.start).slice(0, 5)
              : [];
            setConflict((current) => (current && current.slots === null ? { ...current, slots } : current));
          });
      }
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
        <section aria-labelledby="reschedule-confirm-title" className="mt-10 border-t border-slate-200 pt-8">
          <h3
            ref={confirmRef}
            id="reschedule-confirm-title"
            tabIndex={-1}
            className="scroll-mt-28 text-xl font-bold text-slate-900 focus:outline-none"
          >
            {selected ? "Move the call to" : "Pick another time"}
          </h3>
          {selected ? (
            <p className="mt-3 rounded-xl bg-brand-50 p-4 text-slate-900">
              <span className="font-semibold">{formatWhen(selected.start, zone)}</span>{" "}
              <span className="text-slate-700">({zoneName(zone, selected.start)})</span>
            </p>
          ) : null}
          {conflict ? (
            <div className="mt-4">
              <NextTimes
                ref={conflictRef}
                message={conflict.message}
                slots={conflict.slots}
                zone={zone}
                onPick={pick}
              />
            </div>
          ) : null}
          <form onSubmit={(event) => void move(event)} aria-busy={sending || undefined} className="mt-6 space-y-4">
            {failure ? (
              <FormAlert ref={alertRef} title="The call wasn't moved.">
                {failure.message ? <p>{failure.message}</p> : null}
                {failure.network ? (
                  <p>The connection may have dropped. Check it, then press the button again.</p>
                ) : null}
                <ReachOutLine lead="If it keeps happening, e-mail" />
              </FormAlert>
            ) : null}
            <SubmitButton sending={sending} sendingLabel="Moving..." disabled={!selected}>
              Move the call
            </SubmitButton>
          </form>
        </section>
      ) : null}
    </div>
  );
}

function Cancel({
  booking,
  token,
  onCancelled,
  onInvalid,
}: {
  booking: PublicBooking;
  token: string;
  onCancelled: (booking: PublicBooking) => void;
  onInvalid: () => void;
}) {
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const alertRef = useRef<HTMLDivElement>(null);
  // Each failure moves the focus to the alert.
  const [failedAt, setFailedAt] = useState(0);
  useEffect(() => {
    if (failedAt) alertRef.current?.focus();
  }, [failedAt]);

  async function cancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setFailure(null);
    const result = await cancelCall(token, reason);
    setSending(false);
    if (result.ok) return onCancelled(result.data.booking);
    if (result.status === 404) return onInvalid();
    setError(result.fields?.reason);
    const failed = failureOf(result, "The call couldn't be cancelled just now. Please try again.");
    setFailure(failed);
    trackError(failed.message ?? "Network error", "booking cancel");
    setFailedAt((n) => n + 1);
  }

  return (
    <div>
      <h2 className={heading}>The call</h2>
      <div className="mt-4">
        <FactsBox booking={booking} />
      </div>
      <form onSubmit={(event) => void cancel(event)} aria-busy={sending || undefined} className="mt-8 space-y-6">
        {failure ? (
          <FormAlert ref={alertRef} title="The call wasn't cancelled.">
            {failure.message ? <p>{failure.message}</p> : null}
            {failure.network ? <p>The connection may have dropped. Check it, then press the button again.</p> : null}
            <ReachOutLine lead="If it keeps happening, e-mail" />
          </FormAlert>
        ) : null}
        <TextareaField
          id="cancel-reason"
          name="reason"
          label="Anything I should know?"
          hint="A word about why helps me plan, but it isn't needed."
          optional
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
        />
        <SubmitButton sending={sending} sendingLabel="Cancelling...">
          Cancel the call
        </SubmitButton>
      </form>
    </div>
  );
}

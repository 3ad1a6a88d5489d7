import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { PublicBooking } from "~/contracts/booking-public";
import { ReachOutLine } from "~/components/site/forms/failure-help";
import { buttonClass } from "~/components/ui/button";
import { loadManaged } from "./booking-api";
import { BookingConfirmation } from "./booking-confirmation";
import { Cancel } from "./manage-cancel";
import { FactsBox, heading, zoneOf } from "./manage-parts";
import { Reschedule } from "./manage-reschedule";
import { formatWhen } from "./zones";

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

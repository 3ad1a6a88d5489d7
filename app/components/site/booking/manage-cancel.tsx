import { useEffect, useRef, useState, type FormEvent } from "react";
import type { PublicBooking } from "~/contracts/booking-public";
import { SubmitButton } from "~/components/site/forms/submit-button";
import { TextareaField } from "~/components/site/forms/textarea-field";
import { trackError } from "~/lib/analytics";
import { cancelCall } from "./booking-api";
import { FactsBox, heading } from "./manage-parts";
import { FailureAlert, failureOf, type BookingFailure } from "./send-failure";

/**
 * A cancel link's call still on (docs/product/bookings.md "Links"): the call, an optional reason
 * and the button to cancel it.
 */
export function Cancel({
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
  const [failure, setFailure] = useState<BookingFailure | null>(null);
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
        {failure ? <FailureAlert ref={alertRef} title="The call wasn't cancelled." failure={failure} /> : null}
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

import { useId, useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, CircleCheck, FolderKanban, User, UserX, XCircle } from "lucide-react";
import { toast } from "sonner";
import type { OwnerBooking } from "~/contracts/booking-owner";
import { LOCATION_LABELS } from "~/contracts/booking-terms";
import { ApiError, errorMessage } from "~/lib/api/call";
import { formatInstant } from "~/lib/time/zoned";
import { Dialog } from "../ui/dialog";
import { EmailAddress } from "../ui/email-address";
import { InlineLoading } from "../ui/loading";
import { adminButton, inputClass, labelClass } from "../ui/styles";
import {
  bookingKeys,
  bookingRequests,
  useBookingChange,
  useBooking,
  useBookingPage,
  type BookingListFilter,
} from "./api";
import { contactHref, projectHref } from "./bookings-panel";
import { BUSINESS_ZONE, callTime } from "./labels";
import { RescheduleForm } from "./reschedule-form";
import { BookingStatusBadge } from "./status-badge";

/**
 * A booking's details (/admin/bookings?booking=ID): when (the business's zone and the visitor's),
 * who, what about, the owner's notes, and Mark no-show / Mark confirmed, Cancel call with a
 * message, Reschedule to a free time.
 */
export function BookingDialog({
  bookingId,
  filter,
  onClose,
}: {
  bookingId: number | null;
  /** The list's page beside it (already read: the booking is most often on it). */
  filter: BookingListFilter;
  onClose: () => void;
}) {
  const page = useBookingPage(filter);
  const known = page.data?.bookings.find((b) => b.id === bookingId);
  const lookup = useBooking(bookingId, !known && !page.isPending);
  const found = known ?? lookup.data;
  const [latest, setLatest] = useState<OwnerBooking | null>(null);
  const booking = latest && latest.id === bookingId ? latest : found;
  const [mode, setMode] = useState<"view" | "cancel" | "reschedule">("view");
  // Another booking opened: its own view.
  const [shownId, setShownId] = useState(bookingId);
  if (shownId !== bookingId) {
    setShownId(bookingId);
    setMode("view");
  }
  return (
    <Dialog
      open={bookingId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={mode === "cancel" ? "Cancel call" : mode === "reschedule" ? "Reschedule call" : "Booking"}
      description={booking ? `${booking.meeting_name} with ${booking.name}, ${callTime(booking.start)}` : undefined}
      wide
    >
      {booking ? (
        <BookingDetails booking={booking} mode={mode} onMode={setMode} onChanged={setLatest} />
      ) : page.isPending || lookup.isPending ? (
        <InlineLoading label="Loading the booking..." />
      ) : (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(lookup.error, "Failed to fetch the booking")}
        </p>
      )}
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function BookingDetails({
  booking,
  mode,
  onMode,
  onChanged,
}: {
  booking: OwnerBooking;
  mode: "view" | "cancel" | "reschedule";
  onMode: (mode: "view" | "cancel" | "reschedule") => void;
  onChanged: (booking: OwnerBooking) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const notes = useBookingChange((text: string) => bookingRequests.saveNotes(booking.id, text));
  const status = useBookingChange((next: "confirmed" | "no_show") => bookingRequests.setStatus(booking.id, next));
  const cancel = useBookingChange((message: string) => bookingRequests.cancel(booking.id, message));
  const move = useBookingChange((start: string) => bookingRequests.reschedule(booking.id, start));
  const [noteText, setNoteText] = useState(booking.owner_notes);
  const [message, setMessage] = useState("");
  // Notes saved elsewhere (another tab) show once this booking is read again, unless being typed.
  const [savedNotes, setSavedNotes] = useState(booking.owner_notes);
  if (booking.owner_notes !== savedNotes) {
    setSavedNotes(booking.owner_notes);
    if (noteText === savedNotes) setNoteText(booking.owner_notes);
  }
  const cancelled = booking.status === "cancelled";
  const [openedAt] = useState(() => Date.now());
  const started = Date.parse(booking.start) <= openedAt;
  const length = Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000);

  if (mode === "reschedule")
    return (
      <RescheduleForm
        booking={booking}
        busy={move.isPending}
        error={move.error}
        onBack={() => {
          move.reset();
          onMode("view");
        }}
        onMove={(start) =>
          move.mutate(start, {
            onSuccess: (moved) => {
              onChanged(moved);
              onMode("view");
              toast.success(`Call moved to ${callTime(moved.start)}. ${moved.name} gets the new time by e-mail.`);
            },
            onError: (error) => {
              toast.error(errorMessage(error, "Failed to move the call"));
              // A time taken meanwhile: the free times are read again.
              if (error instanceof ApiError && error.status === 409)
                void queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, "availability"] });
            },
          })
        }
      />
    );

  if (mode === "cancel")
    return (
      <form
        className="grid gap-4"
        aria-label="Cancel call"
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate(message.trim(), {
            onSuccess: (done) => {
              onChanged(done);
              setMessage("");
              onMode("view");
              toast.success(`Call cancelled. ${done.name} was told by e-mail.`);
            },
            onError: (error) => toast.error(errorMessage(error, "Failed to cancel the call")),
          });
        }}
      >
        <p className="text-sm text-slate-700">
          {booking.name} gets an e-mail that the call on {callTime(booking.start)} is cancelled, with your message and a
          link to book another time. The time is free again at once.
        </p>
        <div>
          <label htmlFor={`${id}-message`} className={labelClass}>
            Message to {booking.name} (optional)
          </label>
          <textarea
            id={`${id}-message`}
            rows={4}
            maxLength={2000}
            className={`${inputClass} mt-1`}
            placeholder="I'm sorry, I have to move this: please pick another time."
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        {cancel.error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {errorMessage(cancel.error, "Failed to cancel the call")}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className={adminButton.secondary}
            onClick={() => {
              cancel.reset();
              setMessage("");
              onMode("view");
            }}
            disabled={cancel.isPending}
          >
            Keep the call
          </button>
          <button type="submit" className={adminButton.danger} disabled={cancel.isPending}>
            {cancel.isPending ? "Cancelling..." : "Cancel call"}
          </button>
        </div>
      </form>
    );

  const statusError = status.error;
  return (
    <div className="grid gap-5" data-testid="booking-details">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="When">
          {formatInstant(booking.start, "weekdayYear")} <span className="text-slate-600">({length} min)</span>
        </Fact>
        <Fact label="Visitor's time">
          {formatInstant(booking.start, "weekday", booking.time_zone)}{" "}
          <span className="text-slate-600">({booking.time_zone})</span>
        </Fact>
        <Fact label="Status">
          <span className="flex flex-wrap items-center gap-2">
            <BookingStatusBadge status={booking.status} />
            {cancelled && booking.cancelled_by && (
              <span className="text-xs text-slate-600">
                by {booking.cancelled_by === "owner" ? "you" : "the visitor"}
              </span>
            )}
          </span>
        </Fact>
        <Fact label="Meeting">
          {booking.meeting_name} · {LOCATION_LABELS[booking.location_kind]}
          {booking.location_detail && booking.location_kind !== "phone" && (
            <span className="block text-slate-700">{booking.location_detail}</span>
          )}
        </Fact>
        <Fact label="Name">{booking.name}</Fact>
        <Fact label="E-mail">
          <a className="text-brand-800 underline" href={`mailto:${booking.email}`}>
            <EmailAddress email={booking.email} />
          </a>
        </Fact>
        <Fact label="Phone">
          {booking.phone ? (
            <a className="text-brand-800 underline" href={`tel:${booking.phone}`}>
              {booking.phone}
            </a>
          ) : (
            <span className="text-slate-500">Not given</span>
          )}
        </Fact>
        <Fact label="Booked">{formatInstant(booking.created_at)}</Fact>
        {booking.landing_page && <Fact label="Came from">{booking.landing_page}</Fact>}
      </dl>

      {(booking.contact_id !== null || booking.project_id !== null) && (
        <div className="flex flex-wrap gap-2">
          {booking.contact_id !== null && (
            <Link to={contactHref(booking.contact_id)} className={adminButton.row}>
              <User className="size-3.5" aria-hidden="true" /> Open contact
            </Link>
          )}
          {booking.project_id !== null && (
            <Link to={projectHref(booking.project_id)} className={adminButton.row}>
              <FolderKanban className="size-3.5" aria-hidden="true" /> Open project {booking.project_id}
            </Link>
          )}
        </div>
      )}

      {!cancelled && (
        <div className="grid gap-2 border-t border-slate-200 pt-4">
          <div className="flex flex-wrap gap-2">
            {booking.status === "confirmed" ? (
              <button
                type="button"
                className={adminButton.secondary}
                disabled={status.isPending}
                title={started ? undefined : "The call has not started yet"}
                onClick={() =>
                  status.mutate("no_show", {
                    onSuccess: (saved) => {
                      onChanged(saved);
                      toast.success(`${saved.name} marked as a no-show`);
                    },
                    onError: (error) => toast.error(errorMessage(error, "Failed to mark the no-show")),
                  })
                }
              >
                <UserX className="size-4" aria-hidden="true" /> Mark no-show
              </button>
            ) : (
              <button
                type="button"
                className={adminButton.secondary}
                disabled={status.isPending}
                onClick={() =>
                  status.mutate("confirmed", {
                    onSuccess: (saved) => {
                      onChanged(saved);
                      toast.success("Call marked confirmed");
                    },
                    onError: (error) => toast.error(errorMessage(error, "Failed to mark the call confirmed")),
                  })
                }
              >
                <CircleCheck className="size-4" aria-hidden="true" /> Mark confirmed
              </button>
            )}
            <button type="button" className={adminButton.secondary} onClick={() => onMode("reschedule")}>
              <CalendarClock className="size-4" aria-hidden="true" /> Reschedule
            </button>
            <button
              type="button"
              className={`${adminButton.secondary} text-red-800 hover:bg-red-50`}
              onClick={() => onMode("cancel")}
            >
              <XCircle className="size-4" aria-hidden="true" /> Cancel call
            </button>
          </div>
          {statusError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(statusError, "Failed to update the call")}
            </p>
          ) : null}
          <p className="text-xs text-slate-600">
            Times are in {BUSINESS_ZONE}. A move or a cancellation is e-mailed to {booking.name} with the calendar
            update.
          </p>
        </div>
      )}
      <section aria-labelledby={`${id}-about`} className="border-t border-slate-200 pt-4">
        <h3 id={`${id}-about`} className="text-sm font-semibold text-slate-900">
          About
        </h3>
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">
          {booking.about || <span className="text-slate-500">Nothing written.</span>}
        </p>
        {cancelled && booking.cancel_message && (
          <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">
            <span className="font-medium">Cancellation message: </span>
            {booking.cancel_message}
          </p>
        )}
      </section>

      <form
        className="grid gap-2 border-t border-slate-200 pt-4"
        aria-label="Notes"
        onSubmit={(event) => {
          event.preventDefault();
          notes.mutate(noteText, {
            onSuccess: (saved) => {
              onChanged(saved);
              toast.success("Notes saved");
            },
            onError: (error) => toast.error(errorMessage(error, "Failed to save the notes")),
          });
        }}
      >
        <label htmlFor={`${id}-notes`} className="text-sm font-semibold text-slate-900">
          Your notes
        </label>
        <p id={`${id}-notes-hint`} className="-mt-1 text-xs text-slate-600">
          Only you see these.
        </p>
        <textarea
          id={`${id}-notes`}
          rows={4}
          maxLength={5000}
          aria-describedby={`${id}-notes-hint`}
          className={inputClass}
          value={noteText}
          onChange={(e) => setNoteText(e.target.value)}
        />
        {notes.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(notes.error, "Failed to save the notes")}
          </p>
        ) : null}
        <div className="flex justify-end">
          <button
            type="submit"
            className={adminButton.secondary}
            disabled={notes.isPending || noteText === booking.owner_notes}
          >
            {notes.isPending ? "Saving..." : "Save notes"}
          </button>
        </div>
      </form>
    </div>
  );
}

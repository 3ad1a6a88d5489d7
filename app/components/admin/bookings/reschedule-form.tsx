import { useId, useMemo, useState } from "react";
import { ChevronRight } from "lucide-react";
import type { OwnerBooking } from "~/contracts/booking-owner";
import type { BookingSlot } from "~/contracts/booking-public";
import { MAX_AVAILABILITY_DAYS } from "~/contracts/booking-terms";
import { ApiError, errorMessage } from "~/lib/api/call";
import { formatInstant } from "~/lib/time/zoned";
import { InlineLoading } from "../ui/loading";
import { adminButton, inputClass, labelClass } from "../ui/styles";
import { useAvailability } from "./api";
import { BUSINESS_ZONE, dayLabel, zonedDay } from "./labels";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The free times grouped by their day in the business's zone, in order. */
export function slotsByDay(slots: readonly BookingSlot[]): [string, BookingSlot[]][] {
  const days = new Map<string, BookingSlot[]>();
  for (const slot of slots) {
    const day = zonedDay(slot.start);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()];
}

/**
 * Moving a call: a day with free times, then one of its times (the meeting type's free times, in
 * the business's zone, the visitor's time beside it), then Move the call.
 */
export function RescheduleForm({
  booking,
  busy,
  error,
  onMove,
  onBack,
}: {
  booking: OwnerBooking;
  busy: boolean;
  error: unknown;
  onMove: (start: string) => void;
  onBack: () => void;
}) {
  const id = useId();
  // The range asked: from now, MAX_AVAILABILITY_DAYS at a time; Later days moves it on.
  const [from] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  const [page, setPage] = useState(0);
  const start = new Date(from + page * MAX_AVAILABILITY_DAYS * DAY_MS).toISOString();
  const end = new Date(from + (page + 1) * MAX_AVAILABILITY_DAYS * DAY_MS).toISOString();
  const free = useAvailability(booking.type_slug, start, end, true);
  const days = useMemo(() => slotsByDay(free.data?.slots ?? []), [free.data]);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const day = days.find(([d]) => d === chosenDay) ?? days[0];
  const bookableUntil = free.data?.bookable_until;
  const more = bookableUntil ? Date.parse(bookableUntil) > Date.parse(end) : false;
  const taken = error instanceof ApiError && error.status === 409;

  return (
    <div className="grid gap-4" data-testid="reschedule">
      <p className="text-sm text-slate-700">
        Now: <span className="font-medium">{formatInstant(booking.start, "weekdayYear")}</span>. Pick a free time of{" "}
        {booking.meeting_name} ({BUSINESS_ZONE}); {booking.name} gets the new time by e-mail.
      </p>
      {free.isPending ? (
        <InlineLoading label="Loading the free times..." />
      ) : free.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(free.error, "Failed to fetch the free times")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void free.refetch()}>
            Retry
          </button>
        </p>
      ) : days.length === 0 || !day ? (
        <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-700">
          No free times between {dayLabel(zonedDay(start))} and {dayLabel(zonedDay(end))}.
        </p>
      ) : (
        <>
          <div>
            <label htmlFor={`${id}-day`} className={labelClass}>
              Day
            </label>
            <select
              id={`${id}-day`}
              className={`${inputClass} mt-1 sm:w-72`}
              value={day[0]}
              onChange={(e) => {
                setChosenDay(e.target.value);
                setChosen(null);
              }}
            >
              {days.map(([d, slots]) => (
                <option key={d} value={d}>
                  {dayLabel(d)} ({slots.length} free)
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className={labelClass}>Time ({BUSINESS_ZONE})</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {day[1].map((slot) => (
                <label
                  key={slot.start}
                  className="cursor-pointer rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:font-semibold has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                >
                  <input
                    type="radio"
                    name={`${id}-time`}
                    value={slot.start}
                    className="sr-only"
                    checked={chosen === slot.start}
                    onChange={() => setChosen(slot.start)}
                  />
                  {formatInstant(slot.start, "time")}
                </label>
              ))}
            </div>
          </fieldset>
          {chosen && booking.time_zone !== BUSINESS_ZONE && (
            <p className="text-sm text-slate-700">
              For {booking.name}: {formatInstant(chosen, "weekday", booking.time_zone)} ({booking.time_zone}).
            </p>
          )}
        </>
      )}
      {more && !free.isPending && (
        <div>
          <button
            type="button"
            className={adminButton.small}
            onClick={() => {
              setPage(page + 1);
              setChosenDay(null);
              setChosen(null);
            }}
          >
            Later days <ChevronRight className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      )}
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(error, "Failed to move the call")}
          {taken && " Pick another time."}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={adminButton.secondary} onClick={onBack} disabled={busy}>
          Back
        </button>
        <button
          type="button"
          className={adminButton.primary}
          disabled={busy || !chosen}
          onClick={() => chosen && onMove(chosen)}
        >
          {busy ? "Moving..." : "Move the call"}
        </button>
      </div>
    </div>
  );
}

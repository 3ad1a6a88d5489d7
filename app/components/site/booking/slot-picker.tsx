import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import type { BookingSlot, PublicMeetingType } from "~/contracts/booking-public";
import { ReachOutLine } from "~/components/site/forms/failure-help";
import { ChevronDownIcon, ChevronRightIcon } from "~/components/ui/icons";
import { addMonths, compareMonths, monthLabel, monthOf, sameMonth, firstDayOf, type Month } from "./calendar";
import { MonthGrid } from "./month-grid";
import { useMonthAvailability } from "./use-availability";
import { dayKeyOf, formatDay, formatTime, groupByDay, zoneLabel, zoneOptions, type DayKey } from "./zones";

/** How far ahead the month view goes before the API has said (its `bookable_until` then decides). */
const MONTHS_AHEAD_UNTIL_KNOWN = 12;

interface SlotPickerProps {
  slug: string;
  zone: string;
  /** The browser's own zone, always offered in the select. */
  detectedZone: string;
  /** One more zone to offer (the zone a call was booked in). */
  extraZone?: string | null;
  onZoneChange: (zone: string) => void;
  selected: BookingSlot | null;
  onSelect: (slot: BookingSlot) => void;
  /** Changes when a time was taken meanwhile: every month is asked again. */
  version: number;
  onType?: (type: PublicMeetingType) => void;
  /** A start time not to offer (the call's own time, when moving it). */
  exclude?: string;
}

const navButton =
  "inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-300 text-slate-800 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * Picking a time (docs/product/bookings.md "The booking page"): the visitor's time zone, named and
 * changeable; a month view of the days with free times, asked one month at a time and limited to
 * the bookable window; then the chosen day's times as buttons. Focus goes to the day's times once
 * a day is chosen; a live region says what is loading and what was found.
 */
export function SlotPicker({
  slug,
  zone,
  detectedZone,
  extraZone,
  onZoneChange,
  selected,
  onSelect,
  version,
  onType,
  exclude,
}: SlotPickerProps) {
  const ids = useId();
  const monthLabelId = `${ids}-month`;
  const zoneLineId = `${ids}-zone`;
  // The page's "now": today, and the first month shown, in the visitor's zone.
  const [openedAt] = useState(() => new Date());
  const today = dayKeyOf(openedAt, zone);
  const firstMonth = monthOf(today);
  const [month, setMonth] = useState<Month>(() => (selected ? monthOf(dayKeyOf(selected.start, zone)) : firstMonth));
  const [day, setDay] = useState<DayKey | null>(() => (selected ? dayKeyOf(selected.start, zone) : null));
  const [focusState, setFocusState] = useState<DayKey | null>(null);
  const [until, setUntil] = useState<string | null>(null);
  const [dayChosen, setDayChosen] = useState(0);
  const [autoAdvanced, setAutoAdvanced] = useState(false);
  const [shownSelection, setShownSelection] = useState<string | null>(null);
  const timesHeading = useRef<HTMLHeadingElement>(null);

  const { state, retry } = useMonthAvailability(slug, zone, month, version);
  const answer = state.status === "ready" ? state.answer : null;

  const byDay = useMemo(() => {
    if (!answer) return null;
    const slots = exclude ? answer.slots.filter((slot) => slot.start !== exclude) : answer.slots;
    return groupByDay(slots, zone);
  }, [answer, zone, exclude]);
  const free = useMemo(
    () => (byDay ? new Map([...byDay].map(([key, slots]) => [key, slots.length] as const)) : null),
    [byDay],
  );
  const daysWithTimes = byDay ? [...byDay.keys()].filter((key) => sameMonth(monthOf(key), month)) : [];

  const lastMonth = until ? monthOf(dayKeyOf(until, zone)) : addMonths(firstMonth, MONTHS_AHEAD_UNTIL_KNOWN);
  const canShow = (m: Month) => compareMonths(m, firstMonth) >= 0 && compareMonths(m, lastMonth) <= 0;
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);

  // The last moment a call may start, as the API says: the month buttons stop there.
  if (answer && answer.bookable_until !== until) setUntil(answer.bookable_until);

  // A first month with nothing left (late on its last day, say) opens on the next one, once.
  if (answer && !autoAdvanced) {
    setAutoAdvanced(true);
    const nextMonth = addMonths(month, 1);
    const untilMonth = monthOf(dayKeyOf(answer.bookable_until, zone));
    if (!selected && answer.slots.length === 0 && compareMonths(nextMonth, untilMonth) <= 0) setMonth(nextMonth);
  }

  // A time chosen elsewhere (the next free times after a refusal), or a new zone: its day is shown.
  const selection = selected ? `${selected.start}|${zone}` : null;
  if (selected && selection !== shownSelection) {
    setShownSelection(selection);
    const selectedDay = dayKeyOf(selected.start, zone);
    setDay(selectedDay);
    setMonth(monthOf(selectedDay));
    setFocusState(selectedDay);
  }

  // What the API says of the meeting type, for the page's facts.
  const answeredType = answer?.type;
  useEffect(() => {
    if (answeredType) onType?.(answeredType);
  }, [answeredType, onType]);

  useEffect(() => {
    if (dayChosen === 0) return;
    timesHeading.current?.focus();
    timesHeading.current?.scrollIntoView?.({ block: "nearest" });
  }, [dayChosen]);

  const inMonth = (key: DayKey | null): key is DayKey => !!key && sameMonth(monthOf(key), month);
  const focusDay = inMonth(focusState)
    ? focusState
    : inMonth(day)
      ? day
      : (daysWithTimes[0] ?? (inMonth(today) ? today : firstDayOf(month)));

  const times = inMonth(day) && byDay ? (byDay.get(day) ?? []) : [];
  const label = monthLabel(month);
  const announcement =
    state.status === "loading"
      ? `Loading free times for ${label}…`
      : state.status === "ready"
        ? daysWithTimes.length
          ? `${label}: free times on ${daysWithTimes.length} ${daysWithTimes.length === 1 ? "day" : "days"}.`
          : `No free times in ${label}.`
        : "";

  function showMonth(m: Month) {
    if (!canShow(m)) return;
    setMonth(m);
    setFocusState(null);
  }

  function chooseDay(key: DayKey) {
    setDay(key);
    setFocusState(key);
    setDayChosen((n) => n + 1);
  }

  function changeZone(nextZone: string) {
    if (!selected) setDay(null);
    setFocusState(null);
    onZoneChange(nextZone);
  }

  return (
    <div className="space-y-6">
      <div>
        <label htmlFor={`${ids}-zone-select`} className="block font-semibold text-slate-900">
          Your time zone
        </label>
        <div className="relative mt-1.5">
          <select
            id={`${ids}-zone-select`}
            value={zone}
            onChange={(event) => changeZone(event.target.value)}
            aria-describedby={zoneLineId}
            className="block w-full appearance-none truncate rounded-lg border border-slate-400 bg-white py-2.5 pr-10 pl-3.5 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          >
            {zoneOptions(detectedZone, zone, extraZone).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 h-5 w-5 -translate-y-1/2 text-slate-600" />
        </div>
        <p id={zoneLineId} className="mt-1.5 text-sm text-slate-700">
          Times in <strong className="font-semibold text-slate-900">{zoneLabel(zone)}</strong>
        </p>
      </div>

      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(11rem,14rem)]">
        <div className="min-w-0">
          <div className="mb-2 flex items-center justify-between gap-2">
            <button
              type="button"
              className={navButton}
              onClick={() => showMonth(previous)}
              disabled={!canShow(previous)}
              aria-label={`Previous month, ${monthLabel(previous)}`}
            >
              <ChevronRightIcon className="h-5 w-5 rotate-180" />
            </button>
            <h3 id={monthLabelId} className="text-lg font-bold text-slate-900">
              {label}
            </h3>
            <button
              type="button"
              className={navButton}
              onClick={() => showMonth(next)}
              disabled={!canShow(next)}
              aria-label={`Next month, ${monthLabel(next)}`}
            >
              <ChevronRightIcon className="h-5 w-5" />
            </button>
          </div>

          <MonthGrid
            month={month}
            free={free}
            today={today}
            selected={day}
            focusDay={focusDay}
            canShow={canShow}
            onFocusDay={(key) => {
              setFocusState(key);
              if (!sameMonth(monthOf(key), month)) setMonth(monthOf(key));
            }}
            onChoose={chooseDay}
            labelledBy={monthLabelId}
          />
          <p className="mt-2 text-sm text-slate-600">
            Days with free times are highlighted. Use the arrow keys to move between days.
          </p>

          <p role="status" className="sr-only">
            {announcement}
          </p>

          {state.status === "error" ? (
            <div
              role="alert"
              className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-sm leading-6 text-red-900"
            >
              {state.notFound ? (
                <p>
                  {state.message ?? "This kind of call can't be booked here."}{" "}
                  <Link to="/book" className="font-semibold underline underline-offset-2">
                    See the calls you can book
                  </Link>
                  .
                </p>
              ) : (
                <>
                  <p className="font-semibold">
                    {state.network
                      ? "The free times couldn't load: the connection may have dropped."
                      : (state.message ?? "The free times couldn't load just now.")}
                  </p>
                  <button
                    type="button"
                    onClick={retry}
                    className="mt-2 inline-flex min-h-11 items-center rounded-lg border-2 border-red-800 px-4 font-semibold text-red-900 hover:bg-red-100"
                  >
                    Try again
                  </button>
                  <div className="mt-2">
                    <ReachOutLine lead="Or book by phone or e-mail:" />
                  </div>
                </>
              )}
            </div>
          ) : null}

          {state.status === "ready" && daysWithTimes.length === 0 ? (
            <div className="mt-4 rounded-xl bg-slate-50 p-4 text-slate-800">
              <p>No free times in {label}.</p>
              {canShow(next) ? (
                <button
                  type="button"
                  onClick={() => showMonth(next)}
                  className="mt-1 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  Show {monthLabel(next)}
                  <ChevronRightIcon className="h-4 w-4" />
                </button>
              ) : (
                <div className="mt-1 text-sm">
                  <ReachOutLine lead="That's as far ahead as the calendar goes. For a later date, e-mail" />
                </div>
              )}
            </div>
          ) : null}
        </div>

        <div className="min-w-0">
          <h3
            ref={timesHeading}
            tabIndex={-1}
            className="scroll-mt-28 text-lg font-bold text-slate-900 focus:outline-none"
          >
            {inMonth(day) ? `Free times on ${formatDay(day)}` : "Free times"}
          </h3>
          {times.length ? (
            <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-2">
              {times.map((slot) => {
                const chosen = slot.start === selected?.start;
                return (
                  <li key={slot.start}>
                    <button
                      type="button"
                      aria-pressed={chosen}
                      onClick={() => onSelect(slot)}
                      className={`min-h-11 w-full rounded-lg border-2 px-1 text-[0.9375rem] font-semibold whitespace-nowrap tabular-nums transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                        chosen
                          ? "border-brand-700 bg-brand-700 text-white"
                          : "border-brand-600 text-brand-800 hover:bg-brand-50"
                      }`}
                    >
                      {formatTime(slot.start, zone)}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="mt-3 text-slate-700">
              {state.status === "loading" ? "Loading…" : "Pick a highlighted day to see its free times."}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

import { useEffect, useRef, type KeyboardEvent } from "react";
import { dayAfterKey, monthOf, monthWeeks, sameMonth, type Month } from "./calendar";
import { formatDay, type DayKey } from "./zones";

const WEEKDAYS = [
  ["Sun", "Sunday"],
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
] as const;

/** "Tuesday, January 12, 3 times free": what a day's button says to a screen reader. */
export function dayLabel(day: DayKey, free: number | null): string {
  if (free === null) return `${formatDay(day)}, loading`;
  if (free === 0) return `${formatDay(day)}, no free times`;
  return `${formatDay(day)}, ${free} ${free === 1 ? "time" : "times"} free`;
}

interface MonthGridProps {
  month: Month;
  /** Free times per day; null while the month loads. */
  free: ReadonlyMap<DayKey, number> | null;
  today: DayKey;
  selected: DayKey | null;
  /** The one day in the tab order (roving focus). */
  focusDay: DayKey;
  /** Whether the month view may show that month (the bookable window). */
  canShow: (month: Month) => boolean;
  /** The focus moved by a key: the picker follows, to another month when the day is in one. */
  onFocusDay: (day: DayKey) => void;
  onChoose: (day: DayKey) => void;
  labelledBy: string;
}

/**
 * The month as a grid (the WAI-ARIA date grid): one button per day, the arrow keys move a day or a
 * week, Home and End to the week's ends, Page Up and Page Down a month; only one day is in the tab
 * order. A day without a free time stays reachable but is marked disabled and cannot be chosen.
 */
export function MonthGrid({
  month,
  free,
  today,
  selected,
  focusDay,
  canShow,
  onFocusDay,
  onChoose,
  labelledBy,
}: MonthGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  // Set by a key press: after the next render the focused day's button takes the focus.
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = (event.target as HTMLElement).closest<HTMLElement>("button[data-day]");
    const from = target?.dataset.day;
    if (!from) return;
    const next = dayAfterKey(from, event.key);
    if (!next) return;
    event.preventDefault();
    if (!sameMonth(monthOf(next), month) && !canShow(monthOf(next))) return;
    moved.current = true;
    onFocusDay(next);
  }

  const row = "grid grid-cols-7 gap-1";
  return (
    <div
      ref={gridRef}
      role="grid"
      tabIndex={-1}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      className="space-y-1 text-center focus:outline-none"
    >
      <div role="row" className={row}>
        {WEEKDAYS.map(([short, long]) => (
          <div key={short} role="columnheader" className="pb-1 text-xs font-semibold text-slate-600 uppercase">
            <span aria-hidden="true">{short}</span>
            <span className="sr-only">{long}</span>
          </div>
        ))}
      </div>
      {monthWeeks(month).map((week, index) => (
        <div key={index} role="row" className={row}>
          {week.map((day, column) =>
            day ? (
              <DayCell
                key={day}
                day={day}
                free={free ? (free.get(day) ?? 0) : null}
                today={day === today}
                selected={day === selected}
                inTabOrder={day === focusDay}
                onChoose={onChoose}
              />
            ) : (
              <div key={`empty-${column}`} aria-hidden="true" />
            ),
          )}
        </div>
      ))}
    </div>
  );
}

function DayCell({
  day,
  free,
  today,
  selected,
  inTabOrder,
  onChoose,
}: {
  day: DayKey;
  free: number | null;
  today: boolean;
  selected: boolean;
  inTabOrder: boolean;
  onChoose: (day: DayKey) => void;
}) {
  const open = free !== null && free > 0;
  const look = selected
    ? "bg-brand-700 text-white shadow-sm"
    : open
      ? "bg-brand-50 text-brand-900 ring-1 ring-brand-200 hover:bg-brand-100"
      : "text-slate-400";
  return (
    <div role="gridcell" aria-selected={selected}>
      <button
        type="button"
        data-day={day}
        tabIndex={inTabOrder ? 0 : -1}
        aria-label={dayLabel(day, free)}
        aria-disabled={open ? undefined : true}
        aria-current={today ? "date" : undefined}
        onClick={() => open && onChoose(day)}
        className={`relative flex h-11 w-full flex-col items-center justify-center rounded-lg text-base tabular-nums transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${open ? "font-semibold" : "cursor-default"} ${look}`}
      >
        <span aria-hidden="true" className={today ? "underline decoration-2 underline-offset-4" : undefined}>
          {Number(day.slice(8, 10))}
        </span>
        {open ? (
          <span
            aria-hidden="true"
            className={`absolute bottom-1 h-1 w-1 rounded-full ${selected ? "bg-white" : "bg-brand-600"}`}
          />
        ) : null}
      </button>
    </div>
  );
}

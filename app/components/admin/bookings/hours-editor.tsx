import { useId } from "react";
import { Plus, X } from "lucide-react";
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from "~/contracts/booking-terms";
import { adminButton, inputClass } from "../ui/styles";
import { blockOf, weeklyKey, type BlockValues, type WeeklyValues } from "./settings-values";
import { BUSINESS_ZONE } from "./labels";

/** A time field as wide as "09:00 AM" and its clock, side by side with its pair even on a phone. */
const timeClass = `${inputClass.replace("px-3", "px-2 sm:px-3")} min-w-0`;

/** The most blocks of hours a day takes (the API's limit). */
export const MAX_BLOCKS = 6;

/**
 * A day's blocks of hours ("09:00 – 12:00", "13:00 – 17:00"), each with its two times and a
 * Remove, and Add hours. `name` says whose blocks they are to a screen reader ("Monday").
 */
export function BlocksEditor({
  name,
  blocks,
  errorOf,
  onChange,
}: {
  name: string;
  blocks: BlockValues[];
  errorOf: (index: number, field: "start" | "end") => string | undefined;
  onChange: (blocks: BlockValues[]) => void;
}) {
  const id = useId();
  const set = (index: number, patch: Partial<BlockValues>) =>
    onChange(blocks.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  return (
    <div className="grid gap-2">
      {blocks.map((block, index) => {
        const n = blocks.length > 1 ? ` ${index + 1}` : "";
        const startError = errorOf(index, "start");
        const endError = errorOf(index, "end");
        const rowId = `${id}-${block.key}`;
        return (
          <div key={block.key} className="grid gap-1" data-testid="hours-block">
            <div className="grid grid-cols-[minmax(0,9rem)_auto_minmax(0,9rem)_auto] items-center justify-start gap-1.5 sm:gap-2">
              <label htmlFor={`${rowId}-start`} className="sr-only">
                {name}, block{n} from
              </label>
              <input
                id={`${rowId}-start`}
                type="time"
                step={300}
                required
                className={timeClass}
                value={block.start}
                aria-invalid={startError ? true : undefined}
                aria-describedby={startError ? `${rowId}-start-error` : undefined}
                onChange={(e) => set(index, { start: e.target.value })}
              />
              <span aria-hidden="true" className="text-slate-600">
                –
              </span>
              <label htmlFor={`${rowId}-end`} className="sr-only">
                {name}, block{n} until
              </label>
              <input
                id={`${rowId}-end`}
                type="time"
                step={300}
                required
                className={timeClass}
                value={block.end}
                aria-invalid={endError ? true : undefined}
                aria-describedby={endError ? `${rowId}-end-error` : undefined}
                onChange={(e) => set(index, { end: e.target.value })}
              />
              <button
                type="button"
                className={`${adminButton.ghost} px-2`}
                onClick={() => onChange(blocks.filter((_, i) => i !== index))}
              >
                <X className="size-4" aria-hidden="true" />
                <span className="sr-only">
                  Remove {name}, block{n} ({block.start} to {block.end})
                </span>
              </button>
            </div>
            {startError && (
              <p id={`${rowId}-start-error`} className="text-sm text-red-700">
                {startError}
              </p>
            )}
            {endError && (
              <p id={`${rowId}-end-error`} className="text-sm text-red-700">
                {endError}
              </p>
            )}
          </div>
        );
      })}
      {blocks.length < MAX_BLOCKS && (
        <div>
          <button
            type="button"
            className={adminButton.small}
            onClick={() => {
              // A new block starts where the last one ended, an hour long, or at 9:00.
              const last = blocks.at(-1);
              const start = last && last.end < "23:00" ? last.end : "09:00";
              const [h = 9, m = 0] = start.split(":").map(Number);
              const end = `${String(Math.min(h + 1, 23)).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
              onChange([...blocks, blockOf(end > start ? { start, end } : { start: "09:00", end: "17:00" })]);
            }}
          >
            <Plus className="size-3.5" aria-hidden="true" /> Add hours<span className="sr-only"> to {name}</span>
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The weekly hours, Monday to Sunday, in the business's zone: each day open with one or more
 * blocks, or closed (its blocks kept for when it opens again).
 */
export function WeeklyHoursEditor({
  weekly,
  errors,
  onChange,
}: {
  weekly: WeeklyValues;
  errors: Partial<Record<string, string>>;
  onChange: (weekly: WeeklyValues) => void;
}) {
  const id = useId();
  const setDay = (day: Weekday, patch: Partial<WeeklyValues[Weekday]>) =>
    onChange({ ...weekly, [day]: { ...weekly[day], ...patch } });
  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-zone`}>
      <legend className="text-base font-semibold text-slate-900">Weekly hours</legend>
      <p id={`${id}-zone`} className="text-sm text-slate-600">
        When calls may be booked, in the business&apos;s time zone ({BUSINESS_ZONE}). Visitors see the times in their
        own zone.
      </p>
      <ul className="grid divide-y divide-slate-100 rounded-lg border border-slate-200">
        {WEEKDAYS.map((day) => {
          const name = WEEKDAY_NAMES[day];
          const { open, blocks } = weekly[day];
          const dayError = errors[`weekly_hours.${day}`];
          return (
            <li key={day} className="grid gap-2 p-3 sm:grid-cols-[9rem_minmax(0,1fr)] sm:items-start">
              <div className="flex items-center gap-2 sm:pt-2">
                <input
                  id={`${id}-${day}`}
                  type="checkbox"
                  className="size-4 rounded border-slate-400 accent-brand-700"
                  checked={open}
                  onChange={(e) =>
                    setDay(day, {
                      open: e.target.checked,
                      blocks: e.target.checked && blocks.length === 0 ? [blockOf()] : blocks,
                    })
                  }
                />
                <label htmlFor={`${id}-${day}`} className="text-sm font-medium text-slate-900">
                  {name}
                </label>
              </div>
              {open ? (
                <BlocksEditor
                  name={name}
                  blocks={blocks}
                  errorOf={(index, field) => errors[weeklyKey(day, index, field)]}
                  onChange={(next) => setDay(day, next.length === 0 ? { open: false, blocks: [] } : { blocks: next })}
                />
              ) : (
                <p className="text-sm text-slate-600 sm:pt-2">Closed</p>
              )}
              {dayError && <p className="text-sm text-red-700 sm:col-start-2">{dayError}</p>}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

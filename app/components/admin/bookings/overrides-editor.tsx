import { useId, useState } from "react";
import { CalendarPlus, Trash2 } from "lucide-react";
import { adminButton, inputClass, labelClass } from "../ui/styles";
import { BlocksEditor } from "./hours-editor";
import { BUSINESS_ZONE, dayLabel, hoursLine, zonedDay } from "./labels";
import { blockOf, overrideKey, withOverride, type BlockValues, type OverrideValues } from "./settings-values";

/**
 * Date overrides: a day off, or other hours on one date, in place of the weekly hours. Added
 * here and listed in date order, each with Remove; saved with the settings.
 */
export function OverridesEditor({
  overrides,
  errors,
  onChange,
}: {
  overrides: OverrideValues[];
  errors: Partial<Record<string, string>>;
  onChange: (overrides: OverrideValues[]) => void;
}) {
  const id = useId();
  const [day, setDay] = useState("");
  const [off, setOff] = useState(true);
  const [blocks, setBlocks] = useState<BlockValues[]>(() => [blockOf()]);
  const [problem, setProblem] = useState<string | null>(null);
  const [today] = useState(() => zonedDay(new Date().toISOString()));

  function add() {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setProblem("Choose the date first");
    if (!off && blocks.length === 0) return setProblem("Give the day's hours, or choose Day off");
    setProblem(null);
    onChange(withOverride(overrides, { day, off, blocks: off ? [] : blocks }));
    setDay("");
    setBlocks([blockOf()]);
  }

  const update = (index: number, patch: Partial<OverrideValues>) =>
    onChange(overrides.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  return (
    <fieldset className="grid gap-3">
      <legend className="text-base font-semibold text-slate-900">Date overrides</legend>
      <p className="text-sm text-slate-600">
        A day off, or other hours on one date (in {BUSINESS_ZONE}). They replace that day&apos;s weekly hours.
      </p>

      {overrides.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-600">No date overrides.</p>
      ) : (
        <ul className="grid divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Date overrides">
          {overrides.map((o, index) => {
            const past = o.day < today;
            const dayError = errors[overrideKey(index, "day")] ?? errors[overrideKey(index, "hours")];
            return (
              <li key={o.key} className="grid gap-2 p-3" data-testid="override-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-medium text-slate-900">{dayLabel(o.day)}</span>{" "}
                    <span className="text-slate-700">
                      {o.off ? "· Day off" : o.blocks.length > 0 ? `· ${hoursLine(o.blocks)}` : ""}
                    </span>
                    {past && <span className="ml-2 text-xs text-slate-600">(past)</span>}
                  </p>
                  <button
                    type="button"
                    className={adminButton.row}
                    onClick={() => onChange(overrides.filter((_, i) => i !== index))}
                  >
                    <Trash2 className="size-3.5" aria-hidden="true" /> Remove
                    <span className="sr-only"> the override of {dayLabel(o.day)}</span>
                  </button>
                </div>
                {!o.off && (
                  <BlocksEditor
                    name={dayLabel(o.day)}
                    blocks={o.blocks}
                    errorOf={(i, field) => errors[overrideKey(index, `hours.${i}.${field}`)]}
                    onChange={(next) => update(index, next.length === 0 ? { off: true, blocks: [] } : { blocks: next })}
                  />
                )}
                {dayError && <p className="text-sm text-red-700">{dayError}</p>}
              </li>
            );
          })}
        </ul>
      )}

      <div className="grid gap-3 rounded-lg border border-dashed border-slate-300 p-3" data-testid="override-add">
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor={`${id}-day`} className={labelClass}>
              Date
            </label>
            <input
              id={`${id}-day`}
              type="date"
              min={today}
              className={`${inputClass} mt-1 w-44`}
              value={day}
              aria-invalid={problem && !day ? true : undefined}
              onChange={(e) => setDay(e.target.value)}
            />
          </div>
          <div role="radiogroup" aria-label="That day" className="flex flex-wrap gap-4 pb-2">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-kind`}
                className="accent-brand-700"
                checked={off}
                onChange={() => setOff(true)}
              />
              Day off
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-kind`}
                className="accent-brand-700"
                checked={!off}
                onChange={() => setOff(false)}
              />
              Other hours
            </label>
          </div>
        </div>
        {!off && <BlocksEditor name="The new date" blocks={blocks} errorOf={() => undefined} onChange={setBlocks} />}
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div>
          <button type="button" className={adminButton.secondary} onClick={add}>
            <CalendarPlus className="size-4" aria-hidden="true" /> Add date
          </button>
        </div>
      </div>
    </fieldset>
  );
}

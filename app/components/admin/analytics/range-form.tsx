import { useState, type FormEvent } from "react";
import { site } from "~/config/site";
import { addDays, dayIn } from "~/contracts/analytics-days";
import { Field } from "~/components/admin/ui/field";
import { adminButton } from "~/components/admin/ui/styles";

export interface DayRange {
  from: string;
  to: string;
}

const PRESETS = [
  { label: "7 days", days: 7 },
  { label: "30 days", days: 30 },
  { label: "90 days", days: 90 },
  { label: "12 months", days: 365 },
] as const;

/** The range of days the figures cover: a preset, or two days typed or picked. */
export function RangeForm({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | undefined>();
  const today = dayIn(site.timeZone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError("Choose both days");
    if (from > to) return setError("From must not be after To");
    setError(undefined);
    onChange({ from, to });
  };
  const preset = (days: number) => {
    const next = { from: addDays(today, -(days - 1)), to: today };
    setFrom(next.from);
    setTo(next.to);
    setError(undefined);
    onChange(next);
  };
  const active = (days: number) => range.to === today && range.from === addDays(today, -(days - 1));

  return (
    <div className="grid gap-3">
      <div role="group" aria-label="Quick ranges" className="flex flex-wrap gap-1">
        {PRESETS.map((p) => (
          <button
            key={p.days}
            type="button"
            aria-pressed={active(p.days)}
            onClick={() => preset(p.days)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${
              active(p.days) ? "bg-brand-700 text-white" : "text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            }`}
          >
            Last {p.label}
          </button>
        ))}
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Date range">
        <div className="w-40">
          <Field label="From" error={error}>
            {(props) => (
              <input
                {...props}
                type="date"
                name="from"
                value={from}
                max={to || today}
                onChange={(e) => setFrom(e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="w-40">
          <Field label="To">
            {(props) => (
              <input {...props} type="date" name="to" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
            )}
          </Field>
        </div>
        <button type="submit" className={`${adminButton.secondary} ${error ? "self-center" : ""}`}>
          Show
        </button>
      </form>
    </div>
  );
}

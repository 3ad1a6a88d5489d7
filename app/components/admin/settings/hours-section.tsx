import { useId } from "react";
import { inputClass } from "~/components/admin/ui/styles";
import { WEEKDAYS, type DayHours, type Weekday } from "~/contracts/chat-settings";
import { SettingsSection, type SectionProps } from "./settings-section";
import { SwitchField } from "~/components/admin/ui/switch-field";

export const dayName = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

/** Business hours per weekday, in the business's time zone (Eastern Time). */
export function HoursSection({ values, change, errors }: SectionProps) {
  const setDay = (day: Weekday, patch: Partial<DayHours>, field: string) =>
    change(
      (v) => ({ ...v, business_hours: { ...v.business_hours, [day]: { ...v.business_hours[day], ...patch } } }),
      field,
    );
  return (
    <SettingsSection
      title="Business hours"
      description="Times are Eastern Time (America/New_York), where the business is."
    >
      <SwitchField
        label="Use business hours"
        description="On: outside these hours the chat shows as offline, with the offline message. Off: always online."
        checked={values.business_hours_enabled}
        onCheckedChange={(on) => change((v) => ({ ...v, business_hours_enabled: on }), "business_hours_enabled")}
      />
      <fieldset className="grid gap-3">
        <legend className="sr-only">Hours by day</legend>
        <div
          aria-hidden="true"
          className="hidden text-xs font-medium text-slate-600 sm:grid sm:grid-cols-[9rem_1fr_1fr] sm:gap-3"
        >
          <span>Day</span>
          <span>Opens</span>
          <span>Closes</span>
        </div>
        {WEEKDAYS.map((day) => (
          <DayRow
            key={day}
            day={day}
            hours={values.business_hours[day]}
            errors={{
              start: errors[`business_hours.${day}.start`],
              end: errors[`business_hours.${day}.end`],
            }}
            onChange={(patch, field) => setDay(day, patch, `business_hours.${day}.${field}`)}
          />
        ))}
      </fieldset>
    </SettingsSection>
  );
}

function DayRow({
  day,
  hours,
  errors,
  onChange,
}: {
  day: Weekday;
  hours: DayHours;
  errors: { start?: string; end?: string };
  onChange: (patch: Partial<DayHours>, field: keyof DayHours) => void;
}) {
  const id = useId();
  const name = dayName(day);
  const time = (field: "start" | "end", label: string) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="text-xs font-medium text-slate-600 sm:sr-only">
        <span className="sr-only">{name} </span>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        type="time"
        required
        value={hours[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(e) => onChange({ [field]: e.target.value }, field)}
        className={`${inputClass} mt-1 sm:mt-0 ${hours.enabled ? "" : "text-slate-600"}`}
      />
      {errors[field] && (
        <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
          {errors[field]}
        </p>
      )}
    </div>
  );
  return (
    <div className="grid grid-cols-2 items-start gap-x-3 gap-y-1 sm:grid-cols-[9rem_1fr_1fr]">
      <label className="col-span-2 flex min-h-9 items-center gap-2 text-sm font-medium text-slate-900 sm:col-span-1">
        <input
          type="checkbox"
          checked={hours.enabled}
          onChange={(e) => onChange({ enabled: e.target.checked }, "enabled")}
          className="size-4 accent-brand-700"
        />
        {name}
        {!hours.enabled && (
          <span aria-hidden="true" className="text-xs font-normal text-slate-600">
            (closed)
          </span>
        )}
      </label>
      {time("start", "Opens")}
      {time("end", "Closes")}
    </div>
  );
}

import { useId, type ReactNode } from "react";
import { errorId, hintId } from "./field-parts";
import { FieldError } from "./field-error";
import type { FieldOption } from "./select-field";

interface RadioGroupProps {
  name: string;
  legend: ReactNode;
  options: readonly FieldOption[];
  /** The option checked at first (uncontrolled). */
  defaultValue?: string;
  id?: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/** A fieldset of native radio buttons with a legend; each option is a full-width tap target. */
export function RadioGroup({
  name,
  legend,
  options,
  defaultValue,
  id,
  error,
  hint,
  required,
  disabled,
}: RadioGroupProps) {
  const generated = useId();
  const groupId = id ?? `${generated}${name}`;
  const described = [hint ? hintId(groupId) : null, error ? errorId(groupId) : null].filter(Boolean).join(" ");
  return (
    <fieldset
      id={groupId}
      aria-describedby={described || undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="font-semibold text-slate-900">{legend}</legend>
      {hint ? (
        <p id={hintId(groupId)} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const optionId = `${groupId}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3.5 py-3 text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-slate-900 hover:border-brand-400"
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={option.value === defaultValue}
                required={required}
                className="h-4 w-4 shrink-0 accent-brand-700"
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      <FieldError fieldId={groupId} message={error} />
    </fieldset>
  );
}

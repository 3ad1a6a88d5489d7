import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { ChevronDownIcon } from "~/components/ui/icons";
import { controlClass, describedBy, FieldHint, FieldLabel } from "./field-parts";
import { FieldError } from "./field-error";

export interface FieldOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "className"> {
  name: string;
  label: ReactNode;
  options: readonly FieldOption[];
  /** Label of a first, empty option (e.g. 'Choose one (optional)'); none when omitted. */
  emptyLabel?: string;
  id?: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

/** A labelled native select (uncontrolled: pass `defaultValue`). */
export function SelectField({
  name,
  label,
  options,
  emptyLabel,
  id,
  error,
  hint,
  optional,
  required,
  ...rest
}: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? `${generated}${name}`;
  return (
    <div>
      <FieldLabel htmlFor={fieldId} required={required} optional={optional}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={fieldId}>{hint}</FieldHint> : null}
      <div className="relative mt-1.5">
        <select
          {...rest}
          id={fieldId}
          name={name}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          className={`appearance-none pr-10 ${controlClass(Boolean(error))}`}
        >
          {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 h-5 w-5 -translate-y-1/2 text-slate-600" />
      </div>
      <FieldError fieldId={fieldId} message={error} />
    </div>
  );
}

import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { controlClass, describedBy, FieldHint, FieldLabel } from "./field-parts";
import { FieldError } from "./field-error";

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "className"> {
  name: string;
  label: ReactNode;
  id?: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

/** A labelled multi-line text field (uncontrolled, like TextField). */
export function TextareaField({
  name,
  label,
  id,
  error,
  hint,
  optional,
  required,
  rows = 5,
  ...rest
}: TextareaFieldProps) {
  const generated = useId();
  const fieldId = id ?? `${generated}${name}`;
  return (
    <div>
      <FieldLabel htmlFor={fieldId} required={required} optional={optional}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={fieldId}>{hint}</FieldHint> : null}
      <textarea
        {...rest}
        id={fieldId}
        name={name}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={`mt-1.5 resize-y ${controlClass(Boolean(error))}`}
      />
      <FieldError fieldId={fieldId} message={error} />
    </div>
  );
}

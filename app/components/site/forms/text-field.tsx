import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { controlClass, describedBy, FieldHint, FieldLabel } from "./field-parts";
import { FieldError } from "./field-error";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className"> {
  name: string;
  label: ReactNode;
  /** Defaults to a generated id. */
  id?: string;
  error?: string;
  hint?: ReactNode;
  /** Shows '(optional)' after the label. */
  optional?: boolean;
}

/**
 * A labelled text input (text, email, tel...). Uncontrolled: give
 * `defaultValue`, read the value from the form; what the visitor typed stays
 * in the field whatever happens to the request.
 */
export function TextField({
  name,
  label,
  id,
  error,
  hint,
  optional,
  required,
  type = "text",
  ...rest
}: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? `${generated}${name}`;
  return (
    <div>
      <FieldLabel htmlFor={fieldId} required={required} optional={optional}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={fieldId}>{hint}</FieldHint> : null}
      <input
        {...rest}
        id={fieldId}
        name={name}
        type={type}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={`mt-1.5 ${controlClass(Boolean(error))}`}
      />
      <FieldError fieldId={fieldId} message={error} />
    </div>
  );
}

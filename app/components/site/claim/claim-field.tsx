import type { InputHTMLAttributes } from "react";

interface ClaimFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: "text" | "tel" | "email";
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
  /** A textarea with this many rows instead of a one-line input. */
  rows?: number;
}

const control =
  "mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/** A labelled, required field with its hint and its error (aria-invalid + aria-describedby). */
export function ClaimField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  rows,
}: ClaimFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    name,
    value,
    required: true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `${control} ${error ? "border-red-700" : "border-slate-400"}`,
  } as const;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label} <span className="text-sm font-normal text-slate-700">(required)</span>
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm leading-6 text-slate-700">
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea {...shared} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

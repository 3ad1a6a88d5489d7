import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { ApiError, errorMessage } from "~/lib/api/call";
import { fieldErrors, type FieldErrorOptions } from "~/lib/validation";

/** Field name -> the message shown under it; a field without one has no error. */
export type FormErrors = Partial<Record<string, string>>;

export interface SchemaFormOptions<V, S extends z.ZodType, R> {
  /** The form's first values (or the function that makes them, called once). */
  initial: V | (() => V);
  /** The form's Zod schema: what the server's contract checks too. */
  schema: S;
  /** What the schema checks, made from the values (a field left out, the chosen contacts added); the values themselves unless said. */
  input?: (values: V) => unknown;
  /** Rules beyond the schema: given the schema's errors (none when it passed), the form's errors. */
  check?: (values: V, errors: FormErrors) => FormErrors;
  /** The form's own message when a check failed (none unless said). */
  invalidMessage?: (errors: FormErrors, values: V) => string | null;
  /** Told when a check failed (a screen may clear an earlier result). */
  onInvalid?: () => void;
  /** Saves the checked data (usually a mutation's mutateAsync); also given the values as typed. */
  save: (data: z.output<S>, values: V) => Promise<R>;
  /** After a save, while the form is still shown (a closed dialog is told nothing, as with mutate). */
  onSaved?: (result: R, values: V) => void;
  /** The form's message when the save fails and the server says nothing ("Failed to add contact"). */
  fallbackError: string;
  fieldErrorOptions?: FieldErrorOptions;
}

export type SchemaCheck<S extends z.ZodType> = { ok: true; data: z.output<S> } | { ok: false; errors: FormErrors };

/** The schema's check, then the form's own rules: the data to save, or the errors by field. */
export function checkWithSchema<V, S extends z.ZodType>(
  values: V,
  options: Pick<SchemaFormOptions<V, S, unknown>, "schema" | "input" | "check" | "fieldErrorOptions">,
): SchemaCheck<S> {
  const parsed = options.schema.safeParse(options.input ? options.input(values) : values);
  const found: FormErrors = parsed.success ? {} : fieldErrors(parsed.error, options.fieldErrorOptions);
  const errors = options.check ? options.check(values, found) : found;
  if (parsed.success && !Object.values(errors).some(Boolean)) return { ok: true, data: parsed.data };
  return { ok: false, errors };
}

/** The field errors a refused save brings (the server's `fields`), shown on the fields. */
export const saveErrors = (error: unknown): FormErrors =>
  error instanceof ApiError && error.fields ? { ...error.fields } : {};

/**
 * An admin form over a Zod schema: the values as typed, `submit` checks them with the schema
 * (each failure under its field, through fieldErrors) and only then saves; while it saves,
 * `saving`. A refused save shows the server's message (`error`) and its field errors on the
 * fields. Nothing typed is lost on any failure: the values change only when the form changes them.
 */
export function useSchemaForm<V, S extends z.ZodType, R>(options: SchemaFormOptions<V, S, R>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A second submit before the first one's state has rendered is ignored too.
  const busy = useRef(false);
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const set = (patch: Partial<V>) => setValues((current) => ({ ...current, ...patch }));

  function submit(event?: React.FormEvent) {
    event?.preventDefault();
    if (busy.current) return;
    const checked = checkWithSchema(values, options);
    if (!checked.ok) {
      setErrors(checked.errors);
      setError(options.invalidMessage?.(checked.errors, values) ?? null);
      options.onInvalid?.();
      return;
    }
    setErrors({});
    setError(null);
    busy.current = true;
    setSaving(true);
    const typed = values;
    options.save(checked.data, typed).then(
      (result) => {
        busy.current = false;
        if (!shown.current) return;
        setSaving(false);
        options.onSaved?.(result, typed);
      },
      (failure: unknown) => {
        busy.current = false;
        if (!shown.current) return;
        setSaving(false);
        setErrors(saveErrors(failure));
        setError(errorMessage(failure, options.fallbackError));
      },
    );
  }

  return { values, setValues, set, errors, setErrors, error, saving, submit };
}

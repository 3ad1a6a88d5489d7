/**
 * A booking form's refusal that names no field, in its own words: useFocusInvalid moves the focus
 * here (`[data-form-error]`).
 */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      data-form-error
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {error}
    </p>
  );
}

/** A small loading line for dialogs and panels (the full-screen one is too tall there). */
export function InlineLoading({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-slate-700" role="status" aria-live="polite">
      <span
        className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
        aria-hidden="true"
      />
      {label}
    </p>
  );
}

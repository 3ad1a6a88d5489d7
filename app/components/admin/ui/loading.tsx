/** The small spinning ring of a busy button or a loading line. */
export function Spinner() {
  return (
    <span
      className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
      aria-hidden="true"
    />
  );
}

/** A small loading line for dialogs and panels (the full-screen one is too tall there). */
export function InlineLoading({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-slate-700" role="status" aria-live="polite">
      <Spinner />
      {label}
    </p>
  );
}

/** The guard's and the screens' loading state (docs/product/admin-sign-in.md "Guard"). */
export function LoadingScreen({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-slate-700">
        <span
          className="size-6 animate-spin rounded-full border-3 border-brand-200 border-t-brand-700"
          aria-hidden="true"
        />
        <span>{label}</span>
      </div>
    </div>
  );
}

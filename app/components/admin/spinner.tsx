/** The guard's and the screens' loading state (back-office spec 2 "Admin layout"). */
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

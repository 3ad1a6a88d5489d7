/** A section's heading inside the project details (the dialog's title is the h2). */
export function SectionHeading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h3 id={id} className="text-base font-semibold text-slate-900">
      {children}
    </h3>
  );
}

/** A section's failure, in its own words (docs/product/projects.md "Errors"). */
export function SectionError({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

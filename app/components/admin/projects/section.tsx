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

/** A row of labelled figures (a quote's or an invoice's total, deposit, days), two a line on a phone. */
export function Facts({ facts }: { facts: [string, React.ReactNode][] }) {
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Labelled figures in a grid, two a line on a phone and four from sm up (a quote's or an invoice's
 * total, deposit, days). `className` adds the spacing of where it stands.
 */
export function Facts({ facts, className }: { facts: [string, React.ReactNode][]; className: string }) {
  return (
    <dl className={`grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-4 ${className}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

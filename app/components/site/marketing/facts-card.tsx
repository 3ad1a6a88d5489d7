import { formatPrice } from "~/config/site";
import type { Fact } from "~/content/marketing/types";

interface FactsCardProps {
  title: string;
  /** A headline price under the title, e.g. the starting price. */
  price?: number;
  facts: readonly Fact[];
}

/** A small card of key facts: beside a page heading (PageHero aside) or beside a story. */
export function FactsCard({ title, price, facts }: FactsCardProps) {
  return (
    <div className="w-full rounded-3xl bg-white p-6 sm:w-80 sm:p-7 shadow-xl ring-1 ring-brand-100">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-800">{title}</p>
      {price !== undefined ? (
        <p className="mt-2 text-5xl font-extrabold tracking-tight text-slate-900">{formatPrice(price)}</p>
      ) : null}
      <dl className="mt-5 divide-y divide-slate-100 border-t border-slate-100">
        {facts.map((fact) => (
          <div key={fact.label} className="flex items-baseline justify-between gap-4 py-3">
            <dt className="text-sm text-slate-700">{fact.label}</dt>
            <dd className="text-right font-semibold whitespace-nowrap text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

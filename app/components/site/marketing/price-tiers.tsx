import { Link } from "react-router";
import { formatPrice } from "~/config/site";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon, ClockIcon } from "~/components/ui/icons";
import type { PriceTier } from "~/content/marketing/types";

/** Example price points, the popular one highlighted. */
export function PriceTiers({ tiers }: { tiers: readonly PriceTier[] }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3 lg:items-stretch">
      {tiers.map((tier) => (
        <li
          key={tier.name}
          className={`relative flex flex-col rounded-3xl bg-white p-6 sm:p-8 ${
            tier.popular ? "shadow-xl ring-2 ring-brand-700" : "shadow-sm ring-1 ring-slate-200"
          }`}
        >
          {tier.popular ? (
            <p className="absolute -top-3.5 left-6 rounded-full bg-accent-500 px-3 py-1 text-xs font-bold uppercase tracking-wider text-slate-900">
              Most common
            </p>
          ) : null}
          <h3 className="text-xl font-bold text-slate-900">{tier.name}</h3>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="text-sm font-semibold text-slate-700">from</span>
            <span className="text-5xl font-extrabold tracking-tight text-slate-900">{formatPrice(tier.price)}</span>
          </p>
          <p className="mt-4 leading-7 text-slate-700">{tier.bestFor}</p>
          <p className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-brand-800">
            <ClockIcon className="h-4 w-4" />
            Typically {tier.delivery}
          </p>
          <ul className="mt-6 flex-1 space-y-3 border-t border-slate-100 pt-6">
            {tier.features.map((feature) => (
              <li key={feature} className="flex gap-3 text-slate-800">
                <CheckIcon className="mt-1 h-4 w-4 shrink-0 text-brand-600" />
                {feature}
              </li>
            ))}
          </ul>
          <Link
            to="/start-project"
            aria-label={`Start a project: ${tier.name}, from ${formatPrice(tier.price)}`}
            className={`mt-8 ${tier.popular ? buttonClass.brand : buttonClass.outline}`}
          >
            Start a Project
          </Link>
        </li>
      ))}
    </ul>
  );
}

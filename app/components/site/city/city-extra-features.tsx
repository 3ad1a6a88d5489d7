import type { CityFeatureList } from "~/content/cities";
import { CheckIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/site/sections/section-heading";

/**
 * The extra feature list a few cities add (Newport, Cranston, North Kingstown;
 * docs/product/landing-pages.md "City pages").
 */
export function CityExtraFeatures({ features }: { features: CityFeatureList }) {
  return (
    <section aria-labelledby="city-extra-title" data-testid="city-extra-features" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="city-extra-title" title={features.title} intro={features.intro} />
        <ul className="mt-10 grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
          {features.items.map((item) => (
            <li key={item.title} className="flex gap-4">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
                <CheckIcon className="h-5 w-5" />
              </span>
              <div>
                <h3 className="text-lg font-bold text-slate-900">{item.title}</h3>
                <p className="mt-1 leading-7 text-slate-700">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import type { Industry } from "~/content/industries/shared";
import { SparkIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/site/sections/section-heading";

/** Six things the industry's website does (docs/product/landing-pages.md "Industry pages"). */
export function FeatureGrid({ industry }: { industry: Industry }) {
  const { features } = industry;
  return (
    <section aria-labelledby="industry-features-title" className="bg-brand-50/60 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="industry-features-title" title={features.title} intro={features.intro} />
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {features.items.map((item) => (
            <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-accent-400/25 text-accent-600">
                <SparkIcon className="h-5 w-5" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{item.title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

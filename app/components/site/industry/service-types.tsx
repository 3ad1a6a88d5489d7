import type { Industry } from "~/content/industries/shared";
import { CheckIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/site/sections/section-heading";

/** The kinds of business in this industry the site is built for (docs/product/landing-pages.md "Industry pages"). */
export function ServiceTypes({ industry }: { industry: Industry }) {
  const { serviceTypes } = industry;
  return (
    <section aria-labelledby="industry-types-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="industry-types-title" title={serviceTypes.title} intro={serviceTypes.intro} />
        <ul className="mt-10 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {serviceTypes.items.map((item) => (
            <li
              key={item}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 font-medium text-slate-800 shadow-sm"
            >
              <CheckIcon className="h-5 w-5 shrink-0 text-brand-600" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

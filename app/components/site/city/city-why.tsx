import type { City } from "~/content/cities";
import { ClockIcon, MapPinIcon, PhoneIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/site/sections/section-heading";

const ICONS = [MapPinIcon, ClockIcon, PhoneIcon] as const;

/**
 * The 'Why businesses choose us' trio (docs/product/landing-pages.md "City pages"); every city but
 * Providence has one.
 */
export function CityWhy({ why }: { why: NonNullable<City["why"]> }) {
  return (
    <section aria-labelledby="city-why-title" className="bg-brand-50/60 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="city-why-title" title="Why businesses choose us" intro={why.intro} center />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {why.points.map((point, index) => {
            const Icon = ICONS[index % ICONS.length]!;
            return (
              <li key={point.title} className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon className="h-6 w-6" />
                </span>
                <h3 className="mt-5 text-xl font-bold text-slate-900">{point.title}</h3>
                <p className="mt-2 leading-7 text-slate-700">{point.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

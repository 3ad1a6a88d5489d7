import type { City } from "~/content/cities";
import { MapPinIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/site/sections/section-heading";

/** The city's neighborhoods or villages (docs/product/landing-pages.md "City pages"). */
export function CityPlaces({ city }: { city: City }) {
  return (
    <section aria-labelledby="city-places-title" className="bg-white py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="city-places-title" title={city.places.title} intro={city.places.intro} />
        <ul className="mt-8 flex flex-wrap gap-2.5" data-testid="city-places">
          {city.places.names.map((name) => (
            <li
              key={name}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-slate-50 px-3.5 py-1.5 text-sm font-medium text-slate-800"
            >
              <MapPinIcon className="h-4 w-4 shrink-0 text-brand-600" />
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

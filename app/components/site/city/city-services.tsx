import type { City } from "~/content/cities";
import { SectionHeading } from "~/components/site/sections/section-heading";

/**
 * Six service-category cards written for the city's businesses (docs/product/landing-pages.md
 * "City pages"). Each card spans four rows of the list's grid (subgrid), so titles, texts, the
 * 'Good fit for' labels and their chips line up across the cards of a row.
 */
export function CityServices({ city }: { city: City }) {
  return (
    <section aria-labelledby="city-services-title" className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="city-services-title"
          title={`Websites for ${city.name} businesses`}
          intro={city.services.intro}
        />
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {city.services.cards.map((card) => (
            <li
              key={card.title}
              data-testid="city-service-card"
              className="row-span-4 grid grid-rows-subgrid gap-y-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 className="text-xl font-bold text-slate-900">{card.title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{card.description}</p>
              <p className="mt-5 text-xs font-semibold uppercase tracking-wider text-slate-700">Good fit for</p>
              <ul className="mt-2 flex flex-wrap content-start gap-2">
                {card.examples.map((example) => (
                  <li key={example} className="rounded-md bg-brand-50 px-2.5 py-1 text-sm font-medium text-brand-800">
                    {example}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

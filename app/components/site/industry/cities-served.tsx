import { Link } from "react-router";
import { servedCities, site } from "~/config/site";
import { INDUSTRY_CITIES, type Industry } from "~/content/industries/shared";
import { MapPinIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/site/sections/section-heading";

/** One look for every city; the ones with a page of their own add the hover of a link. */
const chip =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-200 bg-white py-2 pl-3 pr-4 font-semibold text-slate-800 shadow-sm";

/**
 * The fixed 13 Rhode Island cities (docs/product/landing-pages.md "Served cities"), each linked to
 * its city page where one exists.
 */
export function CitiesServed({ industry }: { industry: Industry }) {
  return (
    <section aria-labelledby="industry-cities-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="industry-cities-title"
          title="Cities I serve across Rhode Island"
          intro={`I'm based in ${site.address.locality} and build ${industry.noun} websites all over the state, in person or remotely. The towns I work in most:`}
        />
        <ul className="mt-10 flex flex-wrap gap-3" aria-label="Rhode Island cities served">
          {INDUSTRY_CITIES.map((name) => {
            const cityPage = servedCities.find((city) => city.name === name);
            return (
              <li key={name}>
                {cityPage ? (
                  <Link
                    to={cityPage.path}
                    className={`${chip} transition hover:border-brand-300 hover:bg-brand-50 hover:text-brand-900`}
                  >
                    <MapPinIcon className="h-5 w-5 shrink-0 text-brand-600" />
                    {name}
                  </Link>
                ) : (
                  <span className={chip}>
                    <MapPinIcon className="h-5 w-5 shrink-0 text-brand-600" />
                    {name}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

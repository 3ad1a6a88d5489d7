import { Link } from "react-router";
import { servedCities, site } from "~/config/site";
import { MapPinIcon } from "~/components/ui/icons";

/** Links to the eleven city pages (docs/product/site-pages.md "Home"; docs/product/landing-pages.md "City pages"). */
export function CityLinks() {
  return (
    <section aria-labelledby="home-cities-title" className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="home-cities-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Web design across Rhode Island
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            I work out of {site.address.locality}, and it&apos;s a small state: I&apos;m happy to meet you at your shop
            in Woonsocket or grab a coffee in Westerly. Find your town:
          </p>
        </div>
        <ul className="mt-10 flex flex-wrap gap-3">
          {servedCities.map((city) => (
            <li key={city.slug}>
              <Link
                to={city.path}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-200 bg-white py-2 pl-3 pr-4 font-semibold text-slate-800 shadow-sm transition hover:border-brand-300 hover:bg-brand-50 hover:text-brand-900"
              >
                <MapPinIcon className="h-5 w-5 shrink-0 text-brand-600" />
                {`${city.name} Web Design`}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

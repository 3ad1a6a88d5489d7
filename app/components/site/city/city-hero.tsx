import { Link } from "react-router";
import { formatPrice, phoneHref, site } from "~/config/site";
import type { City } from "~/content/cities";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon, MapPinIcon, PhoneIcon } from "~/components/ui/icons";
import { PageHero } from "~/components/site/sections/page-hero";

const facts = [
  `Custom sites from ${formatPrice(site.pricing.startingPrice)}`,
  `Live in ${site.delivery.typical}`,
  "Hosting and support included",
  "Built and looked after by one person",
];

/**
 * City hero (docs/product/landing-pages.md "City pages"): the 'Serving {city}, Rhode Island' badge,
 * the h1, start button and phone.
 */
export function CityHero({ city }: { city: City }) {
  return (
    <PageHero
      eyebrow={
        <>
          <MapPinIcon className="h-4 w-4 text-brand-600" />
          <span data-testid="city-badge">{`Serving ${city.name}, Rhode Island`}</span>
        </>
      }
      title={`Web Design in ${city.name}, RI`}
      intro={
        <>
          <p>{city.hero.intro}</p>
          <p className="mt-3 text-base text-slate-700">{city.hero.meetNote}</p>
        </>
      }
      aside={
        <div className="w-80 rounded-2xl border border-brand-100 bg-white p-6 shadow-lg xl:w-96">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{`For ${city.name} businesses`}</p>
          <ul className="mt-4 space-y-3">
            {facts.map((fact) => (
              <li key={fact} className="flex items-start gap-3 text-slate-800">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                {fact}
              </li>
            ))}
          </ul>
          <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-700">{site.hours.label}</p>
        </div>
      }
    >
      <Link to="/start-project" className={buttonClass.primary}>
        Start Your Project
      </Link>
      <a href={phoneHref} className={buttonClass.outline}>
        <PhoneIcon className="h-5 w-5" />
        {site.phone.display}
      </a>
    </PageHero>
  );
}

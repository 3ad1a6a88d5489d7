import { Link } from "react-router";
import { formatPrice, phoneHref, site } from "~/config/site";
import type { Industry } from "~/content/industries/shared";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon, PhoneIcon } from "~/components/ui/icons";
import { PageHero } from "~/components/site/sections/page-hero";

const glance = [
  `Starting at ${formatPrice(site.pricing.startingPrice)}`,
  `Live in ${site.delivery.typical}`,
  "Hosting and support included",
  `Built by ${site.owner.firstName} in ${site.address.locality}`,
];

/**
 * The industry page's hero (docs/product/landing-pages.md "Industry pages"): h1, intro, calls to
 * action to /start-project, the phone on two pages.
 */
export function IndustryHero({ industry }: { industry: Industry }) {
  const { hero } = industry;
  return (
    <PageHero
      eyebrow={hero.eyebrow}
      title={hero.title}
      intro={<p>{hero.intro}</p>}
      aside={
        <div className="w-80 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">At a glance</p>
          <ul className="mt-4 space-y-3">
            {glance.map((item) => (
              <li key={item} className="flex items-start gap-3 font-medium text-slate-800">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      }
    >
      <Link to="/start-project" className={buttonClass.primary}>
        {hero.startLabel}
      </Link>
      <Link to="/start-project" className={`${buttonClass.outline} bg-white`}>
        Get a Free Quote
      </Link>
      {hero.showPhone ? (
        <a
          href={phoneHref}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 py-2 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
        >
          <PhoneIcon className="h-5 w-5" />
          <span>
            <span className="sr-only">Call </span>
            {site.phone.display}
          </span>
        </a>
      ) : null}
    </PageHero>
  );
}

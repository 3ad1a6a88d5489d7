import { Link } from "react-router";
import { phoneHref, servedCities, site } from "~/config/site";
import { townTitle, type TownMatch } from "~/content/ri-towns";
import { PageHero } from "~/components/site/sections/page-hero";
import { CtaSection } from "~/components/site/sections/cta-section";
import { buttonClass } from "~/components/ui/button";

/** A Rhode Island town without a page of its own: what's on offer there, and the city pages nearby. */
export function TownPage({ town }: { town: TownMatch }) {
  return (
    <>
      <PageHero
        eyebrow={`Serving ${town.name}, Rhode Island`}
        title={townTitle(town.name)}
        intro={
          <p>
            Rhode Island is small enough that {town.name} is never far from {site.address.locality}. I build custom
            websites for {town.name} shops, trades, practices and non-profits: designed for your customers, fast on a
            phone, with hosting and support included, from ${site.pricing.startingPrice}.
          </p>
        }
      >
        <Link to="/start-project" className={buttonClass.primary}>
          Start a Project
        </Link>
        <a href={phoneHref} className={buttonClass.outline}>
          Call {site.phone.display}
        </a>
      </PageHero>
      <section aria-labelledby="town-nearby" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="town-nearby" className="text-2xl font-bold text-slate-900">
          More about working with Rhode Island businesses
        </h2>
        <p className="mt-2 max-w-3xl text-slate-700">
          These pages show the kinds of sites I build around the state; the same work, prices and support apply in{" "}
          {town.name}.
        </p>
        <ul className="mt-6 flex flex-wrap gap-2">
          {servedCities.map((city) => (
            <li key={city.slug}>
              <Link
                to={city.path}
                className="inline-block rounded-full border border-slate-300 px-4 py-2 text-slate-800 hover:bg-slate-50"
              >
                {city.name} Web Design
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <CtaSection
        id="town-cta"
        title={`Let's get your ${town.name} business online`}
        text={`Tell me what you do and who your customers are. I'll reply within ${site.replyPromise.fast} with a clear plan and a straight price.`}
        secondary={{ to: "/contact", label: "Ask a Question" }}
      />
    </>
  );
}

import { Link } from "react-router";
import { formatPrice, phoneHref, site } from "~/config/site";
import { CheckIcon, PhoneIcon } from "~/components/ui/icons";
import { AvatarToggle } from "./avatar-toggle";

/** "1-3 weeks" reads "1-3 week delivery" as a badge. */
export const deliveryBadge = `${site.delivery.typical.replace(/s$/, "")} delivery`;

const badges = [`Starting at ${formatPrice(site.pricing.startingPrice)}`, deliveryBadge, "No corporate nonsense"];

/**
 * Home hero (docs/product/site-pages.md "Home"): headline, badges, calls to action, phone, avatar.
 * On a phone it is set tighter, so Start a Project is on the first screen even above the cookie
 * bar. The avatar stands beside the text from 1280 px; narrower, it goes under it, so that on a
 * 1024x768 screen the headline keeps to two lines and the buttons stay above the fold and the
 * cookie bar.
 */
export function Hero() {
  return (
    <section aria-labelledby="home-hero-title" className="overflow-hidden bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pb-12 pt-8 sm:px-6 sm:pt-16 lg:gap-16 lg:px-8 lg:pb-16 lg:pt-20 xl:grid-cols-[minmax(0,1fr)_auto]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
            Web design from {site.address.locality}, {site.address.region}
          </p>
          <h1
            id="home-hero-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl xl:text-6xl"
          >
            A website your customers can actually find, <span className="text-brand-700">built by a neighbor.</span>
          </h1>
          <p className="mt-5 max-w-2xl text-base leading-7 text-slate-700 sm:mt-6 sm:text-lg sm:leading-8">
            Hi, I&apos;m {site.owner.firstName}. I design and build custom websites for Rhode Island small businesses:
            bakeries on Federal Hill, landscapers in North Kingstown, detailers out in Warwick. You deal with me from
            the first chat to long after launch, and hosting and support come included.
          </p>
          <ul className="mt-5 flex flex-wrap gap-1.5 sm:mt-8 sm:gap-2" aria-label="At a glance">
            {badges.map((badge) => (
              <li
                key={badge}
                className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-brand-900 shadow-sm ring-1 ring-brand-200 sm:gap-1.5 sm:px-3 sm:py-1.5 sm:text-sm"
              >
                <CheckIcon className="h-4 w-4 text-brand-600" />
                {badge}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col gap-3 sm:mt-8 sm:flex-row sm:flex-wrap">
            <Link
              to="/start-project"
              className="inline-flex items-center justify-center rounded-lg bg-accent-500 px-6 py-3.5 text-base font-semibold text-slate-900 shadow-sm hover:bg-accent-400"
            >
              Start a Project
            </Link>
            <Link
              to="/projects"
              className="inline-flex items-center justify-center rounded-lg border-2 border-brand-700 bg-white px-6 py-3 text-base font-semibold text-brand-800 hover:bg-brand-50"
            >
              See My Work
            </Link>
          </div>
          <p className="mt-6 text-slate-700">
            Rather talk it through?{" "}
            <a
              href={phoneHref}
              className="inline-flex items-center gap-1.5 py-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
            >
              <PhoneIcon className="h-4 w-4" />
              {site.phone.display}
            </a>
            <span className="block text-sm text-slate-600 sm:ml-2 sm:inline">{site.hours.label}</span>
          </p>
        </div>
        <AvatarToggle />
      </div>
    </section>
  );
}

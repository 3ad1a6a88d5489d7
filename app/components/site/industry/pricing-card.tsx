import { Link } from "react-router";
import { formatPrice, site } from "~/config/site";
import { pricingIncluded, type Industry } from "~/content/industries/shared";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/site/sections/section-heading";

/** The pricing card: starting at $75 and what is included (docs/product/landing-pages.md "Industry pages"). */
export function PricingCard({ industry }: { industry: Industry }) {
  const included = [...industry.pricingExtras, ...pricingIncluded];
  return (
    <section aria-labelledby="industry-pricing-title" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl items-start gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-16 lg:px-8">
        <div>
          <SectionHeading
            id="industry-pricing-title"
            title={`Honest pricing for your ${industry.noun} website`}
            intro={`Websites start at ${formatPrice(site.pricing.startingPrice)}, and most go live in ${site.delivery.typical}.`}
          />
          <div className="mt-6 max-w-2xl space-y-4 leading-7 text-slate-700">
            <p>
              The final price depends on how many pages you need, how much writing and photo work is involved, and
              extras like galleries or request forms. You get a clear, fixed quote before any work starts, and it
              doesn&apos;t creep.
            </p>
            <p>
              What I don&apos;t build: online stores, customer accounts or complex booking systems. If you need one, I
              link your site to a service that does it well, and tell you so up front.
            </p>
          </div>
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Starting at</p>
          <p className="mt-2 text-5xl font-extrabold tracking-tight text-slate-900">
            {formatPrice(site.pricing.startingPrice)}
          </p>
          <h3 className="mt-6 font-bold text-slate-900">What&apos;s included</h3>
          <ul className="mt-3 space-y-3">
            {included.map((item) => (
              <li key={item} className="flex items-start gap-3 text-slate-700">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                {item}
              </li>
            ))}
          </ul>
          <Link to="/start-project" className={`${buttonClass.primary} mt-8 w-full`}>
            Get Your Quote
          </Link>
        </div>
      </div>
    </section>
  );
}

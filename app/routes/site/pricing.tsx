import { Link } from "react-router";
import type { Route } from "./+types/pricing";
import { site } from "~/config/site";
import { localBusinessJsonLd, pageMeta } from "~/lib/seo";
import {
  noSurprises,
  priceTiers,
  pricingFacts,
  pricingFactors,
  pricingHero,
  pricingPage,
  tiersNote,
  whatYouGet,
} from "~/content/marketing/pricing";
import { buttonClass } from "~/components/ui/button";
import { PageHero } from "~/components/site/sections/page-hero";
import { CtaSection } from "~/components/site/sections/cta-section";
import { MarketingSection } from "~/components/site/marketing/marketing-section";
import { PriceTiers } from "~/components/site/marketing/price-tiers";
import { CheckList } from "~/components/site/marketing/check-list";
import { PointGrid } from "~/components/site/marketing/point-grid";
import { MoreLink } from "~/components/site/marketing/text-link";
import { FactsCard } from "~/components/site/marketing/facts-card";

/** Pricing summary (docs/product/site-pages.md "Pricing"); the offers carry the example tiers. */
export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...pricingPage,
    jsonLd: [
      localBusinessJsonLd({
        makesOffer: priceTiers.map((tier) => ({
          "@type": "Offer",
          name: tier.name,
          price: tier.price,
          priceCurrency: "USD",
          itemOffered: { "@type": "Service", name: `${tier.name} website`, description: tier.features.join(". ") },
        })),
      }),
    ],
  });

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow={pricingHero.eyebrow}
        title={pricingHero.title}
        aside={<FactsCard title="Starting at" price={site.pricing.startingPrice} facts={pricingFacts} />}
        intro={
          <>
            <p>{pricingHero.intro}</p>
            <p className="mt-3 font-semibold text-slate-900">{pricingHero.range}</p>
          </>
        }
      >
        <Link to="/start-project" className={buttonClass.primary}>
          Get a Clear Quote
        </Link>
        <Link to="/whats-included" className={buttonClass.outline}>
          What&apos;s Included
        </Link>
      </PageHero>

      <MarketingSection
        id="pricing-tiers"
        tone="tint"
        title="Three common starting points"
        intro="Real examples of what a budget buys. Your quote is built around your business, so think of these as a guide."
      >
        <PriceTiers tiers={priceTiers} />
        <p className="mt-10 max-w-3xl leading-7 text-slate-700">{tiersNote}</p>
      </MarketingSection>

      <MarketingSection
        id="pricing-included"
        title="What you get with every project"
        intro="Whichever price point fits, these come with it."
      >
        <div className="max-w-4xl">
          <CheckList items={whatYouGet} columns={2} />
        </div>
        <MoreLink to="/whats-included">See everything that's included</MoreLink>
      </MarketingSection>

      <MarketingSection
        id="pricing-factors"
        tone="tint"
        title="What affects the price"
        intro="Four things decide where your project lands in the range."
      >
        <PointGrid items={pricingFactors} columns={4} marker="number" />
      </MarketingSection>

      <MarketingSection
        id="pricing-no-surprises"
        title="No surprises"
        intro="Small businesses have enough unpredictable costs. Your website shouldn't be one of them."
      >
        <PointGrid items={noSurprises} columns={4} />
      </MarketingSection>

      <CtaSection
        id="pricing-cta"
        title="Find out what your site would cost"
        text={`Describe your business and what you have in mind. Within ${site.replyPromise.standard} you'll have a straight answer and a clear price, with no obligation.`}
        startLabel="Get a Clear Quote"
        secondary={{ to: "/contact", label: "Ask a Question" }}
      />
    </>
  );
}

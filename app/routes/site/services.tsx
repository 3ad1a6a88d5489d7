import { Link } from "react-router";
import type { Route } from "./+types/services";
import { site } from "~/config/site";
import { faqJsonLd, localBusinessJsonLd, pageMeta, serviceJsonLd } from "~/lib/seo";
import {
  designPrinciples,
  includedServices,
  notOffered,
  priceFactors,
  servicesFacts,
  servicesFaq,
  servicesHero,
  servicesPage,
  servicesProcess,
} from "~/content/marketing/services";
import { buttonClass } from "~/components/ui/button";
import { PageHero } from "~/components/site/sections/page-hero";
import { CtaSection } from "~/components/site/sections/cta-section";
import { HeroBadges } from "~/components/site/marketing/hero-badges";
import { MarketingSection } from "~/components/site/marketing/marketing-section";
import { PointGrid } from "~/components/site/marketing/point-grid";
import { ProcessSteps } from "~/components/site/marketing/process-steps";
import { NotOfferedList } from "~/components/site/marketing/not-offered-list";
import { MoreLink } from "~/components/site/marketing/text-link";
import { FactsCard } from "~/components/site/marketing/facts-card";
import { FaqSection } from "~/components/site/marketing/faq-section";

/** Services & Pricing (docs/product/site-pages.md "Services"). */
export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...servicesPage,
    jsonLd: [
      localBusinessJsonLd(),
      serviceJsonLd({
        name: "Custom small business websites",
        description: servicesPage.description,
        path: servicesPage.path,
      }),
      faqJsonLd(servicesFaq),
    ],
  });

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow={servicesHero.eyebrow}
        title={servicesHero.title}
        aside={<FactsCard title="Starting at" price={site.pricing.startingPrice} facts={servicesFacts} />}
        intro={
          <>
            <p>{servicesHero.intro}</p>
            <div className="mt-6">
              <HeroBadges badges={servicesHero.badges} />
            </div>
          </>
        }
      >
        <Link to="/start-project" className={buttonClass.primary}>
          Start a Project
        </Link>
        <Link to="/pricing" className={buttonClass.outline}>
          See Pricing
        </Link>
      </PageHero>

      <MarketingSection
        id="services-included"
        tone="tint"
        title="What's included in every website"
        intro="No add-on menu and no upsells at checkout. Every site, from a single page to a full build, comes with all six."
      >
        <PointGrid items={includedServices} />
        <MoreLink to="/whats-included">See the full list of what&apos;s included</MoreLink>
      </MarketingSection>

      <MarketingSection
        id="services-design"
        title="How I approach design"
        intro="A website for a small business has one job: turn a curious visitor into a phone call, a visit or a booking. Every design decision serves that."
      >
        <PointGrid items={designPrinciples} columns={4} marker="none" />
      </MarketingSection>

      <MarketingSection
        id="services-process"
        tone="tint"
        title="Four steps from hello to launch"
        intro={`Most projects go from the first conversation to a live site in ${site.delivery.typical}.`}
      >
        <ProcessSteps steps={servicesProcess} />
        <MoreLink to="/how-it-works">See how it works in detail</MoreLink>
      </MarketingSection>

      <MarketingSection
        id="services-price"
        title="What affects the price"
        intro="Every quote is fixed and written down before work starts. These are the things that move it up or down."
      >
        <PointGrid items={priceFactors} columns={4} marker="number" />
        <MoreLink to="/pricing">See example prices</MoreLink>
      </MarketingSection>

      <MarketingSection
        id="services-not-done"
        tone="tint"
        title="What I don't do"
        intro="Saying no to a few things is how I keep prices low and quality high. If you need one of these, here's where I'd send you."
      >
        <NotOfferedList items={notOffered} />
      </MarketingSection>

      <FaqSection
        id="services-faq"
        title="Frequently asked questions"
        intro="The questions small-business owners ask me most, answered straight."
        items={servicesFaq}
      />

      <CtaSection
        id="services-cta"
        title="Let's get your business a website that works"
        text={`Tell me about your business and what you need. I'll reply within ${site.replyPromise.standard} with honest advice and a clear price.`}
        secondary={{ to: "/contact", label: "Ask a Question" }}
      />
    </>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/industry";
import { industryByPath } from "~/content/industries";
import { industryAreaServed, industryPage } from "~/content/industries/shared";
import { demoForIndustry } from "~/content/demos";
import { site } from "~/config/site";
import { pageMeta, serviceJsonLd } from "~/lib/seo";
import { socialCardPath } from "~/lib/social-cards";
import { IndustryHero } from "~/components/site/industry/industry-hero";
import { WhyWebsite } from "~/components/site/industry/why-website";
import { DemoSection } from "~/components/site/industry/demo-section";
import { ServiceTypes } from "~/components/site/industry/service-types";
import { FeatureGrid } from "~/components/site/industry/feature-grid";
import { CitiesServed } from "~/components/site/industry/cities-served";
import { PricingCard } from "~/components/site/industry/pricing-card";
import { CtaSection } from "~/components/site/sections/cta-section";

/**
 * Industry landing pages (docs/product/landing-pages.md "Industry pages") at their canonical and
 * alias paths. The loader picks the industry from the path, so each page carries only its own copy;
 * an alias has its canonical on the main path.
 */
export function loader({ request }: Route.LoaderArgs) {
  const industry = industryByPath(new URL(request.url).pathname);
  if (!industry) throw data(null, { status: 404 });
  return { industry, demo: demoForIndustry(industry.slug) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { industry } = loaderData;
  return pageMeta({
    ...industryPage(industry),
    image: socialCardPath("industry", industry.slug),
    imageAlt: industry.seo.title,
    jsonLd: [
      serviceJsonLd({
        name: industry.seo.serviceName,
        description: industry.seo.description,
        path: industry.path,
        serviceType: industry.seo.serviceType,
        areaServed: industryAreaServed,
        lowPrice: site.pricing.startingPrice,
      }),
    ],
  });
};

export default function IndustryPage({ loaderData: { industry, demo } }: Route.ComponentProps) {
  return (
    <>
      <IndustryHero industry={industry} />
      <WhyWebsite industry={industry} />
      {demo ? <DemoSection industry={industry} demo={demo} /> : null}
      <ServiceTypes industry={industry} />
      <FeatureGrid industry={industry} />
      <CitiesServed industry={industry} />
      <PricingCard industry={industry} />
      <CtaSection
        id="industry-cta-title"
        title={industry.cta.title}
        text={industry.cta.text}
        startLabel={industry.hero.startLabel}
        // docs/product/landing-pages.md "Industry pages": the phone link is on the restaurant and
        // pet-grooming pages only.
        showPhone={industry.hero.showPhone}
      />
    </>
  );
}

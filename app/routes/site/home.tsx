import type { Route } from "./+types/home";
import { homePage } from "~/content/pages";
import { localBusinessJsonLd, pageMeta, webSiteJsonLd } from "~/lib/seo";
import { Hero } from "~/components/site/home/hero";
import { FeaturedProjects } from "~/components/site/home/featured-projects";
import { CityLinks } from "~/components/site/home/city-links";
import { WhyChooseMe } from "~/components/site/home/why-choose-me";
import { ClaimPanel } from "~/components/site/home/claim-panel";
import { ClosingCta } from "~/components/site/home/closing-cta";
import { ClientReviews } from "~/components/site/reviews/reviews-slot";

/** Home (docs/product/site-pages.md "Home"). */
export const meta: Route.MetaFunction = () =>
  pageMeta({ ...homePage, jsonLd: [localBusinessJsonLd(), webSiteJsonLd()] });

export default function Home() {
  return (
    <>
      <Hero />
      <FeaturedProjects />
      <CityLinks />
      <WhyChooseMe />
      <ClaimPanel />
      <ClientReviews
        withRating
        intro="In their own words: Rhode Island business owners on working together and what the new site did."
      />
      <ClosingCta />
    </>
  );
}

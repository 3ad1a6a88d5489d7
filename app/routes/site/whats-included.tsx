import { Link } from "react-router";
import type { Route } from "./+types/whats-included";
import { pageMeta } from "~/lib/seo";
import {
  includedGroups,
  includedPriceCard,
  notIncludedGroups,
  whatsIncludedFacts,
  whatsIncludedHero,
  whatsIncludedPage,
} from "~/content/marketing/whats-included";
import { buttonClass } from "~/components/ui/button";
import { PageHero } from "~/components/site/sections/page-hero";
import { MarketingSection } from "~/components/site/marketing/marketing-section";
import { ItemGroups } from "~/components/site/marketing/item-groups";
import { StartingPriceCard } from "~/components/site/marketing/starting-price-card";
import { FactsCard } from "~/components/site/marketing/facts-card";

/** Included and not included (docs/product/site-pages.md "What is included"). */
export const meta: Route.MetaFunction = () => pageMeta(whatsIncludedPage);

export default function WhatsIncludedPage() {
  return (
    <>
      <PageHero
        eyebrow={whatsIncludedHero.eyebrow}
        title={whatsIncludedHero.title}
        intro={<p>{whatsIncludedHero.intro}</p>}
        aside={<FactsCard title="Every site, from" price={includedPriceCard.price} facts={whatsIncludedFacts} />}
      >
        <Link to="/start-project" className={buttonClass.primary}>
          Start a Project
        </Link>
        <Link to="/contact" className={buttonClass.outline}>
          Ask a Question
        </Link>
      </PageHero>

      <MarketingSection
        id="included-title"
        tone="tint"
        title="Included with every website"
        intro="From a single page to a full site, all four of these come as standard."
      >
        <ItemGroups groups={includedGroups} kind="yes" />
      </MarketingSection>

      <MarketingSection
        id="not-included-title"
        title="Not included, and where to go instead"
        intro="I keep my work focused so it stays affordable and reliable. If you need one of these, here's my honest advice."
      >
        <ItemGroups groups={notIncludedGroups} kind="no" />
      </MarketingSection>

      <StartingPriceCard
        id="included-price-title"
        title={includedPriceCard.title}
        price={includedPriceCard.price}
        text={includedPriceCard.text}
      />
    </>
  );
}

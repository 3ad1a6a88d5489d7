import type { Route } from "./+types/demos";
import { demos, demosCopy, demosItemListJsonLd, demosPage } from "~/content/demos";
import { absoluteUrl } from "~/lib/site-url";
import { pageMeta } from "~/lib/seo";
import { PageHero } from "~/components/site/sections/page-hero";
import { CtaSection } from "~/components/site/sections/cta-section";
import { DemoBrowser } from "~/components/site/demos/demo-browser";

/** Demos (docs/product/portfolio-and-demos.md "Demos"). */
export const meta: Route.MetaFunction = () =>
  pageMeta({ ...demosPage, jsonLd: [demosItemListJsonLd(demos, absoluteUrl)] });

export default function DemosPage() {
  return (
    <>
      <PageHero eyebrow={demosCopy.eyebrow} title={demosCopy.title} intro={<p>{demosCopy.intro}</p>} />
      <DemoBrowser />
      <CtaSection
        id="demos-cta"
        title={demosCopy.ctaTitle}
        text={<p>{demosCopy.ctaText}</p>}
        secondary={{ to: "/projects", label: "See client projects" }}
      />
    </>
  );
}

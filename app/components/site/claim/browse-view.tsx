import { claimableSites, claimCopy } from "~/content/claimable-sites";
import { site } from "~/config/site";
import { PageHero } from "~/components/site/sections/page-hero";
import { SectionHeading } from "~/components/site/sections/section-heading";
import { CtaSection } from "~/components/site/sections/cta-section";
import { CheckIcon, ClockIcon, SparkIcon } from "~/components/ui/icons";
import { SiteCard } from "./site-card";

interface BrowseViewProps {
  onClaim: (siteId: string) => void;
}

const heroFacts = [
  `${claimableSites.length} sites built and waiting`,
  "No upfront cost to claim",
  `A reply within ${site.replyPromise.fast}`,
];

/**
 * The browse view (docs/product/lead-paths.md "Views"): why the sites exist, the list, and a way in
 * for everyone else.
 */
export function BrowseView({ onClaim }: BrowseViewProps) {
  return (
    <>
      <PageHero
        eyebrow={
          <>
            <SparkIcon className="h-4 w-4 text-accent-600" />
            {claimCopy.eyebrow}
          </>
        }
        title={claimCopy.title}
        intro={<p>{claimCopy.intro}</p>}
        aside={
          <ul className="w-80 space-y-3 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200">
            {heroFacts.map((fact, index) => (
              <li key={fact} className="flex items-center gap-3 font-semibold text-slate-900">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  {index === 2 ? <ClockIcon className="h-5 w-5" /> : <CheckIcon className="h-5 w-5" />}
                </span>
                {fact}
              </li>
            ))}
          </ul>
        }
      />

      <section aria-labelledby="claim-why-title" className="bg-white py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="claim-why-title" title={claimCopy.whyTitle} />
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {claimCopy.why.map((point) => (
              <li key={point.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <h3 className="text-lg font-bold text-slate-900">{point.title}</h3>
                <p className="mt-2 leading-7 text-slate-700">{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="claim-list-title" className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="claim-list-title" title={claimCopy.listTitle} intro={claimCopy.listIntro} />
          <ul className="mt-8 space-y-8" data-testid="claim-site-list">
            {claimableSites.map((entry) => (
              <li key={entry.id}>
                <SiteCard site={entry} onClaim={() => onClaim(entry.id)} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaSection
        id="claim-cta"
        title={claimCopy.ctaTitle}
        text={<p>{claimCopy.ctaText}</p>}
        startLabel="Start a Project"
        showPhone={false}
      />
    </>
  );
}

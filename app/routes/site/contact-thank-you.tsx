import type { Route } from "./+types/contact-thank-you";
import { pageMeta } from "~/lib/seo";
import { thankYouCopy, thankYouPage } from "~/content/contact-pages";
import { CheckIcon } from "~/components/ui/icons";
import { PageHero } from "~/components/site/sections/page-hero";
import { NextSteps } from "~/components/site/contact/next-steps";
import { ExploreLinks } from "~/components/site/contact/explore-links";
import { SoonerCard } from "~/components/site/contact/sooner-card";

/** After the contact form (docs/product/lead-paths.md "Contact"): not indexed. */
export const meta: Route.MetaFunction = () => pageMeta(thankYouPage);

export default function ContactThankYouPage() {
  return (
    <>
      <PageHero
        eyebrow={
          <>
            <CheckIcon className="h-4 w-4 text-emerald-700" />
            {thankYouCopy.eyebrow}
          </>
        }
        title={thankYouCopy.title}
        intro={<p>{thankYouCopy.intro}</p>}
        aside={<SoonerCard />}
      />
      <section aria-labelledby="thank-you-next-title" className="bg-white pb-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="max-w-3xl rounded-3xl bg-slate-50 p-6 sm:p-8">
            <h2 id="thank-you-next-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {thankYouCopy.nextTitle}
            </h2>
            <div className="mt-6">
              <NextSteps steps={thankYouCopy.nextSteps} tone="tint" />
            </div>
          </div>
        </div>
      </section>
      <section aria-labelledby="thank-you-explore-title" className="bg-white pb-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="thank-you-explore-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {thankYouCopy.exploreTitle}
          </h2>
          <div className="mt-6">
            <ExploreLinks links={thankYouCopy.exploreLinks} />
          </div>
        </div>
      </section>
    </>
  );
}

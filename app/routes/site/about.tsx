import { Link } from "react-router";
import type { Route } from "./+types/about";
import { site } from "~/config/site";
import { pageMeta } from "~/lib/seo";
import { aboutFacts, aboutHero, aboutPage, aboutStory, doList, dontList, philosophy } from "~/content/marketing/about";
import { buttonClass } from "~/components/ui/button";
import { PageHero } from "~/components/site/sections/page-hero";
import { CtaSection } from "~/components/site/sections/cta-section";
import { MarketingSection } from "~/components/site/marketing/marketing-section";
import { PointGrid } from "~/components/site/marketing/point-grid";
import { CheckList } from "~/components/site/marketing/check-list";
import { AboutPortrait } from "~/components/site/marketing/about-portrait";
import { FactsCard } from "~/components/site/marketing/facts-card";
import { ClientReviews } from "~/components/site/reviews/reviews-slot";

/** The owner bio (docs/product/site-pages.md "About"). */
export const meta: Route.MetaFunction = () => pageMeta({ ...aboutPage, type: "profile" });

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow={aboutHero.eyebrow}
        title={aboutHero.title}
        intro={<p>{aboutHero.intro}</p>}
        aside={<AboutPortrait alt={aboutHero.avatarAlt} />}
      >
        <Link to="/start-project" className={buttonClass.primary}>
          Start a Project
        </Link>
        <Link to="/projects" className={buttonClass.outline}>
          See My Work
        </Link>
      </PageHero>

      <section aria-labelledby="about-story-title" className="bg-white pt-6 pb-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-16 lg:px-8">
          <div className="max-w-3xl">
            <h2 id="about-story-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Why I do this
            </h2>
            <div className="mt-6 space-y-5 text-lg leading-8 text-slate-700">
              {aboutStory.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
          </div>
          <AboutPortrait alt={aboutHero.avatarAlt} compact />
          <div className="w-full sm:mx-auto sm:w-auto lg:mx-0">
            <FactsCard title="Quick facts" facts={aboutFacts} />
          </div>
        </div>
      </section>

      <MarketingSection
        id="about-philosophy-title"
        tone="tint"
        title="How I work"
        intro="Four things I hold to on every project."
      >
        <PointGrid items={philosophy} columns={4} marker="none" />
      </MarketingSection>

      <MarketingSection
        id="about-scope-title"
        title="What I do, and what I don't"
        intro="Knowing the difference is how I keep things fast, fair and well looked after."
      >
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-2xl border border-brand-200 p-6 sm:p-8">
            <h3 className="text-xl font-bold text-slate-900">What I do</h3>
            <div className="mt-5">
              <CheckList items={doList} />
            </div>
          </div>
          <div className="rounded-2xl border border-slate-200 p-6 sm:p-8">
            <h3 className="text-xl font-bold text-slate-900">What I don&apos;t do</h3>
            <div className="mt-5">
              <CheckList items={dontList} kind="no" />
            </div>
          </div>
        </div>
      </MarketingSection>

      <ClientReviews
        withRating
        tone="tint"
        title="What working with me is like"
        intro="Clients' words, published with their permission after their sites went live."
      />

      <CtaSection
        id="about-cta"
        title={`Want to work with ${site.owner.firstName}?`}
        text={`Tell me about your business. You'll hear back from me, not an assistant, within ${site.replyPromise.standard}.`}
        secondary={{ to: "/contact", label: "Say Hello" }}
      />
    </>
  );
}

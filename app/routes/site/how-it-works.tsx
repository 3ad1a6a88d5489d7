import { Link } from "react-router";
import type { Route } from "./+types/how-it-works";
import { faqJsonLd, pageMeta } from "~/lib/seo";
import {
  bookTheCall,
  discoveryChecklist,
  expectations,
  generalQuestions,
  howItWorksHero,
  howItWorksPage,
  howItWorksSteps,
  proTips,
  support,
} from "~/content/marketing/how-it-works";
import { buttonClass } from "~/components/ui/button";
import { PageHero } from "~/components/site/sections/page-hero";
import { CtaSection } from "~/components/site/sections/cta-section";
import { MarketingSection } from "~/components/site/marketing/marketing-section";
import { ProcessSteps } from "~/components/site/marketing/process-steps";
import { PointGrid } from "~/components/site/marketing/point-grid";
import { DiscoveryChecklist } from "~/components/site/marketing/discovery-checklist";
import { FactsCard } from "~/components/site/marketing/facts-card";
import { FaqSection } from "~/components/site/marketing/faq-section";

/** The process page (docs/product/site-pages.md "How it works"). */
export const meta: Route.MetaFunction = () => pageMeta({ ...howItWorksPage, jsonLd: [faqJsonLd(generalQuestions)] });

export default function HowItWorksPage() {
  return (
    <>
      <PageHero
        eyebrow={howItWorksHero.eyebrow}
        title={howItWorksHero.title}
        intro={<p>{howItWorksHero.intro}</p>}
        aside={
          <FactsCard
            title="A typical timeline"
            facts={howItWorksSteps.map((step) => ({ label: step.name, value: step.when ?? "" }))}
          />
        }
      >
        <Link to="/start-project" className={buttonClass.primary}>
          Start a Project
        </Link>
        <a href="#checklist-title" className={buttonClass.outline}>
          Get Ready for Your Call
        </a>
      </PageHero>

      <MarketingSection
        id="steps-title"
        tone="tint"
        title="Four steps, start to finish"
        intro="Here's what happens, when it happens and what I'll need from you along the way."
      >
        <ProcessSteps steps={howItWorksSteps} />
      </MarketingSection>

      <MarketingSection
        id="expectations-title"
        title="What to expect"
        intro="The short version: a fair price up front, quick replies and no disappearing act."
      >
        <PointGrid items={expectations} columns={4} marker="none" />
      </MarketingSection>

      <MarketingSection
        id="support-title"
        tone="tint"
        title="Support and changes"
        intro="Launch day is the start of looking after your site, not the end."
      >
        <PointGrid items={support} columns={2} />
      </MarketingSection>

      <MarketingSection
        id="checklist-title"
        title="Prepare for your discovery call"
        intro={`Tick things off as you gather them. None of it is required to book a chat, but each one makes the first call more useful and the site faster to build.`}
      >
        <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <DiscoveryChecklist items={discoveryChecklist} />
          <div>
            <h3 className="text-2xl font-bold text-slate-900">Pro tips</h3>
            <div className="mt-6">
              <PointGrid items={proTips} columns="aside" marker="none" />
            </div>
            <div className="mt-8 rounded-2xl bg-brand-50 p-5 sm:p-6">
              <h3 className="font-bold text-slate-900">{bookTheCall.title}</h3>
              <p className="mt-1 leading-7 text-slate-700">{bookTheCall.text}</p>
              <Link to="/book/discovery-call" className={`${buttonClass.brand} mt-4`}>
                {bookTheCall.link}
              </Link>
            </div>
          </div>
        </div>
      </MarketingSection>

      <FaqSection
        id="questions-title"
        tone="tint"
        title="Questions and answers"
        intro="What people usually ask before their first call."
        items={generalQuestions}
      />

      <CtaSection
        id="how-cta"
        title="Ready for your discovery chat?"
        text="Send a few lines about your business. The checklist can wait; we can go through it together on the call."
        secondary={{ to: "/contact", label: "Ask a Question" }}
      />
    </>
  );
}

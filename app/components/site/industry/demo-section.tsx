import type { Demo } from "~/content/demos";
import type { Industry } from "~/content/industries/shared";
import { ExternalLinkIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/site/sections/section-heading";
import { LazyDemoFrame } from "./lazy-demo-frame";

/**
 * The industry's live demo site in a lazily loaded frame, plus an open-in-new-tab link
 * (docs/product/landing-pages.md "Industry pages").
 */
export function DemoSection({ industry, demo }: { industry: Industry; demo: Demo }) {
  return (
    <section aria-labelledby="industry-demo-title" className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="industry-demo-title" title={`See it live: ${demo.title}`} intro={industry.demoIntro} />
        <div className="mt-10 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl">
          <div className="flex h-11 items-center gap-3 border-b border-slate-200 bg-slate-100 px-4" aria-hidden="true">
            <span className="flex gap-1.5">
              <span className="h-3 w-3 rounded-full bg-slate-300" />
              <span className="h-3 w-3 rounded-full bg-slate-300" />
              <span className="h-3 w-3 rounded-full bg-slate-300" />
            </span>
            <span className="min-w-0 flex-1 truncate rounded-md bg-white px-3 py-1 text-sm text-slate-600">
              {demo.url}
            </span>
          </div>
          <LazyDemoFrame
            key={demo.url}
            url={demo.url}
            title={`Live demo of ${demo.title}, a sample ${industry.noun} website`}
          />
        </div>
        <p className="mt-6 flex flex-col gap-2 text-slate-700 sm:flex-row sm:items-center sm:gap-4">
          <a
            href={demo.url}
            target="_blank"
            rel="noopener"
            className="py-2 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            Open {demo.title} in a new{" "}
            <span className="whitespace-nowrap">
              tab
              <ExternalLinkIcon className="ml-1.5 inline h-4 w-4 align-[-2px]" />
            </span>
          </a>
          <span className="text-sm">The business is made up; the website is real and works like yours would.</span>
        </p>
      </div>
    </section>
  );
}

import type { Industry } from "~/content/industries/shared";
import { SectionHeading } from "~/components/site/sections/section-heading";

/** 'Why you need a website' with three cards (docs/product/landing-pages.md "Industry pages"). */
export function WhyWebsite({ industry }: { industry: Industry }) {
  const { why } = industry;
  return (
    <section aria-labelledby="industry-why-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="industry-why-title" title={why.title} intro={why.intro} center />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {why.cards.map((card, index) => (
            <li key={card.title} className="rounded-2xl border border-slate-200 bg-brand-50/50 p-6 sm:p-8">
              <span
                aria-hidden="true"
                className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-xl font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-xl font-bold text-slate-900">{card.title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{card.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

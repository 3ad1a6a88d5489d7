import type { Ref } from "react";
import { Link } from "react-router";
import { claimCopy, type ClaimableSite } from "~/content/claimable-sites";
import { site as business } from "~/config/site";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";

interface SuccessViewProps {
  site: ClaimableSite;
  name: string;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The success view (docs/product/lead-paths.md "Views"): a reply within 24 hours, next steps, and a link home only. */
export function SuccessView({ site, name, headingRef }: SuccessViewProps) {
  const firstName = name.trim().split(/\s+/)[0] ?? name;
  return (
    <section aria-labelledby="claim-success-title" className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
          <CheckIcon className="h-8 w-8" />
        </span>
        <h1
          id="claim-success-title"
          ref={headingRef}
          tabIndex={-1}
          className="mt-6 text-balance text-4xl font-extrabold tracking-tight text-slate-900 focus:outline-none sm:text-5xl"
        >
          {claimCopy.successTitle}
        </h1>
        <p className="mt-5 text-lg leading-8 text-slate-700">
          Thanks, {firstName}. I&apos;ll be in touch within {business.replyPromise.fast} to confirm that{" "}
          <strong className="text-slate-900">{site.businessName}</strong> is yours. Your claim is also saved in this
          browser.
        </p>

        <h2 className="mt-10 text-2xl font-bold text-slate-900">What happens next</h2>
        <ol className="mt-5 space-y-4">
          {claimCopy.nextSteps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-bold text-slate-900">{step.title}</h3>
                <p className="mt-1 leading-7 text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>

        <Link to="/" className={`${buttonClass.brand} mt-10 w-full sm:w-auto`}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}

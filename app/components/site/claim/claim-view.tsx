import type { Ref } from "react";
import type { ClaimableSite } from "~/content/claimable-sites";
import { CheckIcon, ChevronRightIcon, ExternalLinkIcon, MapPinIcon } from "~/components/ui/icons";
import { ClaimForm } from "./claim-form";
import { StatusBadge } from "./status-badge";

interface ClaimViewProps {
  site: ClaimableSite;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
  onSuccess: (name: string) => void;
}

/**
 * The claim view (docs/product/lead-paths.md "Views"): the breadcrumb is the only way back to the
 * list; the business summary; the claim form.
 */
export function ClaimView({ site, headingRef, onBack, onSuccess }: ClaimViewProps) {
  return (
    <div className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <nav aria-label="Claim steps">
          <ol className="flex flex-wrap items-center gap-1 text-sm">
            <li>
              <button
                type="button"
                onClick={onBack}
                className="min-h-6 rounded font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                Claim Your Website
              </button>
            </li>
            <li className="flex min-w-0 items-center gap-1">
              <ChevronRightIcon className="h-3.5 w-3.5 shrink-0 text-slate-500" />
              <span aria-current="page" className="font-medium text-slate-800">
                {site.businessName}
              </span>
            </li>
          </ol>
        </nav>

        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-5 text-balance text-4xl font-extrabold tracking-tight text-slate-900 focus:outline-none sm:text-5xl"
        >
          Claim {site.businessName}
        </h1>

        <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12">
          <section
            aria-labelledby="claim-summary-title"
            className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={site.status} />
              <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-800">
                <span className="sr-only">Category: </span>
                {site.category}
              </span>
            </div>
            <h2 id="claim-summary-title" className="mt-3 text-2xl font-bold text-slate-900">
              {site.businessName}
            </h2>
            <p className="mt-1 inline-flex items-start gap-1.5 text-sm font-medium text-slate-700">
              <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
              {site.address ?? site.location}
            </p>
            {site.serviceArea ? (
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-semibold text-slate-900">Serves: </span>
                {site.serviceArea}
              </p>
            ) : null}
            {site.licenseInfo ? (
              <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-slate-800">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
                {site.licenseInfo}
              </p>
            ) : null}
            <p className="mt-4 leading-7 text-slate-700">{site.businessDescription}</p>

            <h3 className="mt-6 text-sm font-bold uppercase tracking-wide text-slate-800">Everything on the site</h3>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
              {site.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                  {feature}
                </li>
              ))}
            </ul>

            <a
              href={site.websiteUrl}
              target="_blank"
              rel="noopener"
              className="mt-6 inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              See the live site
              <span className="sr-only"> (opens in a new tab)</span>
              <ExternalLinkIcon className="h-4 w-4" />
            </a>
          </section>

          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <ClaimForm site={site} onSuccess={onSuccess} />
          </div>
        </div>
      </div>
    </div>
  );
}

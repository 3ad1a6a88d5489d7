import { Link } from "react-router";
import { CheckIcon, SparkIcon } from "~/components/ui/icons";

/**
 * 'Is Your Business Already Here?' (docs/product/site-pages.md "Home"; docs/product/lead-paths.md
 * "Claim your website").
 */
export function ClaimPanel() {
  return (
    <section aria-labelledby="home-claim-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid items-center gap-8 rounded-3xl bg-accent-400/15 p-6 ring-1 ring-accent-400/60 sm:p-10 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-12 lg:p-12">
          <div>
            <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-slate-800">
              <SparkIcon className="h-4 w-4 text-accent-600" />
              Already built, waiting for you
            </p>
            <h2 id="home-claim-title" className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Is Your Business Already Here?
            </h2>
            <p className="mt-4 max-w-2xl text-lg leading-8 text-slate-700">
              When I spot a great local business with no website, or one that hasn&apos;t been touched since dial-up, I
              sometimes build a demo site for it in advance. If yours is on the list, you can look it over today and
              make it yours.
            </p>
          </div>
          <div className="flex flex-col items-center gap-3 sm:items-start lg:items-center">
            <Link
              to="/claim-your-website"
              className="inline-flex w-full items-center justify-center rounded-lg bg-brand-700 sm:w-auto px-6 py-3.5 text-center font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              Check If Your Business Is Here
            </Link>
            <p className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-800">
              <CheckIcon className="h-4 w-4 text-brand-700" />
              No upfront cost to claim
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

import type { ClaimableSite } from "~/content/claimable-sites";
import { CheckIcon, ExternalLinkIcon, MapPinIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { PreviewFrame } from "./preview-frame";
import { StatusBadge } from "./status-badge";

/** docs/product/lead-paths.md "Views": a card lists the first four features and counts the rest. */
const FEATURES_SHOWN = 4;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** e.g. "Finished and online since May 2025, not yet claimed". */
export function statusText(site: ClaimableSite): string {
  // builtDate is a calendar day (YYYY-MM-DD): its month and year are read off it, with no date formatter
  // to build while the page hydrates.
  const [year, month] = site.builtDate.split("-");
  const built = `${MONTHS[Number(month) - 1]} ${year}`;
  // claimedDate is always null on this list: a claim is handled by hand.
  return site.status === "live"
    ? `Finished and online since ${built}, not yet claimed`
    : `Preview built in ${built}, not yet claimed`;
}

interface SiteCardProps {
  site: ClaimableSite;
  onClaim: () => void;
}

/** One claimable site: its preview, who it's for, why it was built, and the ways in. */
export function SiteCard({ site, onClaim }: SiteCardProps) {
  const titleId = `claim-site-${site.id}-title`;
  const shown = site.features.slice(0, FEATURES_SHOWN);
  const more = site.features.length - shown.length;
  return (
    <article
      aria-labelledby={titleId}
      data-site={site.id}
      className="grid gap-6 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-10 lg:p-8"
    >
      <PreviewFrame url={site.websiteUrl} businessName={site.businessName} />

      <div className="flex min-w-0 flex-col">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={site.status} />
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-800">
            <span className="sr-only">Category: </span>
            {site.category}
          </span>
        </div>
        <h3 id={titleId} className="mt-3 text-2xl font-bold tracking-tight text-slate-900">
          {site.businessName}
        </h3>
        <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
          <MapPinIcon className="h-4 w-4 shrink-0 text-brand-700" />
          {site.location}
        </p>
        <p className="mt-3 leading-7 text-slate-700">{site.businessDescription}</p>
        {site.licenseInfo ? (
          <p className="mt-2 flex items-start gap-1.5 text-sm font-medium text-slate-800">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
            {site.licenseInfo}
          </p>
        ) : null}

        <dl className="mt-4 space-y-3 rounded-2xl bg-slate-50 p-4 text-sm leading-6">
          <div>
            <dt className="font-semibold text-slate-900">Why I built it</dt>
            <dd className="text-slate-700">{site.reason}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">Status</dt>
            <dd className="text-slate-700" data-testid="claim-site-status">
              {statusText(site)}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">Online today</dt>
            <dd className="text-slate-700">{site.currentTraffic}</dd>
          </div>
        </dl>

        <h4 className="mt-5 text-sm font-bold uppercase tracking-wide text-slate-800">What the site has</h4>
        <ul className="mt-2 space-y-1.5 text-sm text-slate-700" data-testid="claim-site-features">
          {shown.map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
              {feature}
            </li>
          ))}
          {more > 0 ? (
            <li className="pl-6 font-semibold text-brand-800" data-testid="claim-site-more">
              +{more} more
            </li>
          ) : null}
        </ul>

        <div className="mt-auto flex flex-col gap-3 pt-6 sm:flex-row sm:flex-wrap">
          <button
            id={`claim-button-${site.id}`}
            type="button"
            onClick={onClaim}
            aria-label={`Claim this site: ${site.businessName}`}
            className={buttonClass.brand}
          >
            Claim this site
          </button>
          <a
            href={site.websiteUrl}
            target="_blank"
            rel="noopener"
            aria-label={`Open in new tab: the ${site.businessName} site`}
            className={buttonClass.outline}
          >
            Open in new tab
            <ExternalLinkIcon className="h-4 w-4" />
          </a>
        </div>
      </div>
    </article>
  );
}

import { useMutation } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { toast } from "sonner";
import { analyticsEndpoints } from "~/contracts/analytics";
import { adminCall } from "~/lib/admin/call";
import { errorMessage } from "~/lib/api/call";
import type { AnalyticsReport } from "~/contracts/analytics-report";
import { EXCLUSION_KIND_NAMES } from "~/lib/admin/analytics";
import type { Exclusion } from "~/contracts/analytics-exclusions";
import { adminButton } from "~/components/admin/ui/styles";
import { Card } from "./report-sections";
import { focusHeading, useReloadReport } from "./exclude-button";
import { formatCount } from "./format";

/**
 * What the report leaves out (docs/decisions/033-analytics-flood.md): the pages, referrers and
 * UTM sources the owner excluded, each with "Include again", and how many pageviews were not
 * counted at all.
 */

const EXCLUSIONS_HEADING = "analytics-exclusions";

function IncludeAgainButton({ exclusion }: { exclusion: Exclusion }) {
  const reload = useReloadReport();
  const include = useMutation({
    mutationFn: () =>
      adminCall(analyticsEndpoints.removeExclusion, {
        params: { id: exclusion.id },
        fallbackError: "Failed to include again",
      }),
    onSuccess: async () => {
      await reload();
      focusHeading(EXCLUSIONS_HEADING);
      toast.success(`${exclusion.value} is counted in the reports again.`);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to include again")),
  });
  return (
    <button
      type="button"
      className={adminButton.row}
      aria-label={`Include ${EXCLUSION_KIND_NAMES[exclusion.kind]} ${exclusion.value} again`}
      disabled={include.isPending}
      onClick={() => include.mutate()}
    >
      <RotateCcw className="size-3.5" aria-hidden="true" /> Include again
    </button>
  );
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** How many pageviews of the range were not counted: over the daily caps, or from spam referrers. */
export function KeptOut({ keptOut }: { keptOut: AnalyticsReport["kept_out"] }) {
  return (
    <p className="text-sm text-slate-600" data-testid="analytics-kept-out">
      {plural(keptOut.over_cap, "pageview", "pageviews")} over the daily cap {keptOut.over_cap === 1 ? "was" : "were"}{" "}
      kept out, and {plural(keptOut.spam_referrer, "pageview", "pageviews")} from known spam referrers.
    </p>
  );
}

/**
 * The finished days not yet summed (docs/decisions/049): right after an upgrade or an import, a
 * long range answers before every day is rolled up, and the screen asks again on its own.
 */
export function PendingDays({ days }: { days: number }) {
  if (days === 0) return null;
  return (
    <p
      role="status"
      className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="analytics-pending"
    >
      The figures of {plural(days, "day", "days")} of this range are still being summed (after an update or an import)
      and are left out below. This page asks again every 30 seconds.
    </p>
  );
}

/** What the owner left out, each with "Include again". */
export function Exclusions({ exclusions }: { exclusions: Exclusion[] }) {
  return (
    <Card
      id={EXCLUSIONS_HEADING}
      title="Left out of the reports"
      note="Pages, referrers and UTM sources excluded here are left out of the lists and the CSV; an excluded page's pageviews, and the visits that began on it, are left out of the totals too. Nothing is deleted: include one again to count it."
    >
      {exclusions.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-600">
          Nothing is excluded. Use Exclude beside a page, a referrer or a UTM source to leave spam out.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Excluded pages and sources">
          {exclusions.map((exclusion) => (
            <li
              key={exclusion.id}
              data-testid="exclusion"
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            >
              <span className="min-w-0 wrap-anywhere">
                <span className="text-slate-600">{capitalize(EXCLUSION_KIND_NAMES[exclusion.kind])}: </span>
                <span className="font-medium text-slate-900">{exclusion.value}</span>
              </span>
              <IncludeAgainButton exclusion={exclusion} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

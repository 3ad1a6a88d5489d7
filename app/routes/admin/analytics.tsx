import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { toast } from "sonner";
import type { Route } from "./+types/analytics";
import { analyticsEndpoints } from "~/contracts/analytics";
import { adminCall } from "~/lib/admin/call";
import { errorMessage } from "~/lib/api/call";
import { adminMeta } from "~/lib/admin/meta";
import { LoadingScreen } from "~/components/admin/ui/loading";
import { LoadError } from "~/components/admin/ui/load-error";
import { adminButton } from "~/components/admin/ui/styles";
import { downloadAnalyticsCsv } from "~/components/admin/analytics/csv-download";
import { longDay } from "~/components/admin/analytics/format";
import { RangeForm, type DayRange } from "~/components/admin/analytics/range-form";
import { Exclusions, KeptOut, PendingDays } from "~/components/admin/analytics/exclusions";
import {
  Card,
  DaysTable,
  Engagement,
  Events,
  Funnel,
  Sources,
  TopPages,
  Totals,
} from "~/components/admin/analytics/report-sections";

export const meta: Route.MetaFunction = () => adminMeta("Analytics");

// The charting library loads with the chart, not with this screen (nor any other).
const VisitsChart = lazy(() => import("~/components/admin/analytics/visits-chart"));

/** How often a report with days still being summed is asked again (its notice says so). */
const PENDING_REFETCH_MS = 30_000;

const chartFallback = <div className="h-64 w-full animate-pulse rounded-lg bg-slate-100 sm:h-72" aria-hidden="true" />;

/**
 * Where visits come from and what they bring (docs/decisions/024-analytics.md): visits and
 * visitors per day, pages, referrers and UTM sources, scroll depth and time on page, and the
 * funnel from visit to lead to project to completed project by landing page, for a range of
 * days, with a CSV export. Every figure is the server's. Spam is left out with one click beside a
 * page, referrer or source, and what is left out is listed (docs/decisions/033-analytics-flood.md).
 */
export default function Analytics() {
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get("from") ?? undefined, to: params.get("to") ?? undefined };
  const query = useQuery({
    queryKey: ["admin", "analytics", asked],
    queryFn: ({ signal }) =>
      adminCall(analyticsEndpoints.report, { query: asked, signal, fallbackError: "Failed to fetch data" }),
    placeholderData: keepPreviousData,
    // Days still being summed (after an upgrade or an import): asked again until none is left.
    refetchInterval: (current) => (current.state.data?.pending_days ? PENDING_REFETCH_MS : false),
  });
  const [exporting, setExporting] = useState(false);
  const report = query.data;

  const choose = (range: DayRange) => setParams(new URLSearchParams({ ...range }), { preventScrollReset: true });
  const exportCsv = async () => {
    if (!report) return;
    setExporting(true);
    try {
      await downloadAnalyticsCsv({ from: report.from, to: report.to });
    } catch (error) {
      toast.error(errorMessage(error, "Failed to export CSV"));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Analytics</h1>
          <p className="mt-1 text-slate-600">
            Visits counted with each visitor&apos;s consent, and the leads and projects they bring.
          </p>
        </div>
        <button
          type="button"
          className={adminButton.secondary}
          onClick={() => void exportCsv()}
          disabled={!report || exporting}
        >
          <Download className="size-4" aria-hidden="true" /> {exporting ? "Exporting..." : "Export CSV"}
        </button>
      </header>

      {report && (
        <section aria-label="Range" className="grid gap-2">
          <RangeForm key={`${report.from}/${report.to}`} range={report} onChange={choose} />
          <p className="text-sm text-slate-600" data-testid="analytics-range">
            {longDay(report.from)} to {longDay(report.to)}, days in {report.time_zone.replace("_", " ")} time.
          </p>
        </section>
      )}

      {query.isPending ? (
        <LoadingScreen />
      ) : query.isError && !report ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : report ? (
        <div
          className={`grid gap-6 ${query.isPlaceholderData ? "opacity-60" : ""}`}
          aria-busy={query.isPlaceholderData}
        >
          {query.isError && (
            <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          )}
          <div className="grid gap-2">
            <PendingDays days={report.pending_days} />
            <Totals totals={report.totals} pagesExcluded={report.exclusions.some((e) => e.kind === "path")} />
            <KeptOut keptOut={report.kept_out} />
          </div>
          <Card id="analytics-visits" title="Visits and unique visitors per day">
            <Suspense fallback={chartFallback}>
              <VisitsChart days={report.days} />
            </Suspense>
            <DaysTable days={report.days} />
          </Card>
          <Funnel funnel={report.funnel} withoutConsent={report.totals.leads_without_consent} />
          <div className="grid gap-6 lg:grid-cols-2">
            <TopPages pages={report.top_pages} />
            <Sources report={report} />
          </div>
          <Exclusions exclusions={report.exclusions} />
          <Engagement rows={report.engagement} />
          <Events events={report.events} />
        </div>
      ) : null}
    </div>
  );
}

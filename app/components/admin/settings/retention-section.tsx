import { useRef } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { site } from "~/config/site";
import { jobsEndpoints } from "~/contracts/jobs";
import { adminCall } from "~/lib/admin/call";
import type { HeldBackProjects, ProjectRetentionCounts, ProjectRetentionRun } from "~/contracts/jobs";
import { cardClass } from "~/components/admin/ui/styles";
import { useHashAnchor } from "./use-hash-anchor";
import { formatDateTime } from "~/components/admin/ui/format";

/** The anchor of this section: /admin/settings#retention. */
export const RETENTION_SECTION_ID = "retention";

export const dailyJobsQueryKey = ["admin", "jobs"] as const;

const { retention } = site;
const years = (n: number) => `${n} year${n === 1 ? "" : "s"}`;
const link = "font-medium text-brand-800 underline underline-offset-2 hover:no-underline";

/** Each count of a run, in the order the owner reads them. */
const COUNT_LABELS: [keyof ProjectRetentionCounts, string][] = [
  ["projects", "Projects deleted"],
  ["milestones", "Milestones"],
  ["updates", "Updates"],
  ["comments", "Comments"],
  ["portal_sessions", "Client-portal sessions ended"],
  ["files", "Files deleted"],
  ["files_kept", "Files kept for published posts"],
  ["held_for_billing", "Projects kept: money still open"],
];

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * The projects past their retention that are kept because money is still open on them, and why
 * (docs/product/billing.md "Keeping the records").
 */
function HeldBack({ held }: { held: HeldBackProjects }) {
  if (held.projects === 0)
    return (
      <p className="text-sm text-slate-700" data-testid="retention-held-back">
        No project is held back: none past its retention has money still open on it.
      </p>
    );
  const reasons: [number, string][] = [
    [held.money_due, "with an invoice with money still due"],
    [held.open_quotes, "with a quote awaiting the client's decision"],
    [held.open_credits, "with a credit not yet refunded or applied"],
  ];
  return (
    <div className="text-sm text-slate-800" data-testid="retention-held-back">
      <p className="font-semibold text-slate-900">
        {plural(held.projects, "project is", "projects are")} held back: past{" "}
        {years(retention.projectsYearsAfterCompletion)} complete, but money is still open on{" "}
        {held.projects === 1 ? "it" : "them"}.
      </p>
      <ul className="mt-1 grid list-disc gap-1 pl-5">
        {reasons
          .filter(([n]) => n > 0)
          .map(([n, why]) => (
            <li key={why}>
              {plural(n, "project", "projects")} {why}
            </li>
          ))}
      </ul>
      <p className="mt-1 text-slate-600">Each is deleted by the first clean-up after its money is settled.</p>
    </div>
  );
}

function LastRun({ run }: { run: ProjectRetentionRun }) {
  const failed = run.status === "failed";
  const Icon = failed ? AlertTriangle : CheckCircle2;
  return (
    <div className="grid gap-3" data-testid="retention-last-run">
      <div className="flex gap-2 text-sm text-slate-800">
        <Icon className={`mt-0.5 size-5 shrink-0 ${failed ? "text-red-700" : "text-green-700"}`} aria-hidden="true" />
        <div className="min-w-0">
          <p className={`font-semibold ${failed ? "text-red-900" : "text-green-900"}`}>
            {failed ? "The last clean-up failed" : "The last clean-up succeeded"}
          </p>
          <p className="mt-1">
            Ran <time dateTime={run.started_at}>{formatDateTime(run.started_at)}</time>.{" "}
            {failed
              ? "It is tried again within the hour; what it finished before failing is counted below."
              : "It runs again about a day later."}
          </p>
          {failed && run.error && (
            <p className="mt-1 [overflow-wrap:anywhere] text-red-900">
              <span className="font-semibold">Error:</span> {run.error}
            </p>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={key} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{run.counts[key].toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * Settings, Data retention: what the site deletes by itself, as the privacy policy says, and the
 * last run of the daily project clean-up with what it removed (GET /api/admin/jobs).
 */
export function RetentionSection() {
  const { data, isError } = useQuery({
    queryKey: dailyJobsQueryKey,
    queryFn: ({ signal }) =>
      adminCall(jobsEndpoints.lastRuns, { signal, fallbackError: "Failed to fetch the last runs" }),
  });
  const run = data?.project_retention;
  const ref = useRef<HTMLElement>(null);

  useHashAnchor(ref, RETENTION_SECTION_ID);

  return (
    <section
      ref={ref}
      id={RETENTION_SECTION_ID}
      aria-labelledby="retention-title"
      data-testid="retention"
      className={`${cardClass} grid scroll-mt-32 gap-5`}
    >
      <div>
        <h2 id="retention-title" className="text-lg font-semibold text-slate-900">
          Data retention
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What the site deletes by itself, as the{" "}
          <Link to="/privacy-policy" className={link}>
            privacy policy
          </Link>{" "}
          tells visitors and clients:
        </p>
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-slate-800">
          <li>
            Projects complete for {years(retention.projectsYearsAfterCompletion)} with nothing new on them, with their
            milestones, updates, comments and files. A file a published post shows stays in the media library. The
            contacts stay. A project with money still open on it (a quote awaiting the client, an invoice with money
            due, or a credit not yet refunded or applied) is kept until that is settled; its quotes and invoices are
            kept seven years in any case.
          </li>
          <li>Project chats after {years(retention.inquiriesYears)}.</li>
          <li>Analytics page views after {years(retention.analyticsYears)}; the daily totals stay.</li>
        </ul>
      </div>

      <div className="border-t border-slate-200 pt-5">
        <h3 className="text-base font-semibold text-slate-900">Project clean-up, once a day</h3>
        <div className="mt-3">
          {run ? (
            <LastRun run={run} />
          ) : (
            <p className="text-sm text-slate-700">
              {isError
                ? "The last run could not be loaded just now."
                : data
                  ? "It has not run yet: it runs a minute after the site starts, then once a day."
                  : "Loading the last run..."}
            </p>
          )}
        </div>
        {data && (
          <div className="mt-4">
            <HeldBack held={data.held_back} />
          </div>
        )}
      </div>
    </section>
  );
}

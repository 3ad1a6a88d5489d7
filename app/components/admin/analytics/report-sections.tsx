import { CheckCircle2, Eye, FolderKanban, MousePointerClick, UserRound, Users } from "lucide-react";
import { eventLabel } from "~/lib/admin/analytics";
import type { AnalyticsReport } from "~/contracts/analytics-report";
import { StatCard } from "~/components/admin/ui/stat-card";
import { cardClass } from "~/components/admin/ui/styles";
import { ExcludeButton } from "./exclude-button";
import { FigureTable, type Column } from "./figure-table";
import { formatCount, percentOf, shortDay } from "./format";

/** The screen's parts, each from the server's figures (GET /api/admin/analytics). */

export function Card({
  title,
  id,
  note,
  children,
}: {
  title: string;
  id: string;
  note?: string;
  children: React.ReactNode;
}) {
  return (
    <section className={`${cardClass} min-w-0`} aria-labelledby={id}>
      {/* Focusable from a script: the focus comes here when its row leaves the list. */}
      <h2 id={id} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        {title}
      </h2>
      {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Totals({ totals, pagesExcluded }: { totals: AnalyticsReport["totals"]; pagesExcluded: boolean }) {
  const cards = [
    { label: "Visits", value: totals.visits, icon: MousePointerClick, testId: "total-visits" },
    {
      label: "Unique Visitors",
      value: totals.visitors,
      icon: UserRound,
      testId: "total-visitors",
      // docs/decisions/033-analytics-flood.md: a day's visitors cannot be told apart by page afterwards.
      ...(pagesExcluded ? { hint: "Visitors of excluded pages are still counted here." } : {}),
    },
    { label: "Pageviews", value: totals.pageviews, icon: Eye, testId: "total-pageviews" },
    {
      label: "Leads from the site",
      value: totals.leads,
      icon: Users,
      testId: "total-leads",
      // Why this card and the Leads page may differ, and why the funnel counts fewer.
      hint: `${formatCount(totals.leads_without_consent)} without analytics consent, not in the funnel. Leads added by hand or imported are on the Leads page only.`,
    },
    { label: "Projects", value: totals.projects, icon: FolderKanban, testId: "total-projects" },
    { label: "Completed Projects", value: totals.completed_projects, icon: CheckCircle2, testId: "total-completed" },
  ];
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6">
      {cards.map((card) => (
        <div key={card.label} data-testid={card.testId} className="grid">
          <StatCard
            label={card.label}
            value={formatCount(card.value)}
            icon={card.icon}
            hint={"hint" in card ? card.hint : undefined}
          />
        </div>
      ))}
    </section>
  );
}

export function DaysTable({ days }: { days: AnalyticsReport["days"] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-800">Show the numbers per day</summary>
      <div className="mt-2">
        <FigureTable
          caption="Visits per day"
          rows={[...days].reverse()}
          rowKey={(d) => d.day}
          rowTestId="day-row"
          empty="No days in this range."
          columns={[
            { label: "Day", value: (d) => shortDay(d.day) },
            { label: "Visits", value: (d) => formatCount(d.visits), numeric: true },
            { label: "Visitors", value: (d) => formatCount(d.visitors), numeric: true },
            { label: "Pageviews", value: (d) => formatCount(d.pageviews), numeric: true },
            { label: "Kept out", value: (d) => formatCount(d.kept_out), numeric: true },
          ]}
        />
      </div>
    </details>
  );
}

export function Funnel({ funnel, withoutConsent }: { funnel: AnalyticsReport["funnel"]; withoutConsent: number }) {
  return (
    <Card
      id="analytics-funnel"
      title="Funnel by landing page"
      note={`Visits that began on each page, the leads they sent (project form, contact, claim, chat), the discovery calls booked, the projects those became and the ones delivered. Only visitors who accepted analytics are counted, so the rates compare like with like: ${formatCount(withoutConsent)} ${withoutConsent === 1 ? "lead" : "leads"} without that consent ${withoutConsent === 1 ? "is" : "are"} left out.`}
    >
      <FigureTable
        caption="Funnel by landing page"
        rows={funnel}
        rowKey={(f) => f.landing_page}
        rowTestId="funnel-row"
        cards
        empty="No visits or leads in this range yet."
        columns={[
          { label: "Landing page", value: (f) => f.landing_page },
          { label: "Visits", value: (f) => formatCount(f.visits), numeric: true },
          { label: "Leads", value: (f) => formatCount(f.leads), numeric: true },
          { label: "Lead rate", value: (f) => percentOf(f.leads, f.visits), numeric: true },
          { label: "Calls booked", value: (f) => formatCount(f.bookings), numeric: true },
          { label: "Projects", value: (f) => formatCount(f.projects), numeric: true },
          { label: "Completed", value: (f) => formatCount(f.completed), numeric: true },
        ]}
      />
    </Card>
  );
}

// The lists a row can be excluded from, each row with its "Exclude" (exclude-button.tsx).
const PAGE_COLUMNS: Column<AnalyticsReport["top_pages"][number]>[] = [
  { label: "Page", value: (p) => p.path },
  { label: "Pageviews", value: (p) => formatCount(p.pageviews), numeric: true },
  { label: "Visitors", value: (p) => formatCount(p.visitors), numeric: true },
  {
    label: "Leave out",
    actions: true,
    value: (p) => <ExcludeButton kind="path" value={p.path} heading="analytics-pages" />,
  },
];
const REFERRER_COLUMNS: Column<AnalyticsReport["referrers"][number]>[] = [
  { label: "Site", value: (r) => r.host },
  { label: "Visits", value: (r) => formatCount(r.visits), numeric: true },
  {
    label: "Leave out",
    actions: true,
    value: (r) => <ExcludeButton kind="referrer" value={r.host} heading="analytics-sources" />,
  },
];
const UTM_COLUMNS: Column<AnalyticsReport["utm_sources"][number]>[] = [
  { label: "Source", value: (u) => u.source },
  { label: "Medium", value: (u) => u.medium ?? "–" },
  { label: "Visits", value: (u) => formatCount(u.visits), numeric: true },
  {
    label: "Leave out",
    actions: true,
    value: (u) => <ExcludeButton kind="utm_source" value={u.source} heading="analytics-sources" />,
  },
];

export function TopPages({ pages }: { pages: AnalyticsReport["top_pages"] }) {
  return (
    <Card id="analytics-pages" title="Top pages">
      <FigureTable
        caption="Top pages"
        rows={pages}
        rowKey={(p) => p.path}
        empty="No pageviews in this range yet."
        rowTestId="top-page-row"
        columns={PAGE_COLUMNS}
      />
    </Card>
  );
}

export function Sources({ report }: { report: AnalyticsReport }) {
  return (
    <Card id="analytics-sources" title="Where visits come from">
      <h3 className="text-sm font-semibold text-slate-800">Referrers</h3>
      <div className="mt-2">
        <FigureTable
          caption="Referrers"
          rows={report.referrers}
          rowKey={(r) => r.host}
          empty="No visits from other sites in this range."
          rowTestId="referrer-row"
          columns={REFERRER_COLUMNS}
        />
      </div>
      <h3 className="mt-5 text-sm font-semibold text-slate-800">UTM sources</h3>
      <div className="mt-2">
        <FigureTable
          caption="UTM sources"
          rows={report.utm_sources}
          rowKey={(u) => `${u.source}/${u.medium ?? ""}`}
          empty="No tagged links (utm_source) in this range."
          columns={UTM_COLUMNS}
        />
      </div>
    </Card>
  );
}

export function Engagement({ rows }: { rows: AnalyticsReport["engagement"] }) {
  return (
    <Card
      id="analytics-engagement"
      title="Scroll depth and time on page"
      note="Per page and visitor: how far down they scrolled, and how long the page stayed open and in view."
    >
      <FigureTable
        caption="Scroll depth and time on page"
        cards
        rows={rows}
        rowKey={(e) => e.path}
        empty="No pageviews in this range yet."
        columns={[
          { label: "Page", value: (e) => e.path },
          { label: "Views", value: (e) => formatCount(e.views), numeric: true },
          { label: "Avg. scroll", value: (e) => `${e.avg_scroll}%`, numeric: true },
          { label: "Scrolled 75%+", value: (e) => percentOf(e.reached_75, e.views), numeric: true },
          { label: "30 s+", value: (e) => percentOf(e.time_30, e.views), numeric: true },
          { label: "1 min+", value: (e) => percentOf(e.time_60, e.views), numeric: true },
          { label: "2 min+", value: (e) => percentOf(e.time_120, e.views), numeric: true },
          { label: "5 min+", value: (e) => percentOf(e.time_300, e.views), numeric: true },
        ]}
      />
    </Card>
  );
}

export function Events({ events }: { events: AnalyticsReport["events"] }) {
  return (
    <Card id="analytics-events" title="What visitors did">
      <FigureTable
        caption="What visitors did"
        rows={events}
        rowKey={(e) => e.name}
        empty="No clicks, forms or chats counted in this range."
        columns={[
          { label: "Action", value: (e) => eventLabel(e.name) },
          { label: "Count", value: (e) => formatCount(e.count), numeric: true },
        ]}
      />
    </Card>
  );
}

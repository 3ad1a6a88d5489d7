import { eventLabel } from "~/lib/admin/analytics";
import type { AnalyticsReport } from "~/contracts/analytics-report";
import { EXCLUSION_KIND_NAMES } from "~/lib/admin/analytics";

/**
 * The owner's report as a CSV file (GET /api/admin/analytics.csv): the same figures as the JSON
 * report (server/services/analytics/report.ts), a block per table.
 */

/** A text a spreadsheet would run as a formula gets a leading apostrophe. */
const defuse = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const cell = (value: string | number | null) => {
  const text = typeof value === "number" ? String(value) : defuse(value ?? "");
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The report as one CSV file: a block per table, each with its title line and header, blank
 * lines between (as web-analytics exports do), so it opens as one sheet.
 */
export function analyticsReportCsv(report: AnalyticsReport): string {
  const blocks: (string | number | null)[][][] = [
    [
      [`Analytics ${report.from} to ${report.to} (${report.time_zone})`],
      ["Pageviews", "Visits", "Visitors", "Leads", "Leads without analytics consent", "Projects", "Completed projects"],
      [
        report.totals.pageviews,
        report.totals.visits,
        report.totals.visitors,
        report.totals.leads,
        report.totals.leads_without_consent,
        report.totals.projects,
        report.totals.completed_projects,
      ],
    ],
    [
      ["Per day"],
      ["Day", "Pageviews", "Visits", "Visitors", "Kept out"],
      ...report.days.map((d) => [d.day, d.pageviews, d.visits, d.visitors, d.kept_out]),
    ],
    [
      ["Funnel by landing page"],
      ["Landing page", "Visits", "Leads", "Calls booked", "Projects", "Completed projects"],
      ...report.funnel.map((f) => [f.landing_page, f.visits, f.leads, f.bookings, f.projects, f.completed]),
    ],
    [
      ["Top pages"],
      ["Page", "Pageviews", "Visitors"],
      ...report.top_pages.map((p) => [p.path, p.pageviews, p.visitors]),
    ],
    [["Referrers"], ["Site", "Visits"], ...report.referrers.map((r) => [r.host, r.visits])],
    [["UTM sources"], ["Source", "Medium", "Visits"], ...report.utm_sources.map((u) => [u.source, u.medium, u.visits])],
    [
      ["Scroll depth and time on page"],
      ["Page", "Views", "Average scroll %", "Scrolled 75%+", "30 s+", "60 s+", "2 min+", "5 min+"],
      ...report.engagement.map((e) => [
        e.path,
        e.views,
        e.avg_scroll,
        e.reached_75,
        e.time_30,
        e.time_60,
        e.time_120,
        e.time_300,
      ]),
    ],
    [["Events"], ["Event", "Count"], ...report.events.map((e) => [eventLabel(e.name), e.count])],
    // What the figures above leave out (docs/decisions/033-analytics-flood.md).
    [
      ["Left out of this report"],
      ["What", "Value", "Pageviews"],
      ["Over the daily cap", null, report.kept_out.over_cap],
      ["From known spam referrers", null, report.kept_out.spam_referrer],
      ...report.exclusions.map((e) => [`Excluded ${EXCLUSION_KIND_NAMES[e.kind]}`, e.value, null]),
      // Days not yet summed after an upgrade or an import (docs/decisions/049): their figures are missing.
      ...(report.pending_days > 0
        ? [["Days still being summed (export again in a minute)", report.pending_days, null]]
        : []),
    ],
  ];
  return blocks.map((block) => block.map((row) => row.map(cell).join(",")).join("\r\n")).join("\r\n\r\n") + "\r\n";
}

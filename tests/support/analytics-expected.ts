import { sql } from "drizzle-orm";
import { site } from "~/config/site";
import { dayIn } from "~/contracts/analytics-days";
import type { Database } from "../../server/db/client";

/**
 * The daily rollups' figures counted here, in TypeScript, from the raw rows as stored, to check
 * what PostgreSQL sums (server/services/analytics/facts.ts) against an independent count. Days
 * come from Intl (dayIn), not from SQL's AT TIME ZONE. Definitions (docs/decisions/031):
 * a visit starts on a pageview that arrived from elsewhere, is the visitor's first, or follows
 * their previous pageview (whatever its day) by more than 30 minutes; it belongs to its first
 * pageview's day. Visitors are counted per day.
 */

export type RawRow = {
  id: number;
  kind: string;
  name: string | null;
  path: string;
  visitor: string;
  referrer_host: string | null;
  entry: boolean;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  scroll_depth: number | null;
  seconds: number | null;
  created_at: Date;
};

export async function rawRows(db: Database): Promise<RawRow[]> {
  const { rows } = await db.execute<RawRow>(sql`select * from analytics_events order by id`);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

const GAP_MS = 30 * 60_000;
const count = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const key = (...parts: (string | null)[]) => JSON.stringify(parts);

/** Each table's rows as `select * ... order by` gives them, for the days asked, as plain objects. */
export function expectedRollups(rows: RawRow[], days: readonly string[]) {
  const dayOf = (r: RawRow) => dayIn(site.timeZone, r.created_at);
  const wanted = new Set(days);
  const pageviews = rows.filter((r) => r.kind === "pageview");
  const starts = new Set<RawRow>();
  const byVisitor = new Map<string, RawRow[]>();
  for (const view of pageviews) byVisitor.set(view.visitor, [...(byVisitor.get(view.visitor) ?? []), view]);
  for (const views of byVisitor.values()) {
    views.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
    views.forEach((view, i) => {
      const previous = views[i - 1];
      if (view.entry || !previous || view.created_at.getTime() - previous.created_at.getTime() > GAP_MS)
        starts.add(view);
    });
  }
  const inDays = (r: RawRow) => wanted.has(dayOf(r));

  const seen = new Map<string, { day: string; path: string; pageviews: number; entries: number }>();
  for (const view of pageviews.filter(inDays)) {
    const k = key(dayOf(view), view.path, view.visitor);
    const pair = seen.get(k) ?? { day: dayOf(view), path: view.path, pageviews: 0, entries: 0 };
    pair.pageviews++;
    if (starts.has(view)) pair.entries++;
    seen.set(k, pair);
  }
  const deepest = (kind: string, field: "scroll_depth" | "seconds", name?: string) => {
    const out = new Map<string, number>();
    for (const r of rows.filter((x) => x.kind === kind && (!name || x.name === name) && inDays(x))) {
      const k = key(dayOf(r), r.path, r.visitor);
      out.set(k, Math.max(out.get(k) ?? 0, r[field] ?? 0));
    }
    return out;
  };
  const depth = deepest("scroll", "scroll_depth");
  const stay = deepest("event", "seconds", "time_on_page");

  const daily = days.map((day) => {
    const ofDay = pageviews.filter((v) => dayOf(v) === day);
    return {
      day,
      pageviews: ofDay.length,
      visits: ofDay.filter((v) => starts.has(v)).length,
      visitors: new Set(ofDay.map((v) => v.visitor)).size,
    };
  });
  const pages = new Map<string, Record<string, string | number>>();
  for (const [k, pair] of seen) {
    const page = pages.get(key(pair.day, pair.path)) ?? {
      ...{ day: pair.day, path: pair.path, pageviews: 0, visitors: 0, entries: 0, scroll_total: 0 },
      ...{ scrolled_75: 0, stayed_30: 0, stayed_60: 0, stayed_120: 0, stayed_300: 0 },
    };
    const add = (column: string, by: number) => (page[column] = Number(page[column]) + by);
    add("pageviews", pair.pageviews);
    add("visitors", 1);
    add("entries", pair.entries);
    add("scroll_total", depth.get(k) ?? 0);
    add("scrolled_75", (depth.get(k) ?? 0) >= 75 ? 1 : 0);
    for (const s of [30, 60, 120, 300]) add(`stayed_${s}`, (stay.get(k) ?? 0) >= s ? 1 : 0);
    pages.set(key(pair.day, pair.path), page);
  }
  const visitStarts = [...starts].filter(inDays);
  const referrers = new Map<string, number>();
  const utm = new Map<string, number>();
  for (const v of visitStarts) {
    if (v.referrer_host) count(referrers, key(dayOf(v), v.referrer_host));
    if (v.utm_source) count(utm, key(dayOf(v), v.utm_source, v.utm_medium, v.utm_campaign));
  }
  const events = new Map<string, number>();
  for (const e of rows.filter((r) => r.kind === "event" && r.name !== "time_on_page" && inDays(r)))
    count(events, key(dayOf(e), e.name));

  const unpack = <T>(map: Map<string, number>, make: (parts: (string | null)[], n: number) => T) =>
    [...map].map(([k, n]) => make(JSON.parse(k) as (string | null)[], n));
  return {
    daily,
    pages: [...pages.values()],
    referrers: unpack(referrers, ([day, host], visits) => ({ day, host, visits })),
    utm: unpack(utm, ([day, source, medium, campaign], visits) => ({ day, source, medium, campaign, visits })),
    events: unpack(events, ([day, name], n) => ({ day, name, count: n })),
  };
}

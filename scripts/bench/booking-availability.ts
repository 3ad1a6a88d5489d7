/**
 * The booking page's free times on a full calendar (docs/decisions/058-bookings.md): a 30-day
 * availability answer with 500 live bookings and 2,000 busy events from the owner's calendar, at
 * 10 connections for 10 s. Target: p99 under 50 ms. An answer is kept while the bookings' tables
 * stay unchanged (at most a minute), as visitors of one month view ask for the same range; a second
 * run asks for a range of its own on every call (shifted by a second), so each answer is computed
 * from the rules, the blocked ranges and the busy times, and prints what that costs.
 *
 * By itself (the app built first): `npx tsx scripts/bench/booking-availability.ts`. It starts the
 * built app on its own embedded PostgreSQL in a temporary folder, fills it through SQL, and prints
 * the figures; exit 1 when the target is missed.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { connectDatabase } from "../../server/db/client";
import { runningEmbeddedUrl } from "../../server/db/embedded";
import { printFiguresAndExit, runsAlone, spawnBuiltApp, stopChild, waitHealthy } from "./app-process";
import type { BenchContext, BenchFigure } from "./types";

export const AVAILABILITY_TARGET_P99_MS = 50;
const BOOKINGS = 500;
const BUSY_EVENTS = 2_000;
const DAY = 86_400_000;

/**
 * Fills the calendar: every day open 7 to 22, buffers of 10 minutes, 500 bookings over the next 60
 * days (20 min each, without overlap) and 2,000 busy events of 15 to 45 minutes over the next 90
 * (a busy owner's feed: about 22 a day), some overlapping one another and the bookings.
 */
async function fill(url: string) {
  const database = connectDatabase(url, { max: 1 });
  const { db } = database;
  try {
    const hours = JSON.stringify(
      Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [String(d), [{ start: "07:00", end: "22:00" }]])),
    );
    await db.execute(sql`update booking_settings set weekly_hours = ${hours}::jsonb, min_notice_minutes = 60,
      window_days = 60, max_per_day = null, step_minutes = 15, buffer_before_minutes = 10, buffer_after_minutes = 10`);
    await db.execute(sql`delete from bookings`);
    await db.execute(sql`delete from busy_times`);
    // 500 bookings, one every 2 h 53 min from tomorrow: never closer than their buffers allow.
    await db.execute(sql`
      insert into bookings (uid, meeting_type_id, meeting_name, location_kind, starts_at, ends_at, blocked,
        name, email, phone, visitor_time_zone)
      select 'bench-' || i || '@bench', t.id, t.name, t.location_kind, s, s + interval '20 minutes',
        tstzrange(s - interval '10 minutes', s + interval '30 minutes'),
        'Bench Visitor ' || i, 'bench.' || i || '@example.com', '(401) 555-0100', 'America/New_York'
      from generate_series(1, ${BOOKINGS}) as i,
        lateral (select date_trunc('hour', now()) + interval '1 day' + (i * interval '173 minutes') as s) as at,
        (select id, name, location_kind from meeting_types where slug = 'discovery-call') as t`);
    await db.execute(sql`
      insert into busy_times (starts_at, ends_at)
      select s, s + ((15 + (i * 7) % 31) * interval '1 minute')
      from generate_series(1, ${BUSY_EVENTS}) as i,
        lateral (select date_trunc('hour', now()) + (i * interval '65 minutes') as s) as at`);
  } finally {
    await database.close();
  }
}

export async function section(ctx: Pick<BenchContext, "base" | "dataDir" | "pgPort">): Promise<BenchFigure[]> {
  const url = runningEmbeddedUrl(path.join(ctx.dataDir, "postgres"), ctx.pgPort);
  if (!url) throw new Error("The app's embedded PostgreSQL is not running");
  await fill(url);
  const start = new Date(Date.now() + DAY).toISOString();
  const end = new Date(Date.now() + 31 * DAY).toISOString();
  const target = `${ctx.base}/api/booking/availability?type=discovery-call&start=${start}&end=${end}`;
  const first = (await (await fetch(target)).json()) as { slots: unknown[] };
  // A warm-up, then the measured run.
  await autocannon({ url: target, connections: 10, duration: 3 });
  const result = await autocannon({ url: target, connections: 10, duration: 10 });
  const p99 = result.latency.p99;
  // Every call a range of its own: nothing kept answers it.
  let shift = 0;
  const computed = await autocannon({
    url: target,
    connections: 10,
    duration: 10,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          shift += 1;
          const from = new Date(Date.parse(start) + shift * 1000).toISOString();
          const to = new Date(Date.parse(end) + shift * 1000).toISOString();
          return { ...req, path: `/api/booking/availability?type=discovery-call&start=${from}&end=${to}` };
        },
      },
    ],
  });
  return [
    {
      name: `30-day availability, ${BOOKINGS} bookings and ${BUSY_EVENTS} busy events: p99 at 10 connections`,
      value: p99,
      unit: "ms",
      target: `< ${AVAILABILITY_TARGET_P99_MS}`,
      ok: p99 < AVAILABILITY_TARGET_P99_MS && result.non2xx === 0 && result.errors === 0,
    },
    { name: "  its median", value: result.latency.p50, unit: "ms", target: "-", ok: true },
    { name: "  calls a second", value: Math.round(result.requests.average), unit: "req/s", target: "-", ok: true },
    { name: "  free slots in the answer", value: first.slots.length, unit: "slots", target: "-", ok: true },
    { name: "  answers not 2xx", value: result.non2xx + result.errors, unit: "", target: "0", ok: true },
    {
      name: "each answer computed: p99 at 10 connections",
      value: computed.latency.p99,
      unit: "ms",
      target: "-",
      ok: true,
    },
    { name: "  its median", value: computed.latency.p50, unit: "ms", target: "-", ok: true },
    { name: "  calls a second", value: Math.round(computed.requests.average), unit: "req/s", target: "-", ok: true },
    {
      name: "  answers not 2xx",
      value: computed.non2xx + computed.errors,
      unit: "",
      target: "0",
      ok: computed.non2xx + computed.errors === 0,
    },
  ];
}

if (runsAlone(import.meta.url)) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "wbt-booking-bench-"));
  chmodSync(dataDir, 0o755);
  const port = 4300 + Math.floor(Math.random() * 500);
  const child = spawnBuiltApp({
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(port + 1000),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  });
  const base = `http://127.0.0.1:${port}`;
  let figures: BenchFigure[] = [];
  try {
    await waitHealthy(child, base);
    figures = await section({ base, dataDir, pgPort: port + 1000 });
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  printFiguresAndExit(figures);
}

/**
 * The analytics report right after an upgrade or an import, while no day has its rollup yet
 * (docs/decisions/049-rollups-and-list-pages-at-scale.md): a database seeded by
 * `npm run seed -- --scale N` (BENCH_CATCH_UP_SCALE, default 1), the built app started on it,
 * every rollup deleted and the app restarted (as an upgrade does); then the 30-day, one-year and two-year reports asked in turn, each with
 * its time and status, over and over for BENCH_CATCH_UP_SECONDS (default 300) or until the app's
 * own job has rolled up every finished day; and how long the job took to get there.
 *
 * By itself (the app built first):
 *   BENCH_CATCH_UP_SCALE=10 npx tsx scripts/bench/rollup-catch-up.ts
 * BENCH_CATCH_UP_DATA_DIR=/some/dir keeps the seeded database there and uses the one it finds
 * there on the next run (as BENCH_OWNER_LIST_DATA_DIR does in owner-lists.ts; the two may share one).
 */
import { sql } from "drizzle-orm";
import { addDays, dayIn } from "../../app/contracts/analytics-days";
import { site } from "../../app/config/site";
import { connectDatabase } from "../../server/db/client";
import { missingRollupDays } from "../../server/services/analytics/rollups";
import { printFiguresAndExit, runsAlone, sleep } from "./app-process";
import { onSeededApp } from "./owner-lists";
import { signIn, startApp, stopApp, type ScaleApp } from "./two-year-business";
import type { BenchContext, BenchFigure } from "./types";

const scale = Number(process.env.BENCH_CATCH_UP_SCALE ?? 1);
const keptDir = process.env.BENCH_CATCH_UP_DATA_DIR;
const watchSeconds = Number(process.env.BENCH_CATCH_UP_SECONDS ?? 300);

const RANGES = [
  { name: "30 days", days: 30 },
  { name: "one year", days: 365 },
  { name: "two years", days: 730 },
] as const;

async function timedReport(app: ScaleApp, token: string, days: number) {
  const to = dayIn(site.timeZone);
  const started = performance.now();
  const res = await fetch(`${app.base}/api/admin/analytics?from=${addDays(to, -(days - 1))}&to=${to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { pending_days?: number };
  return { ms: Math.round(performance.now() - started), status: res.status, pending: body.pending_days ?? 0 };
}

export const section = (ctx: Pick<BenchContext, "port">): Promise<BenchFigure[]> =>
  onSeededApp("rollup-catch-up", scale, keptDir, ctx.port + 60, async (seeded, url) => {
    const label = (name: string) => `N=${scale}: ${name}`;
    // As after an upgrade or an import: raw rows, and no rollup of any day; then the app restarted.
    const before = connectDatabase(url, { max: 1 });
    try {
      await before.db.execute(sql`delete from analytics_daily`);
      await before.db.execute(sql`vacuum (analyze) analytics_daily, analytics_daily_pages`);
    } finally {
      await before.close();
    }
    await stopApp(seeded);
    const restartedAt = performance.now();
    const app = await startApp(ctx.port + 60, seeded.dataDir);
    const database = connectDatabase(url, { max: 1 });
    try {
      const startedInMs = Math.round(performance.now() - restartedAt);
      const missingAtStart = (await missingRollupDays(database.db, new Date(), 1000)).length;
      const started = performance.now();
      const token = await signIn(app.base);
      const first: Record<string, { ms: number; status: number; pending: number }> = {};
      let worst = 0;
      let notOk = 0;
      let caughtUpAt: number | null = null;
      while (performance.now() - started < watchSeconds * 1000) {
        const line: string[] = [];
        for (const range of RANGES) {
          const r = await timedReport(app, token, range.days);
          first[range.name] ??= r;
          worst = Math.max(worst, r.ms);
          if (r.status !== 200) notOk++;
          line.push(`${range.name} ${r.status} ${r.ms} ms${r.pending ? ` (${r.pending} days pending)` : ""}`);
        }
        const left = (await missingRollupDays(database.db, new Date(), 1000)).length;
        console.log(
          `[bench] +${Math.round((performance.now() - started) / 1000)} s: ${line.join(", ")}; ${left} days without a rollup`,
        );
        if (left === 0) {
          caughtUpAt = performance.now() - started;
          break;
        }
        await sleep(2000);
      }
      const info = (name: string, value: number, unit: string) => ({
        name: label(name),
        value,
        unit,
        target: "-",
        ok: true,
      });
      const month = first["30 days"]!;
      return [
        info("days without a rollup when the app came back", missingAtStart, "days"),
        info("the app's restart, to healthy", startedInMs, "ms"),
        {
          name: label(`first 30-day report after the restart (${month.pending} days pending)`),
          value: month.ms,
          unit: "ms",
          target: "< 1000",
          ok: month.ms < 1000 && month.status === 200,
        },
        info(`first one-year report (${first["one year"]!.pending} days pending)`, first["one year"]!.ms, "ms"),
        info(`first two-year report (${first["two years"]!.pending} days pending)`, first["two years"]!.ms, "ms"),
        {
          name: label("reports not answered 200 while catching up"),
          value: notOk,
          unit: "requests",
          target: "0",
          ok: notOk === 0,
        },
        info("slowest report while catching up", worst, "ms"),
        {
          name: label(`every day rolled up by the job (watched ${watchSeconds} s)`),
          value: caughtUpAt === null ? -1 : Math.round(caughtUpAt / 1000),
          unit: caughtUpAt === null ? "s (not within the watch)" : "s",
          target: "-",
          ok: true,
        },
      ];
    } finally {
      await database.close();
      await stopApp(app);
    }
  });

if (runsAlone(import.meta.url)) printFiguresAndExit(await section({ port: 4700 + Math.floor(Math.random() * 200) }));

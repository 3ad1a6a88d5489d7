/**
 * The seconds from the death of the embedded PostgreSQL (kill -9 of its postmaster) to the
 * first successful write after it, under a stream of contact-form submissions: the app starts
 * its database again by itself (docs/decisions/029-database-outages.md). Also what the
 * submissions were answered meanwhile (200 or 503, never 500) and whether any acknowledged one
 * is missing from the database. It runs last: the other figures measure a database that never died.
 */
import { pathToFileURL } from "node:url";
import { killDatabaseUnderLoad } from "../../tests/support/database-kill";
import type { BenchContext, BenchFigure } from "./types";

/** The bound: writes are served again within 15 s of the kill, with no human. */
const TARGET_SECONDS = 15;

export async function section(ctx: Pick<BenchContext, "base" | "dataDir" | "pgPort">): Promise<BenchFigure[]> {
  const result = await killDatabaseUnderLoad({ base: ctx.base, dataDir: ctx.dataDir, pgPort: ctx.pgPort });
  const seconds = (ms: number | null) => (ms === null ? -1 : Math.round(ms / 10) / 100);
  const count = (ok: (status: number) => boolean) => result.submissions.filter((s) => ok(s.status)).length;
  const info = (name: string, value: number, unit = "requests") => ({ name, value, unit, target: "-", ok: true });
  const wrong = count((status) => status !== 200 && status !== 503);
  return [
    {
      name: "database killed: seconds to the first successful write",
      value: seconds(result.firstWriteMs),
      unit: "s",
      target: `< ${TARGET_SECONDS}`,
      ok: result.firstWriteMs !== null && result.firstWriteMs < TARGET_SECONDS * 1000,
    },
    info("database killed: seconds to /api/health 200", seconds(result.healthyMs), "s"),
    info(
      "submissions acknowledged (200)",
      count((status) => status === 200),
    ),
    info(
      "submissions refused with 503 and Retry-After",
      count((status) => status === 503),
    ),
    {
      name: "submissions answered otherwise (500, no answer)",
      value: wrong,
      unit: "requests",
      target: "0",
      ok: wrong === 0,
    },
    {
      name: "acknowledged submissions missing from the database",
      value: result.lost.length,
      unit: "leads",
      target: "0",
      ok: result.lost.length === 0,
    },
  ];
}

// By itself, against a running app on the embedded database:
// BENCH_BASE=http://127.0.0.1:3000 BENCH_DATA_DIR=data BENCH_PG_PORT=54329 npx tsx scripts/bench/unattended-recovery.ts
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await section({
    base: process.env.BENCH_BASE ?? "http://127.0.0.1:3000",
    dataDir: process.env.BENCH_DATA_DIR ?? "data",
    pgPort: Number(process.env.BENCH_PG_PORT ?? 54329),
  });
  for (const f of figures)
    console.log(`${f.name}: ${f.value} ${f.unit} (target ${f.target}) ${f.ok ? "ok" : "MISSED"}`);
}

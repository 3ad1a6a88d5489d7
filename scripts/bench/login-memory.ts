/**
 * Peak memory of the app while 50 failed sign-ins arrive at once. Each check
 * is a scrypt hash of 128 MiB; the sign-in limits are counted before hashing
 * and only a few hashes run at a time, so the peak stays bounded however many
 * come. All requests come from one address (127.0.0.1), as a single attacker's
 * would: past the per-address limit they are answered 429 without a hash.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { BenchContext, BenchFigure } from "./types";

const CONCURRENT = 50;
const TARGET_MB = 450;

const rssMb = (pid: number) => {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
};

export async function section(ctx: BenchContext): Promise<BenchFigure[]> {
  let peak = rssMb(ctx.pid);
  const before = peak;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(ctx.pid));
    } catch {
      // the process is gone: the figure shows what was seen
    }
  }, 20);
  const statuses = new Map<number, number>();
  try {
    await Promise.all(
      Array.from({ length: CONCURRENT }, async (_, i) => {
        // A request not answered within a minute (or failing) counts as status 0.
        const status = await fetch(`${ctx.base}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: `bench-${i}@example.com`, password: "not-the-password" }),
          signal: AbortSignal.timeout(60_000),
        })
          .then(
            async (res) => (await res.arrayBuffer(), res.status),
            () => 0,
          )
          .catch(() => 0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    );
    // The last hash may free its memory after its answer: keep sampling a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    clearInterval(sampler);
  }
  const count = (status: number) => statuses.get(status) ?? 0;
  const other = [...statuses].filter(([s]) => ![401, 429, 503].includes(s)).reduce((n, [, c]) => n + c, 0);
  const info = (name: string, value: number, unit = "requests") => ({ name, value, unit, target: "-", ok: true });
  return [
    {
      name: `peak RSS during ${CONCURRENT} concurrent failed sign-ins`,
      value: Math.round(peak),
      unit: "MB",
      target: `< ${TARGET_MB}`,
      ok: peak < TARGET_MB,
    },
    info("RSS before the sign-ins", Math.round(before), "MB"),
    info("sign-ins answered 401 (hashed)", count(401)),
    info("sign-ins answered 429 (paused before hashing)", count(429)),
    info("sign-ins answered 503 (hash queue full)", count(503)),
    { name: "sign-ins answered otherwise (5xx, errors)", value: other, unit: "requests", target: "0", ok: other === 0 },
  ];
}

// By itself: BENCH_BASE=http://127.0.0.1:3000 BENCH_PID=<pid of the app> npx tsx scripts/bench/login-memory.ts
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.env.BENCH_BASE ?? "http://127.0.0.1:3000";
  const figures = await section({
    base,
    port: Number(new URL(base).port),
    pid: Number(process.env.BENCH_PID),
    bareRps: 0,
    seconds: 0,
    dataDir: process.env.BENCH_DATA_DIR ?? "data",
    pgPort: Number(process.env.BENCH_PG_PORT ?? 54329),
  });
  for (const f of figures)
    console.log(`${f.name}: ${f.value} ${f.unit} (target ${f.target}) ${f.ok ? "ok" : "MISSED"}`);
}

/**
 * The answers a traffic spike hits first, at 50 connections each, beside the
 * bare node:http rate of the same run: the public posts list, the chat
 * widget's settings, a search results page, one inquiry's chat page, and the
 * pageviews every counted page sends (written in batches; docs/decisions/024-analytics.md).
 * Sent with `Accept-Encoding: br, gzip` as a browser sends it.
 *
 * By itself, against an app already running:
 *   BENCH_BASE=http://127.0.0.1:3000 BENCH_BARE_RPS=6000 npx tsx scripts/bench/api-rates.ts
 */
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import type { BenchContext, BenchFigure } from "./types";

const CONNECTIONS = 50;
const HEADERS = { "accept-encoding": "br, gzip" };

interface Target {
  name: string;
  path: string;
  /** A POST with this JSON body (GET without). */
  body?: unknown;
  /** Least share of the bare node:http rate. */
  ratio?: number;
  /** Least requests per second. */
  rps?: number;
  /** Most p99 latency, in ms. */
  p99?: number;
  /**
   * Sent from this many addresses in turn (X-Forwarded-For; the bench's app trusts one proxy):
   * from one, pageviews past its daily cap are answered unread, which is not the ingestion
   * measured here (docs/decisions/033-analytics-flood.md).
   */
  addresses?: number;
}

/** A browser's User-Agent: the analytics calls of bots are answered but not counted (not written). */
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The n-th address of 198.18.0.0/16, a block set aside for benchmarks (RFC 2544). */
const benchAddress = (n: number) => `198.18.${(n >> 8) & 255}.${n & 255}`;

const request = (url: string, body: unknown, duration: number, addresses = 0) => {
  let sent = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    ...(body === undefined
      ? { headers: HEADERS }
      : {
          method: "POST" as const,
          body: JSON.stringify(body),
          headers: { ...HEADERS, "content-type": "application/json", "user-agent": BROWSER },
        }),
    ...(addresses > 0
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                headers: { ...req.headers, "x-forwarded-for": benchAddress(sent++ % addresses) },
              }),
            },
          ],
        }
      : {}),
  });
};

async function measure(url: string, seconds: number, body?: unknown, addresses?: number) {
  const result = await request(url, body, seconds, addresses);
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function createInquiry(base: string): Promise<string> {
  const res = await fetch(`${base}/api/inquiries/create`, { method: "POST" });
  if (res.status !== 201) throw new Error(`POST /api/inquiries/create answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { inquiryId: string }).inquiryId;
}

export async function section(ctx: BenchContext): Promise<BenchFigure[]> {
  const inquiryId = await createInquiry(ctx.base);
  const targets: Target[] = [
    { name: "GET /api/posts?post_type=blog&limit=10", path: "/api/posts?post_type=blog&limit=10", ratio: 0.5, p99: 50 },
    { name: "GET /api/chat-settings", path: "/api/chat-settings", ratio: 0.6 },
    { name: "GET /search?q=website", path: "/search?q=website", rps: 300, p99: 250 },
    { name: "GET /chat/{id}", path: `/chat/${encodeURIComponent(inquiryId)}`, ratio: 0.5, p99: 250 },
    // Pageview ingestion: validated, hashed and queued per request, written in batches.
    {
      name: "POST /api/analytics/pageview",
      path: "/api/analytics/pageview",
      body: {
        path: "/newport-web-design?utm_source=gmb",
        referrer: "https://www.google.com/",
        userAgent: BROWSER,
        timestamp: new Date().toISOString(),
      },
      rps: 1000,
      p99: 250,
      addresses: 2000,
    },
  ];
  const figures: BenchFigure[] = [];
  for (const target of targets) {
    const url = `${ctx.base}${target.path}`;
    // One request builds what is built on first use; a second of load then lets V8 compile
    // this route's path, so the figure is the steady state of a spike, not the warm-up.
    await fetch(url, {
      method: target.body === undefined ? "GET" : "POST",
      headers: target.body === undefined ? HEADERS : { "content-type": "application/json", "user-agent": BROWSER },
      body: target.body === undefined ? undefined : JSON.stringify(target.body),
    }).then((res) => res.arrayBuffer());
    await request(url, target.body, 1, target.addresses);
    const { rps, p99, failures } = await measure(url, ctx.seconds, target.body, target.addresses);
    const ratio = ctx.bareRps > 0 ? Math.round((rps / ctx.bareRps) * 100) / 100 : 0;
    figures.push({
      name: `${target.name} req/s`,
      value: rps,
      unit: "req/s",
      target: target.rps ? `>= ${target.rps}` : "-",
      // Any answer other than 2xx, or a failed request, makes the figure worthless.
      ok: failures === 0 && (target.rps === undefined || rps >= target.rps),
    });
    if (failures > 0) console.log(`[bench] ${target.name}: ${failures} non-2xx answers or errors`);
    figures.push({
      name: `${target.name} / bare`,
      value: ratio,
      unit: "ratio",
      target: target.ratio ? `>= ${target.ratio}` : "-",
      ok: target.ratio === undefined || ratio >= target.ratio,
    });
    figures.push({
      name: `${target.name} p99`,
      value: p99,
      unit: "ms",
      target: target.p99 ? `< ${target.p99}` : "-",
      ok: target.p99 === undefined || p99 < target.p99,
    });
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.env.BENCH_BASE ?? "http://127.0.0.1:3000";
  const figures = await section({
    base,
    port: Number(new URL(base).port),
    pid: Number(process.env.BENCH_PID ?? 0),
    bareRps: Number(process.env.BENCH_BARE_RPS ?? 0),
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
    dataDir: process.env.BENCH_DATA_DIR ?? "data",
    pgPort: Number(process.env.BENCH_PG_PORT ?? 54329),
  });
  for (const f of figures)
    console.log(
      `${f.name.padEnd(52)} ${String(f.value).padStart(10)} ${f.unit.padEnd(6)} target ${f.target.padEnd(8)} ${f.ok ? "ok" : "MISSED"}`,
    );
}

/**
 * `npm run bench`: the speed and memory figures of the built app, from one run.
 *  - requests/second of a prerendered page through the app, beside a bare
 *    node:http server sending the same bytes, and their ratio;
 *  - cold start of the built app (to a healthy /api/health) and idle memory;
 *  - Lighthouse (mobile defaults, the system Chromium) scores and first-load
 *    JavaScript (gzip bytes) for the public pages in LIGHTHOUSE_PAGES
 *    (BENCH_SKIP_LIGHTHOUSE=1 leaves them out, for the other figures in a minute);
 *  - the figures of every module in scripts/bench/ (each exports `section(ctx)`,
 *    see scripts/bench/types.ts), in the order of their file names.
 * BENCH_ONLY=lighthouse measures Lighthouse alone (with BENCH_PAGES, a few pages in a
 * few minutes); BENCH_RUNS=3 runs Lighthouse that many times per page and keeps the
 * median of each figure, since one run on a shared machine is noisy.
 * Targets are printed beside each figure; the exit code is 1 when one is missed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeStamp, readStamp, root } from "./build-stamp.mjs";
import { CHROMIUM_ARGS, chromiumPath } from "../tests/support/chromium";
import type { BenchContext, BenchFigure } from "./bench/types";

/** Public pages measured by Lighthouse; every public page template belongs here. */
const LIGHTHOUSE_PAGES = process.env.BENCH_PAGES?.split(",") ?? [
  "/",
  "/services",
  "/pricing",
  "/newport-web-design",
  "/restaurant-web-design-rhode-island",
  "/demos",
  "/blog",
  "/blog/how-much-does-a-small-business-website-cost-in-rhode-island",
  "/blog/sweet-fig-bakery",
  "/projects",
  "/start-project",
  "/book/discovery-call",
  "/contact",
  "/claim-your-website",
  "/chat",
  "/client-portal",
];
/** Performance 100 on every page, 99 allowed on at most this many (one run's noise). */
const PERFORMANCE_99_ALLOWED = 3;
const TARGETS = {
  performance: 99,
  firstContentfulPaintMs: 1000,
  totalBlockingTimeMs: 100,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  jsGzipBytes: 130 * 1024,
  rpsRatio: 0.5,
  coldStartMs: 3000,
  idleRssMb: 150,
};
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const SKIP_LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE === "1";
const ONLY_LIGHTHOUSE = process.env.BENCH_ONLY === "lighthouse";
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1) || 1);
if (process.env.BENCH_ONLY && !ONLY_LIGHTHOUSE) throw new Error("BENCH_ONLY accepts only 'lighthouse'");
if (ONLY_LIGHTHOUSE && SKIP_LIGHTHOUSE)
  throw new Error("BENCH_ONLY=lighthouse and BENCH_SKIP_LIGHTHOUSE=1 leave nothing to measure");

const results: Record<string, unknown> = {};
const misses: string[] = [];
const check = (label: string, ok: boolean) => {
  if (!ok) misses.push(label);
  return ok ? "ok" : "MISSED";
};

if (readStamp() !== computeStamp()) {
  console.log("[bench] building first");
  const build = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/build.ts")], {
    cwd: root,
    stdio: "inherit",
  });
  await new Promise((resolve, reject) =>
    build.on("exit", (code) => (code === 0 ? resolve(null) : reject(new Error("build failed")))),
  );
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "wbt-bench-"));
chmodSync(dataDir, 0o755);
const port = 4300 + Math.floor(Math.random() * 500);
const env = {
  PATH: process.env.PATH,
  DATA_DIR: dataDir,
  PORT: String(port),
  EMBEDDED_PG_PORT: String(port + 1000),
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  // The load comes from one address: per-address limits raised (to the most each
  // variable accepts) so the figures measure the app, not its abuse limits.
  INQUIRY_CREATE_LIMIT: "10000",
  INQUIRY_MESSAGE_LIMIT: "100000",
  PUBLIC_FORM_LIMIT: "10000",
  INQUIRY_SOCKETS_PER_ADDRESS: "5000",
  ANALYTICS_RATE_LIMIT: "1000000",
  // Behind one proxy, so a module can name many clients in X-Forwarded-For (the pageviews of
  // bench/api-rates.ts: one address would soon be past its daily cap, docs/decisions/033-analytics-flood.md).
  // A request without the header is its socket's address, as before.
  TRUST_PROXY: "1",
};

/**
 * The V8 flags of `npm start` (package.json): the app is measured as production runs it.
 * A 4 MB young generation keeps the idle process small at no cost to request rates.
 */
const startFlags = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((part) => part.startsWith("--"));

function startApp(): { child: ChildProcess; startedAt: number } {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...startFlags, path.join(root, "build/server-app/index.js")], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { child, startedAt };
}
async function waitHealthy(): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const stopApp = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });

// 1. First start (creates the database cluster), then a cold start of the built app.
let app = startApp();
await waitHealthy();
const firstStartMs = performance.now() - app.startedAt;
await stopApp(app.child);
app = startApp();
await waitHealthy();
const coldStartMs = performance.now() - app.startedAt;
results.firstStartMs = Math.round(firstStartMs);
results.coldStartMs = Math.round(coldStartMs);

// 2. Idle memory, after a few requests have warmed the process.
for (const page of ["/", "/api/health", "/no-such-page", "/sitemap.xml"])
  await fetch(`http://127.0.0.1:${port}${page}`).then((r) => r.arrayBuffer());
await new Promise((resolve) => setTimeout(resolve, 2000));
const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app.child.pid}/status`, "utf8"))?.[1] ?? 0);
results.idleRssMb = Math.round(rssKb / 102.4) / 10;

let bareRps = 0;
const sectionFigures: { section: string; figures: BenchFigure[] }[] = [];
if (!ONLY_LIGHTHOUSE) {
  // 3. Requests per second: the app's prerendered home against node:http with the same bytes.
  const headers = { "accept-encoding": "br, gzip" };
  const sample = await fetch(`http://127.0.0.1:${port}/`, { headers });
  const sampleHeaders: Record<string, string> = {};
  sample.headers.forEach((value, key) => (sampleHeaders[key] = value));
  const body = Buffer.from(await new Response(sample.body).arrayBuffer()); // fetch decodes; re-read raw below
  const raw = await new Promise<Buffer>((resolve, reject) => {
    import("node:http").then(({ get }) =>
      get({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks)));
      }).on("error", reject),
    );
  });
  void body;
  const bare = createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-encoding": sampleHeaders["content-encoding"] ?? "br",
      etag: sampleHeaders.etag ?? "",
      "content-length": raw.length,
    });
    res.end(raw);
  });
  await new Promise<void>((resolve) => bare.listen(port + 2, "127.0.0.1", () => resolve()));

  async function rps(url: string): Promise<number> {
    const result = await autocannon({ url, connections: 50, duration: DURATION_S, headers });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return Math.round(result.requests.average);
  }
  bareRps = await rps(`http://127.0.0.1:${port + 2}/`);
  const appRps = await rps(`http://127.0.0.1:${port}/`);
  bare.close();
  results.bareRps = bareRps;
  results.appRps = appRps;
  results.rpsRatio = Math.round((appRps / bareRps) * 100) / 100;

  // 4. The figures of scripts/bench/*.ts, sorted by file name.
  const benchDir = path.join(root, "scripts/bench");
  const sectionFiles = readdirSync(benchDir)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts") && name !== "types.ts")
    .sort();
  const sectionContext: BenchContext = {
    base: `http://127.0.0.1:${port}`,
    port,
    pid: app.child.pid!,
    bareRps,
    seconds: DURATION_S,
    dataDir,
    pgPort: port + 1000,
  };
  for (const file of sectionFiles) {
    const name = file.replace(/\.ts$/, "");
    console.log(`[bench] ${name}`);
    const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as {
      section?: (ctx: BenchContext) => Promise<BenchFigure[]>;
    };
    if (typeof module.section !== "function") {
      console.log(`[bench] ${file} exports no section(ctx); skipped`);
      continue;
    }
    try {
      sectionFigures.push({ section: name, figures: await module.section(sectionContext) });
    } catch (error) {
      // One failing section is a miss, not the end of the run.
      console.log(`[bench] ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      sectionFigures.push({
        section: name,
        figures: [{ name: `${name} failed`, value: 0, unit: "", target: "runs", ok: false }],
      });
    }
  }
  results.sections = Object.fromEntries(sectionFigures.map((s) => [s.section, s.figures]));
}

// 5. Lighthouse, mobile defaults, in the system Chromium.
const lighthouseResults: Record<string, Record<string, number>> = {};
if (!SKIP_LIGHTHOUSE) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath({ fullBrowser: true }),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    userDataDir: mkdtempSync(path.join(os.tmpdir(), "wbt-lh-")),
  });
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const runs: Record<string, number>[] = [];
      // A run Lighthouse could not finish (a runtime error: no paint seen, a timeout) is run again, twice at most.
      for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS && attempt < LIGHTHOUSE_RUNS + 2; attempt++) {
        const scores = await measurePage(page);
        if (scores) runs.push(scores);
      }
      if (!runs.length) throw new Error(`Lighthouse could not measure ${page}`);
      // The median of each figure (the middle run's for an odd count).
      const median = (values: number[]) => {
        const sorted = [...values].sort((x, y) => x - y);
        const middle = Math.floor(sorted.length / 2);
        return sorted.length % 2
          ? sorted[middle]!
          : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 1000) / 1000;
      };
      lighthouseResults[page] = Object.fromEntries(
        Object.keys(runs[0]!).map((key) => [key, median(runs.map((run) => run[key] ?? 0))]),
      );
      if (LIGHTHOUSE_RUNS > 1)
        console.log(
          `[bench] ${page}: FCP ${runs.map((run) => Math.round(run["first-contentful-paint"] ?? 0)).join(", ")} ms; performance ${runs.map((run) => run.performance).join(", ")}`,
        );
    }
  } finally {
    await chrome.kill();
  }
  async function measurePage(page: string): Promise<Record<string, number> | undefined> {
    const run = await lighthouse(`http://localhost:${port}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!run) throw new Error(`Lighthouse gave no result for ${page}`);
    const lhr = run.lhr;
    if (lhr.runtimeError) {
      console.log(`[bench] ${page}: Lighthouse failed (${lhr.runtimeError.code}); measuring again`);
      return undefined;
    }
    const requests =
      (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; url?: string }[] } | undefined)
        ?.items ?? [];
    // First-load JavaScript counted as gzip bytes (the server may send brotli, which is smaller).
    const jsBytes = requests
      .filter((r) => r.resourceType === "Script" && r.url)
      .reduce(
        (sum, r) =>
          sum + gzipSync(readFileSync(path.join(root, "build/client", new URL(r.url!).pathname)), { level: 9 }).length,
        0,
      );
    const scores: Record<string, number> = { jsGzipBytes: jsBytes };
    for (const [id, category] of Object.entries(lhr.categories)) scores[id] = Math.round((category.score ?? 0) * 100);
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "notApplicable" &&
          a.scoreDisplayMode !== "manual",
      )
      .map((a) => `${a.id}(${a.score})`);
    for (const id of [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ]) {
      scores[id] = Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;
    }
    scores.benchmarkIndex = lhr.environment.benchmarkIndex;
    if (failing.length) console.log(`[bench] ${page}: audits below 1: ${failing.join(", ")}`);
    return scores;
  }
}
results.lighthouse = lighthouseResults;
await stopApp(app.child);
rmSync(dataDir, { recursive: true, force: true });

// Report
const line = (label: string, value: string, target: string, verdict: string) =>
  console.log(`${label.padEnd(52)} ${value.padStart(12)}   target ${target.padEnd(10)} ${verdict}`);
console.log("\n== bench ==");
if (!ONLY_LIGHTHOUSE) {
  line("bare node:http req/s", String(bareRps), "-", "");
  line("app prerendered / req/s", String(results.appRps), "-", "");
  line(
    "app / bare ratio",
    String(results.rpsRatio),
    `>= ${TARGETS.rpsRatio}`,
    check("rps ratio", (results.rpsRatio as number) >= TARGETS.rpsRatio),
  );
}
line("first start (creates cluster) ms", String(results.firstStartMs), "-", "");
line(
  "cold start ms",
  String(results.coldStartMs),
  `<= ${TARGETS.coldStartMs}`,
  check("cold start", coldStartMs <= TARGETS.coldStartMs),
);
line(
  "idle RSS MB",
  String(results.idleRssMb),
  `< ${TARGETS.idleRssMb}`,
  check("idle memory", (results.idleRssMb as number) < TARGETS.idleRssMb),
);
for (const { section, figures } of sectionFigures) {
  for (const figure of figures) {
    line(
      `${figure.name}${figure.unit && figure.unit !== "ratio" ? ` ${figure.unit}` : ""}`.replace(
        / req\/s req\/s$/,
        " req/s",
      ),
      String(figure.value),
      figure.target,
      figure.target === "-" && figure.ok ? "" : check(`${section}: ${figure.name}`, figure.ok),
    );
  }
}
if (SKIP_LIGHTHOUSE) console.log("lighthouse skipped (BENCH_SKIP_LIGHTHOUSE=1)");
const at99 = Object.entries(lighthouseResults).filter(([, scores]) => scores.performance === 99);
if (Object.keys(lighthouseResults).length)
  line(
    "lighthouse pages at performance 99 (not 100)",
    String(at99.length),
    `<= ${PERFORMANCE_99_ALLOWED}`,
    check("pages at 99", at99.length <= PERFORMANCE_99_ALLOWED),
  );
for (const [page, scores] of Object.entries(lighthouseResults)) {
  for (const key of ["performance", "accessibility", "best-practices", "seo"] as const) {
    line(
      `lighthouse ${page} ${key}`,
      String(scores[key]),
      `>= ${TARGETS[key]}`,
      check(`${page} ${key}`, (scores[key] ?? 0) >= TARGETS[key]),
    );
  }
  const fcp = scores["first-contentful-paint"] ?? Infinity;
  const tbt = scores["total-blocking-time"] ?? Infinity;
  line(
    `lighthouse ${page} first contentful paint ms`,
    String(Math.round(fcp)),
    `< ${TARGETS.firstContentfulPaintMs}`,
    check(`${page} FCP`, fcp < TARGETS.firstContentfulPaintMs),
  );
  line(
    `lighthouse ${page} total blocking time ms`,
    String(Math.round(tbt)),
    `< ${TARGETS.totalBlockingTimeMs}`,
    check(`${page} TBT`, tbt < TARGETS.totalBlockingTimeMs),
  );
  console.log(
    `  ${page}: FCP ${scores["first-contentful-paint"]} ms, LCP ${scores["largest-contentful-paint"]} ms, TBT ${scores["total-blocking-time"]} ms, CLS ${scores["cumulative-layout-shift"]}, SI ${scores["speed-index"]} ms, benchmark index ${scores.benchmarkIndex}`,
  );
  line(
    `lighthouse ${page} JS gzip bytes`,
    String(scores.jsGzipBytes),
    `<= ${TARGETS.jsGzipBytes}`,
    check(`${page} js`, (scores.jsGzipBytes ?? Infinity) <= TARGETS.jsGzipBytes),
  );
}
if (Object.keys(lighthouseResults).length) {
  console.log(
    "\n| page | performance | accessibility | best practices | SEO | FCP ms | TBT ms | LCP ms | JS gzip KB | benchmark index |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const [page, s] of Object.entries(lighthouseResults))
    console.log(
      `| ${page} | ${s.performance} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo} | ${Math.round(s["first-contentful-paint"] ?? 0)} | ${Math.round(s["total-blocking-time"] ?? 0)} | ${Math.round(s["largest-contentful-paint"] ?? 0)} | ${((s.jsGzipBytes ?? 0) / 1024).toFixed(1)} | ${Math.round(s.benchmarkIndex ?? 0)} |`,
    );
  // Lighthouse's mobile profile multiplies every observed task by four, so blocking time grows as
  // the host slows: compare runs taken at similar indexes.
  const indexes = Object.values(lighthouseResults).map((s) => Math.round(s.benchmarkIndex ?? 0));
  console.log(
    `\nhost benchmark index ${Math.min(...indexes)}-${Math.max(...indexes)} (Lighthouse's CPU measure of this machine during the runs; higher is faster)`,
  );
}
mkdirSync(path.join(root, "bench-results"), { recursive: true });
writeFileSync(
  path.join(root, "bench-results/latest.json"),
  JSON.stringify({ at: new Date().toISOString(), results, misses }, null, 2),
);
console.log(misses.length ? `\nmissed: ${misses.join(", ")}` : "\nall targets met");
process.exit(misses.length ? 1 : 0);

/**
 * The owner's screens and the visitors' writes on years of data: for each scale N of
 * BENCH_TWO_YEAR_SCALES (default "1,10"), a database seeded by `npm run seed -- --scale N`
 * (N = 1: a busy two-year practice, 5,000 contacts and 500,000 pageviews; N = 10: 50,000 and
 * 5,000,000), its analytics rolled up and the database vacuumed (as two years of running leave it),
 * and the built app started on it. Then:
 *  - the contacts list's first page and a search: p99 at 10 connections;
 *  - /admin/contacts, /admin/projects and /admin/inquiries in Chromium: from navigation to rows
 *    drawn and the page answering input; a keystroke's search shown;
 *  - a two-year analytics report;
 *  - the CSV export of every contact, streamed, with the server's peak memory;
 *  - visitors first: POST /api/contact p99 alone, then with five two-year reports running at
 *    once, and /api/health throughout (docs/decisions/030-reports-beside-visitors.md).
 * Each scale's app and database are its own (a temporary DATA_DIR), removed afterwards; with
 * BENCH_TWO_YEAR_DATA_DIR=/some/dir each scale's seeded database is kept in /some/dir/xN and used
 * again on the next run (owner-lists.ts and rollup-catch-up.ts can share it).
 *
 * By itself (the app built first):
 *   BENCH_TWO_YEAR_SCALES=1 npx tsx scripts/bench/two-year-business.ts
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { chromium, type Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { AUTH_TOKEN_KEY } from "../../app/lib/admin/session";
import { site } from "../../app/config/site";
import { connectDatabase } from "../../server/db/client";
import { runningEmbeddedUrl } from "../../server/db/embedded";
import { missingRollupDays, runAnalyticsRollups } from "../../server/services/analytics/rollups";
import { createMediaStore } from "../../server/services/media/store";
import { runProjectRetention } from "../../server/services/projects/retention";
import { chromiumLaunchOptions } from "../../tests/support/chromium";
import { seededDataDir, sleep, spawnBuiltApp, stopChild, waitHealthy } from "./app-process";
import type { BenchContext, BenchFigure } from "./types";

/** The targets (see the file's comment). */
const TARGETS = {
  listP99Ms: 50,
  screenReadyMs: 1000,
  keystrokeMs: 300,
  reportMs: 300,
  exportRssMb: 300,
  /** POST /api/contact p99 with five reports running, as a multiple of its p99 alone. */
  visitorsRatio: 2,
  healthMs: 1000,
};
/** A list call's p99 target: TARGETS.listP99Ms up to ten times the practice, 200 ms at thirty times. */
export const listP99Ms = (scale: number) => (scale >= 30 ? 200 : TARGETS.listP99Ms);
const LIST_CONNECTIONS = 10;
const CONTACT_CONNECTIONS = 4;
const REPORTS_AT_ONCE = 5;
const ADMIN = { email: "bench-owner@example.com", password: "bench-owner-password-2026" };

const scales = (process.env.BENCH_TWO_YEAR_SCALES ?? "1,10")
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isFinite(n) && n > 0);

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface ScaleApp {
  base: string;
  child: ChildProcess;
  dataDir: string;
  pgPort: number;
  env: NodeJS.ProcessEnv;
}

export async function startApp(port: number, dataDir: string): Promise<ScaleApp> {
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(port + 1000),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The load comes from one address: the form limit raised to the most it accepts.
    PUBLIC_FORM_LIMIT: "10000",
  };
  const child = spawnBuiltApp(env);
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(child, base, 120_000, `the app on ${dataDir}`);
  return { base, child, dataDir, pgPort: port + 1000, env };
}

export const stopApp = (app: ScaleApp) => stopChild(app.child);

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** Every finished day rolled up, as the app's job does it over its first runs. */
export async function fillRollups(app: ScaleApp) {
  const url = runningEmbeddedUrl(path.join(app.dataDir, "postgres"), app.pgPort);
  if (!url) throw new Error("the app's embedded database is not running");
  const database = connectDatabase(url, { max: 2 });
  const started = performance.now();
  try {
    const log = { info: () => {} };
    for (let attempt = 0; attempt < 600; attempt++) {
      const run = await runAnalyticsRollups(database.db, log, { maxDays: 1000 });
      // Skipped: the app's own run holds the job; wait for it.
      if (!run.ran) await sleep(500);
      if ((await missingRollupDays(database.db, new Date(), 1)).length === 0) break;
    }
    // Nor has it been through the daily project retention (decision 036): its first runs here would
    // delete the projects completed over a year ago, up to 500 at a time, under the measurements.
    const store = createMediaStore({ DATA_DIR: app.dataDir, MEDIA_STORAGE: "local" } as Parameters<
      typeof createMediaStore
    >[0]);
    for (let attempt = 0; attempt < 600; attempt++) {
      const pass = await runProjectRetention(
        { db: database.db, store, log: { info: () => {}, warn: () => {} } },
        {
          force: true,
        },
      );
      // Skipped: the app's own run holds the daily jobs' lock; wait for it.
      if (!pass.ran) await sleep(500);
      else if (!pass.result || pass.result.counts.projects === 0) break;
    }
    // A database that has run for two years has been vacuumed and analysed along the way; one
    // loaded a minute ago has not, and its autovacuum would run under the measurements.
    const vacuumStarted = performance.now();
    await database.db.execute(sql`vacuum (analyze)`);
    const vacuumMs = performance.now() - vacuumStarted;
    const [oldest] = (
      await database.db.execute<{ id: string; email: string; name: string }>(
        sql`select id::text, email, name from contacts where email is not null order by created_at asc, id asc limit 1`,
      )
    ).rows;
    const [counts] = (
      await database.db.execute<{ contacts: number; pageviews: number }>(
        sql`select (select count(*)::int from contacts) as contacts, (select count(*)::int from analytics_events where kind = 'pageview') as pageviews`,
      )
    ).rows;
    return { rollupMs: performance.now() - started - vacuumMs, vacuumMs, oldest: oldest!, counts: counts! };
  } finally {
    await database.close();
  }
}

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Every load test has a short run first, unmeasured: the process's code compiled, as a server that has run a while. */
const WARM_UP_SECONDS = 2;

export async function p99(url: string, token: string, seconds: number) {
  await autocannon({
    url,
    connections: LIST_CONNECTIONS,
    duration: WARM_UP_SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  const result = await autocannon({
    url,
    connections: LIST_CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    answered: result.requests.total,
  };
}

/** Navigation to the list's rows drawn and the page answering (a frame after them), median of 3. */
async function screenReady(page: Page, base: string, pathName: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await page.goto(`${base}${pathName}`, { waitUntil: "commit" });
    await page.locator("[data-record-id]").first().waitFor({ state: "visible", timeout: 30_000 });
    await page.getByRole("searchbox").first().waitFor({ state: "visible" });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    times.push(performance.now() - started);
  }
  return median(times);
}

/** From the last key of a search typed into /admin/contacts to its one row shown, median of 3. */
async function keystrokeSearch(page: Page, base: string, oldest: { id: string; email: string }): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(`${base}/admin/contacts`);
    await page.locator("[data-record-id]").first().waitFor({ state: "visible", timeout: 30_000 });
    const box = page.getByRole("searchbox", { name: "Search contacts" });
    await box.click();
    await page.keyboard.type(oldest.email);
    const typed = performance.now();
    await page.waitForFunction(
      (id) => {
        const rows = document.querySelectorAll("[data-record-id]");
        return rows.length === 1 && rows[0]!.getAttribute("data-record-id") === id;
      },
      oldest.id,
      { polling: "raf", timeout: 30_000 },
    );
    times.push(performance.now() - typed);
  }
  return median(times);
}

/** A two-year range ending today, in the business's time zone. */
function twoYears() {
  const day = (d: Date) =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: site.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(d);
  const now = new Date();
  return { from: day(new Date(now.getTime() - 729 * 86_400_000)), to: day(now) };
}

async function timedReport(base: string, token: string): Promise<{ ms: number; status: number }> {
  const { from, to } = twoYears();
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/analytics?from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

/** The whole contacts CSV read as it streams, the server's memory sampled meanwhile. */
async function exportContacts(app: ScaleApp, token: string) {
  const pid = app.child.pid!;
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = performance.now();
  try {
    const res = await fetch(`${app.base}/api/admin/contacts.csv`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`the contacts CSV answered ${res.status}`);
    let lines = 0;
    for await (const chunk of res.body! as unknown as AsyncIterable<Uint8Array>)
      for (const byte of chunk) if (byte === 10) lines++;
    return { rows: lines - 1, ms: performance.now() - started, peakRssMb: peak };
  } finally {
    clearInterval(sampler);
  }
}

async function contactP99(base: string, seconds: number) {
  const result = await autocannon({
    url: `${base}/api/contact`,
    method: "POST",
    connections: CONTACT_CONNECTIONS,
    duration: seconds,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Bench Visitor",
      email: "bench.visitor@example.com",
      message: "We run a small bakery in Warwick and would like a simple site with our hours and menu.",
    }),
  });
  return {
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    sent: result.requests.sent,
  };
}

/**
 * POST /api/contact's p99 while `workers` copies of `work` run over and over (each answers whether
 * it succeeded), /api/health polled meanwhile.
 */
async function contactBeside(app: ScaleApp, seconds: number, workers: number, work: () => Promise<boolean>) {
  let running = true;
  let runs = 0;
  let failures = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      if (!(await work())) failures++;
      runs++;
    }
  });
  const health = { checks: 0, failures: 0, slowest: 0 };
  const poller = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${app.base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      health.checks++;
      if (!ok) health.failures++;
      health.slowest = Math.max(health.slowest, performance.now() - started);
      await sleep(200);
    }
  })();
  await sleep(500);
  const loaded = await contactP99(app.base, seconds);
  running = false;
  await Promise.all([...loops, poller]);
  return { loaded, runs, failures, health };
}

/**
 * POST /api/contact alone, then beside five two-year reports run over and over, then beside the
 * contacts CSV exported over and over (one at a time, as the owner would); /api/health polled.
 */
async function visitorsFirst(app: ScaleApp, token: string, seconds: number) {
  await contactP99(app.base, WARM_UP_SECONDS);
  const alone = await contactP99(app.base, seconds);
  const reports = await contactBeside(app, seconds, REPORTS_AT_ONCE, async () => {
    const { status } = await timedReport(app.base, token);
    return status === 200;
  });
  const exports = await contactBeside(app, seconds, 1, async () => {
    try {
      await exportContacts(app, token);
      return true;
    } catch {
      return false;
    }
  });
  return { alone, reports, exports };
}

async function measureScale(scale: number, port: number, seconds: number): Promise<BenchFigure[]> {
  const label = (name: string) => `N=${scale}: ${name}`;
  const figures: BenchFigure[] = [];
  const info = (name: string, value: number, unit: string) =>
    figures.push({ name: label(name), value, unit, target: "-", ok: true });
  const below = (name: string, value: number, unit: string, target: number) =>
    figures.push({ name: label(name), value: round(value, 1), unit, target: `< ${target}`, ok: value < target });
  const zero = (name: string, value: number, unit: string) =>
    figures.push({ name: label(name), value, unit, target: "0", ok: value === 0 });

  const seedStarted = performance.now();
  const kept = process.env.BENCH_TWO_YEAR_DATA_DIR;
  const { dataDir, remove } = await seededDataDir(
    "two-year",
    scale,
    kept ? path.join(kept, `x${scale}`) : undefined,
    port + 1000,
  );
  let app: ScaleApp | undefined;
  try {
    info("seed (0: a kept one)", round((performance.now() - seedStarted) / 1000, 1), "s");

    app = await startApp(port, dataDir);
    const { rollupMs, vacuumMs, oldest, counts } = await fillRollups(app);
    info("contacts", counts.contacts, "rows");
    info("pageviews", counts.pageviews, "rows");
    info("rollups of every finished day", round(rollupMs / 1000, 1), "s");
    info("vacuum (analyze) after the seed", round(vacuumMs / 1000, 1), "s");
    const token = await signIn(app.base);

    // The API: the first page and a search (the oldest contact's last name), 10 connections.
    const first = await p99(`${app.base}/api/admin/contacts?limit=50&offset=0`, token, seconds);
    below("GET /api/admin/contacts first page p99", first.p99, "ms", listP99Ms(scale));
    zero("GET /api/admin/contacts first page failures", first.failures, "requests");
    const word = oldest.name.split(/\s+/).at(-1)!;
    const search = await p99(
      `${app.base}/api/admin/contacts?q=${encodeURIComponent(word)}&limit=50&offset=0`,
      token,
      seconds,
    );
    below(`GET /api/admin/contacts?q=${word} p99`, search.p99, "ms", listP99Ms(scale));
    zero("GET /api/admin/contacts search failures", search.failures, "requests");

    // The screens in Chromium, signed in as the owner.
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [
        AUTH_TOKEN_KEY,
        token,
      ] as const);
      const page = await context.newPage();
      // One visit first: the admin's scripts in the browser's cache, as for an owner who comes back.
      await page.goto(`${app.base}/admin`);
      await page.waitForLoadState("networkidle");
      below(
        "/admin/contacts ready for input",
        await screenReady(page, app.base, "/admin/contacts"),
        "ms",
        TARGETS.screenReadyMs,
      );
      below("a keystroke's search shown", await keystrokeSearch(page, app.base, oldest), "ms", TARGETS.keystrokeMs);
      below(
        "/admin/projects ready for input",
        await screenReady(page, app.base, "/admin/projects"),
        "ms",
        TARGETS.screenReadyMs,
      );
      below(
        "/admin/inquiries ready for input",
        await screenReady(page, app.base, "/admin/inquiries"),
        "ms",
        TARGETS.screenReadyMs,
      );
    } finally {
      await browser.close();
    }

    // A two-year report: one to warm, then the slowest of five.
    await timedReport(app.base, token);
    const reports = [];
    for (let i = 0; i < 5; i++) reports.push(await timedReport(app.base, token));
    below("two-year analytics report (slowest of 5)", Math.max(...reports.map((r) => r.ms)), "ms", TARGETS.reportMs);
    zero("two-year reports not answered 200", reports.filter((r) => r.status !== 200).length, "requests");

    const csv = await exportContacts(app, token);
    figures.push({
      name: label("contacts CSV rows"),
      value: csv.rows,
      unit: "rows",
      target: `= ${counts.contacts}`,
      ok: csv.rows === counts.contacts,
    });
    info("contacts CSV streamed in", round(csv.ms), "ms");
    below("server memory while the contacts CSV streams (peak RSS)", csv.peakRssMb, "MB", TARGETS.exportRssMb);

    const visitors = await visitorsFirst(app, token, seconds);
    info("POST /api/contact p99 alone", visitors.alone.p99, "ms");
    for (const [what, beside] of [
      [`${REPORTS_AT_ONCE} two-year reports`, visitors.reports],
      ["the contacts CSV export", visitors.exports],
    ] as const) {
      figures.push({
        name: label(`POST /api/contact p99 beside ${what}`),
        value: beside.loaded.p99,
        unit: "ms",
        target: `< ${TARGETS.visitorsRatio} x alone (${TARGETS.visitorsRatio * visitors.alone.p99})`,
        ok: beside.loaded.p99 < TARGETS.visitorsRatio * visitors.alone.p99,
      });
      info(`runs of ${what} meanwhile`, beside.runs, "runs");
      zero(`${what}: not answered 200 meanwhile`, beside.failures, "requests");
      zero(`/api/health not 200 beside ${what}`, beside.health.failures, `of ${beside.health.checks}`);
      below(`/api/health slowest beside ${what}`, beside.health.slowest, "ms", TARGETS.healthMs);
    }
    zero(
      "POST /api/contact failures (every run)",
      visitors.alone.failures + visitors.reports.loaded.failures + visitors.exports.loaded.failures,
      "requests",
    );
  } finally {
    if (app) await stopApp(app);
    remove();
  }
  return figures;
}

export async function section(ctx: Pick<BenchContext, "port" | "seconds">): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const seconds = Math.min(ctx.seconds, 5);
  for (const [i, scale] of scales.entries())
    figures.push(...(await measureScale(scale, ctx.port + 20 + i * 2, seconds)));
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await section({
    port: 4700 + Math.floor(Math.random() * 200),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
  });
  for (const f of figures)
    console.log(`${f.name}: ${f.value} ${f.unit} (target ${f.target}) ${f.target === "-" || f.ok ? "ok" : "MISSED"}`);
  process.exit(figures.every((f) => f.ok) ? 0 : 1);
}

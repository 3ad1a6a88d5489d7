/**
 * One portal token against everyone else (docs/decisions/046-limits-per-token-and-process.md): the
 * token asks for 200 quote PDFs and sends 16 uploads of 24 MB, all at once, while visitors keep
 * calling /api/health and sending the contact form, each lead from an address of its own. Figures:
 * /api/health and the leads' p99 during the storm, how each was answered, what the token got, and
 * the server's peak RSS (VmRSS of its process, sampled every 20 ms) and RSS once it settled.
 *
 * The app must trust one proxy (TRUST_PROXY=1), so each lead can name its own address in
 * X-Forwarded-For; the token's requests name none (their socket's address, 127.0.0.1).
 *
 * tests/api/one-token-load.test.ts asserts its limits on a run of this; `npm run bench` prints it
 * as a section, and by itself (the app built first) it starts the built app on its own:
 *   npm run bench:one-token
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { connectDatabase, type Database } from "../../server/db/client";
import { runningEmbeddedUrl } from "../../server/db/embedded";
import { createAdminToken } from "../../tests/support/admin";
import { clientEmail, createClientProject, portalToken } from "../../tests/support/projects";
import { root, sleep, spawnBuiltApp, stopChild, waitHealthy } from "./app-process";
import type { BenchContext, BenchFigure } from "./types";

/** The storm; BENCH_STORM_PDFS and BENCH_STORM_UPLOADS change its parts for a look at one alone. */
export const STORM = {
  pdfs: Number(process.env.BENCH_STORM_PDFS ?? 200),
  uploads: Number(process.env.BENCH_STORM_UPLOADS ?? 16),
  uploadBytes: 24 * 1024 * 1024,
};
/** What the run must show (the test asserts them; the bench prints them beside each figure). */
export const ONE_TOKEN_TARGETS = { healthP99Ms: 200, peakRssMb: 400 };
const REQUEST_TIMEOUT_MS = 60_000;
/** The visitors' pace: a lead writer waits this long between its leads, the health loop between checks. */
const LEAD_PAUSE_MS = 50;
const HEALTH_PAUSE_MS = 20;
const LEAD_WRITERS = 2;

export interface OneTokenTarget {
  base: string;
  token: string;
  projectId: string;
  quoteId: number;
}

export interface OneTokenFigures {
  seconds: number;
  healthP50Ms: number;
  healthP99Ms: number;
  healthFailed: number;
  /** How many times the visitors checked /api/health during the storm. */
  healthChecks: number;
  leadP50Ms: number;
  leadP99Ms: number;
  /** Each lead's status (0: no answer). */
  leadStatuses: Record<number, number>;
  pdfStatuses: Record<number, number>;
  uploadStatuses: Record<number, number>;
  /** Whether every 429 the token got said when to come back (Retry-After) and why (a JSON error). */
  refusalsExplained: boolean;
  rssBeforeMb: number;
  peakRssMb: number;
  settledRssMb: number;
}

const rssMb = (pid: number) => {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
};
const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (n: number) => Math.round(n * 10) / 10;
const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** A project with a sent quote, and the client's portal token of it (as the lookup by Project ID gives). */
export async function prepareOneToken(db: Database, base: string): Promise<OneTokenTarget> {
  const projectId = await createClientProject(db, { name: "Storm Client", email: clientEmail("storm") });
  const { auth } = await createAdminToken(db);
  const post = async (url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method: "POST",
      headers: { ...auth, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { quote: { id: number } };
  };
  const line = { description: "Starter Site: up to three pages", quantity: 1, unit_price_cents: 27_500 };
  const { quote } = await post(`/api/admin/projects/${projectId}/quotes`, { lines: [line] });
  await post(`/api/admin/quotes/${quote.id}/send`);
  return { base, projectId, quoteId: quote.id, token: await portalToken(db, { projectId }) };
}

/** A status, or 0 when no answer came; the body is read to its end (or the answer dropped). */
async function answered(request: Promise<Response>) {
  try {
    const res = await request;
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

type Storm = Pick<OneTokenFigures, "pdfStatuses" | "uploadStatuses" | "refusalsExplained">;

/** The token's storm, sent by a process of its own (./one-token-storm.mjs): what each request was answered. */
function runStorm(target: OneTokenTarget): Promise<Storm> {
  const child = spawn(process.execPath, [path.join(root, "scripts/bench/one-token-storm.mjs")], {
    env: {
      PATH: process.env.PATH,
      STORM_BASE: target.base,
      STORM_TOKEN: target.token,
      STORM_PROJECT: target.projectId,
      STORM_QUOTE: String(target.quoteId),
      STORM_PDFS: String(STORM.pdfs),
      STORM_UPLOADS: String(STORM.uploads),
      STORM_UPLOAD_BYTES: String(STORM.uploadBytes),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The token's client is another machine in life: here it shares the server's cores, so it runs
  // at the lowest CPU priority and its own work (sending 384 MB) is not counted as the server's.
  if (child.pid) os.setPriority(child.pid, 19);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(output) as Storm) : reject(new Error(`the storm exited with ${code}`)),
    ),
  );
}

/** Runs `step` again and again until `stop()`, each time after `pauseMs`; answers each step's result. */
async function loop<T>(stop: () => boolean, pauseMs: number, step: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; !stop(); i++) {
    out.push(await step(i));
    await sleep(pauseMs);
  }
  return out;
}

export async function runOneTokenLoad(target: OneTokenTarget, pid: number): Promise<OneTokenFigures> {
  const { base, token, quoteId } = target;
  const timeout = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let visitorsDone = false;
  const timed = async (request: () => Promise<Response>) => {
    const started = performance.now();
    const status = await answered(request());
    return { status, ms: performance.now() - started };
  };
  const health = () => timed(() => fetch(`${base}/api/health`, { signal: timeout() }));
  let leadCount = 0;
  const lead = () => {
    const n = ++leadCount;
    // A visitor address of its own for each lead (10.1.x.y), as the proxy would name it.
    const address = `10.1.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    return timed(() =>
      fetch(`${base}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
        body: JSON.stringify({
          name: `Visitor ${n}`,
          email: `visitor.${n}.${Date.now()}@example.com`,
          message: "Could you quote a small site for our shop?",
        }),
        signal: timeout(),
      }),
    );
  };
  // Warm: the PDF font, the first lead, the pool's connections.
  await answered(
    fetch(`${base}/api/client-portal/quotes/${quoteId}/pdf`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  for (let i = 0; i < 3; i++) await Promise.all([health(), lead()]);
  leadCount = 0;
  await sleep(500);

  const rssBeforeMb = rssMb(pid);
  let peak = rssBeforeMb;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone: the figure shows what was seen
    }
  }, 20);

  const started = performance.now();
  const visitors = Promise.all([
    loop(() => visitorsDone, HEALTH_PAUSE_MS, health),
    Promise.all(Array.from({ length: LEAD_WRITERS }, () => loop(() => visitorsDone, LEAD_PAUSE_MS, lead))),
  ]);
  const storm = await runStorm(target);
  // The visitors go on a moment after the token's last answer, then stop.
  await sleep(Math.max(500, 3000 - (performance.now() - started)));
  visitorsDone = true;
  const [healthRuns, leadRuns] = await visitors;
  const seconds = (performance.now() - started) / 1000;
  // The server settles: what the storm left behind.
  await sleep(2000);
  clearInterval(sampler);
  const settledRssMb = rssMb(pid);
  const leads = leadRuns.flat();
  return {
    seconds: round(seconds),
    healthP50Ms: round(
      percentile(
        healthRuns.map((r) => r.ms),
        50,
      ),
    ),
    healthP99Ms: round(
      percentile(
        healthRuns.map((r) => r.ms),
        99,
      ),
    ),
    healthFailed: healthRuns.filter((r) => r.status !== 200).length,
    healthChecks: healthRuns.length,
    leadP50Ms: round(
      percentile(
        leads.map((r) => r.ms),
        50,
      ),
    ),
    leadP99Ms: round(
      percentile(
        leads.map((r) => r.ms),
        99,
      ),
    ),
    leadStatuses: tally(leads.map((r) => r.status)),
    ...storm,
    rssBeforeMb: Math.round(rssBeforeMb),
    peakRssMb: Math.round(peak),
    settledRssMb: Math.round(settledRssMb),
  };
}

const statusText = (counts: Record<number, number>) =>
  Object.entries(counts)
    .map(([status, n]) => `${n}x${status === "0" ? "no answer" : status}`)
    .join(", ");

/** The figures as the bench prints them, each with its target where it has one. */
export function oneTokenFigures(f: OneTokenFigures): BenchFigure[] {
  const info = (name: string, value: number, unit: string) => ({ name, value, unit, target: "-", ok: true });
  const leads = Object.values(f.leadStatuses).reduce((a, b) => a + b, 0);
  const leadsStored = f.leadStatuses[200] ?? 0;
  return [
    {
      name: "one token's storm: /api/health p99",
      value: f.healthP99Ms,
      unit: "ms",
      target: `< ${ONE_TOKEN_TARGETS.healthP99Ms}`,
      ok: f.healthP99Ms < ONE_TOKEN_TARGETS.healthP99Ms && f.healthFailed === 0,
    },
    info("one token's storm: /api/health p50", f.healthP50Ms, "ms"),
    info("one token's storm: length, from the first request to the visitors' last", f.seconds, "s"),
    info("one token's storm: lead p50", f.leadP50Ms, "ms"),
    info("one token's storm: lead p99", f.leadP99Ms, "ms"),
    {
      name: "one token's storm: leads stored (200)",
      value: leadsStored,
      unit: `of ${leads}`,
      target: "all",
      ok: leadsStored === leads,
    },
    {
      name: "one token's storm: peak RSS",
      value: f.peakRssMb,
      unit: "MB",
      target: `< ${ONE_TOKEN_TARGETS.peakRssMb}`,
      ok: f.peakRssMb < ONE_TOKEN_TARGETS.peakRssMb,
    },
    info("one token's storm: RSS 2 s after", f.settledRssMb, "MB"),
    info(`one token's storm: PDFs 429 (${statusText(f.pdfStatuses)})`, f.pdfStatuses[429] ?? 0, `of ${STORM.pdfs}`),
    info(
      `one token's storm: uploads 429 (${statusText(f.uploadStatuses)})`,
      f.uploadStatuses[429] ?? 0,
      `of ${STORM.uploads}`,
    ),
  ];
}

export async function section(ctx: BenchContext): Promise<BenchFigure[]> {
  const url = runningEmbeddedUrl(path.join(ctx.dataDir, "postgres"), ctx.pgPort);
  if (!url) throw new Error("the bench app's embedded PostgreSQL is not running");
  const database = connectDatabase(url, { max: 2 });
  try {
    const target = await prepareOneToken(database.db, ctx.base);
    return oneTokenFigures(await runOneTokenLoad(target, ctx.pid));
  } finally {
    await database.close();
  }
}

// By itself: the built app on its own embedded PostgreSQL in a temporary folder.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "wbt-one-token-"));
  chmodSync(dataDir, 0o755);
  const port = 4300 + Math.floor(Math.random() * 500);
  const child = spawnBuiltApp({
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(port + 1000),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    TRUST_PROXY: "1",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(child, base);
    const figures = await section({
      base,
      port,
      pid: child.pid!,
      bareRps: 0,
      seconds: 0,
      dataDir,
      pgPort: port + 1000,
    });
    for (const f of figures)
      console.log(`${f.name}: ${f.value} ${f.unit} (target ${f.target}) ${f.ok ? "ok" : "MISSED"}`);
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

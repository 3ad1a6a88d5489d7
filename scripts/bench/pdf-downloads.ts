/**
 * Billing PDFs under a flood of downloads (docs/decisions/045-pdfs-rendered-once.md): the health
 * check's time while 150 downloads of one large sent quote (50 lines of 500 characters, terms of
 * 10,000: five pages) run at once, and while 20 large drafts, each a render of its own, are
 * downloaded at once; how many of those renders the pool refused (429) and how the process's
 * memory grew. The health check is asked one call after another through each flood; its median
 * is the figure with a target.
 *
 * The app is the build (its PDF worker included), started here on a temporary DATA_DIR with the
 * default PDF_WORKERS and PDF_QUEUE.
 *
 * By itself (the app built first): npx tsx scripts/bench/pdf-downloads.ts
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "../../tests/support/global-setup";
import { spawnBuiltApp, stopChild, waitHealthy } from "./app-process";
import type { BenchContext, BenchFigure } from "./types";

/** The health check's median during a flood; before the pool it was about 4 s with 150 downloads. */
const TARGET_HEALTH_MS = 250;
const SAME_QUOTE_DOWNLOADS = 150;
const DRAFTS = 20;
const OWNER = { email: "bench-pdf-owner@example.com", password: "bench-pdf-password-2026" };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

/** The largest quote the API takes: every line and the terms at their longest. */
const largest = (label: string) => ({
  lines: Array.from({ length: 50 }, (_, i) => ({
    description: `${label} line ${i + 1}: ${"Design, build and test one more page of the site. ".repeat(10)}`.slice(
      0,
      500,
    ),
    quantity: 1,
    unit_price_cents: 10_000 + i,
  })),
  terms: "Either side may end the project in writing. ".repeat(250).slice(0, 10_000),
});

/** The process's resident memory (MB), main thread and PDF workers together. */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

interface Flood {
  health: number[];
  statuses: Map<number, number>;
  ms: number;
  peakRssMb: number;
}

/** Runs the downloads at once and asks for /api/health one call after another until they are done. */
async function flood(base: string, pid: number, urls: string[], auth: Record<string, string>): Promise<Flood> {
  const statuses = new Map<number, number>();
  let finished = false;
  let peakRssMb = rssMb(pid);
  const started = performance.now();
  const downloads = Promise.all(
    urls.map(async (url) => {
      const res = await fetch(`${base}${url}`, { headers: auth, signal: AbortSignal.timeout(300_000) });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }),
  ).finally(() => (finished = true));
  const health: number[] = [];
  while (!finished) {
    const asked = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    health.push(performance.now() - asked);
    peakRssMb = Math.max(peakRssMb, rssMb(pid));
  }
  await downloads;
  return { health, statuses, ms: performance.now() - started, peakRssMb };
}

async function call(base: string, auth: Record<string, string>, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, { id: number | string }>;
}

export async function section(_ctx?: BenchContext): Promise<BenchFigure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "wbt-bench-pdf-"));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawnBuiltApp({
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    BACKUP_HOUR: "off",
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
  try {
    await waitHealthy(child, base);
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(OWNER),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const contact = (
      await call(base, auth, "POST", "/api/admin/contacts", {
        name: "Zoë Quinn",
        email: "zoe@quinnpottery.example.com",
        status: "qualified",
        source: "website",
      })
    ).contact!;
    const project = (
      await call(base, auth, "POST", "/api/admin/projects", { contact_ids: [contact.id], name: "Quinn Pottery" })
    ).project!;
    const quotes = `/api/admin/projects/${project.id}/quotes`;
    const sent = (await call(base, auth, "POST", quotes, largest("Sent"))).quote!;
    await call(base, auth, "POST", `/api/admin/quotes/${sent.id}/send`);
    const drafts = [];
    for (let i = 0; i < DRAFTS; i++)
      drafts.push((await call(base, auth, "POST", quotes, largest(`Draft ${i}`))).quote!);

    const pid = child.pid!;
    const idleRssMb = rssMb(pid);
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) {
      const asked = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      idle.push(performance.now() - asked);
    }
    const same = await flood(base, pid, Array(SAME_QUOTE_DOWNLOADS).fill(`/api/admin/quotes/${sent.id}/pdf`), auth);
    const kept = readdirSync(path.join(dataDir, "media/renders/quote", String(sent.id))).length;
    const each = await flood(
      base,
      pid,
      drafts.map((d) => `/api/admin/quotes/${d.id}/pdf`),
      auth,
    );

    const info = (name: string, value: number, unit: string) => ({ name, value, unit, target: "-", ok: true });
    const healthFigure = (name: string, run: Flood): BenchFigure => {
      const value = Math.round(median(run.health));
      return { name, value, unit: "ms", target: `< ${TARGET_HEALTH_MS}`, ok: value < TARGET_HEALTH_MS };
    };
    const count = (run: Flood, status: number) => run.statuses.get(status) ?? 0;
    return [
      info("/api/health median, no downloads", Math.round(median(idle)), "ms"),
      healthFigure(`/api/health median, ${SAME_QUOTE_DOWNLOADS} downloads of one large sent quote`, same),
      info("  its p95", Math.round(percentile(same.health, 0.95)), "ms"),
      info("  downloads answered 200", count(same, 200), "of " + SAME_QUOTE_DOWNLOADS),
      info("  renders kept for that quote", kept, "files"),
      info("  all downloads done in", Math.round(same.ms), "ms"),
      healthFigure(`/api/health median, ${DRAFTS} large drafts rendered at once`, each),
      info("  its p95", Math.round(percentile(each.health, 0.95)), "ms"),
      info("  drafts answered 200", count(each, 200), "of " + DRAFTS),
      info("  drafts refused, queue full (429)", count(each, 429), "of " + DRAFTS),
      info("  all drafts done in", Math.round(each.ms), "ms"),
      info("memory before the floods (RSS)", Math.round(idleRssMb), "MB"),
      info("memory at its highest during them", Math.round(Math.max(same.peakRssMb, each.peakRssMb)), "MB"),
    ];
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  for (const figure of await section())
    console.log(`${figure.name}: ${figure.value} ${figure.unit}${figure.target === "-" ? "" : ` (${figure.target})`}`);
}

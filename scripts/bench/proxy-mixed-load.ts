/**
 * The production deploy under a mixed public load: nginx with the shipped site file
 * (deploy/nginx/ri-web-design.conf, run by tests/support/nginx.ts with only its listen,
 * certificate and upstream lines changed) over TLS in front of one, then two built app processes
 * on one PostgreSQL database (a fresh one on BENCH_PG_URL, the machine's server, seeded by
 * `npm run seed -- --scale BENCH_PROXY_SCALE`, 1 by default: a busy two-year practice).
 *
 * 100 keep-alive connections ("Accept-Encoding: br, gzip" as browsers send) cycle through 100
 * requests: the pages /, /pricing, a city page, /blog and a post, the public API reads those pages
 * make (the blog list, a post, the chat widget's settings), and one contact-form post (a lead) per
 * hundred. The load generator is wrk (C, TLS by OpenSSL; the mix is proxy-mixed-load.lua), because
 * it shares the machine's cores with nginx, the apps and PostgreSQL and should take as little of
 * them as it can (about an eighth of two cores here); autocannon (TLS in JavaScript) stands in only
 * where wrk is not installed, and the output says so: it holds the rate down, so its figures do
 * not compare with wrk's. The load comes from one machine, so nginx gives every request the same
 * address: the form limit is raised to the most it accepts (10,000 per window), as the other
 * benches do, and any 429 would be counted apart. Every lead answered 200 is checked in the
 * database afterwards. Figures: p50, p99, requests/s and errors,
 * for 1 and 2 processes, and p50 and p99 as nginx timed the same requests (printed per kind of
 * request too, from its log); target two processes p99 < 100 ms and no errors.
 *
 * By itself (the app built first):
 *   npx tsx scripts/bench/proxy-mixed-load.ts
 * BENCH_SECONDS (8) sets each run's length, BENCH_PORT (4622) the first of its four ports,
 * BENCH_WRK_THREADS (1) wrk's threads, BENCH_NGINX_WORKERS (1) nginx's worker processes.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { Client } from "pg";
import { tempDataDir } from "../../tests/support/app-process";
import { root, runCommand, spawnBuiltApp, stopChild, waitHealthy } from "./app-process";
import { startNginx, type AccessEntry } from "../../tests/support/nginx";
import type { BenchContext, BenchFigure } from "./types";

const TARGETS = { p99Ms: 100 };
const CONNECTIONS = 100;
const WARM_UP_SECONDS = 2;
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SCALE = process.env.BENCH_PROXY_SCALE ?? "1";
/**
 * nginx's worker processes (its main configuration's worker_processes, not the site file's). One:
 * on two cores shared with the app processes, PostgreSQL and the load generator, a second worker
 * is one more program waiting for a core, and it doubled the two-process p99 (docs/performance.md).
 */
const NGINX_WORKERS = Number(process.env.BENCH_NGINX_WORKERS ?? 1);
if (!Number.isInteger(NGINX_WORKERS) || NGINX_WORKERS < 1)
  throw new Error(`BENCH_NGINX_WORKERS must be a whole number of 1 or more, not "${process.env.BENCH_NGINX_WORKERS}"`);
/** The most PUBLIC_FORM_LIMIT accepts (server/env.ts): the whole load has one address. */
const FORM_LIMIT = "10000";

const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

/** The built app on `port`, healthy within a minute. */
async function startApp(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawnBuiltApp({ ...env, PORT: String(port) });
  await waitHealthy(child, `http://127.0.0.1:${port}`, 60_000, `the app on port ${port}`);
  return child;
}

/** The mix for autocannon: 99 reads in turn and one lead, each connection going through them in order. */
function mix(paths: string[], leads: { sent: number; ok: number; limited: number }) {
  const requests: autocannon.Request[] = [];
  for (let i = 0; i < 100; i++) {
    if (i === 50) {
      requests.push({
        method: "POST",
        path: "/api/contact",
        headers: { "content-type": "application/json" },
        setupRequest: (request) => {
          const n = leads.sent++;
          return {
            ...request,
            body: JSON.stringify({
              name: "Bench Visitor",
              email: `bench.lead.${n}.${process.pid}@example.com`,
              subject: "A new site",
              message: "We would like a site for our shop in Newport.",
            }),
          };
        },
        onResponse: (status) => {
          if (status === 200) leads.ok++;
          else if (status === 429) leads.limited++;
        },
      });
    } else requests.push({ method: "GET", path: paths[i % paths.length]! });
  }
  return requests;
}

/** Leads of every run, warm-ups included: each one answered 200 must be in the database. */
const allLeads = { sent: 0, ok: 0, limited: 0 };

/** What a measured run of the mix gives, from either load generator. */
interface LoadFigures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  limited: number;
  leadsOk: number;
  /** The CPU time the load generator took in the measured run, where it tells (wrk does). */
  generatorCpuSeconds?: number;
}

/** Debian's wrk is in /usr/bin; a build of one's own may be anywhere on PATH. */
function findWrk(): string | undefined {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/bin", "/usr/local/bin"]) {
    const file = path.join(dir, "wrk");
    if (dir && existsSync(file)) return file;
  }
  return undefined;
}

const WRK_SCRIPT = path.join(root, "scripts/bench/proxy-mixed-load.lua");
/** One thread is enough for 100 connections here, and leaves more of the cores to what is measured. */
const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);
if (!Number.isInteger(WRK_THREADS) || WRK_THREADS < 1 || WRK_THREADS > CONNECTIONS)
  throw new Error(
    `BENCH_WRK_THREADS must be a whole number from 1 to ${CONNECTIONS} (wrk's threads), not "${process.env.BENCH_WRK_THREADS}"`,
  );

/** wrk's times: "127.00us", "6.53ms", "1.02s", "1.50m". */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text);
  if (!match) throw new Error(`wrk printed a time this bench cannot read: "${text}"`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as "us" | "ms" | "s" | "m" | "h"];
  return Number(match[1]) * scale;
}

/** The figures of one wrk run, read from what it prints with --latency and what the mix's done() adds. */
function parseWrkOutput(output: string) {
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s*${p}(?:\\.0+)?%\\s+(\\S+)\\s*$`, "m").exec(output);
    if (!match) throw new Error(`wrk printed no ${p}% latency (was it run with --latency?):\n${output}`);
    return wrkMs(match[1]!);
  };
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  const mixLine =
    /^mix: sent (\d+) leads, answered 200 (\d+), refused 429 (\d+), other non-2xx\/3xx (\d+), cpu ([\d.]+) s/m.exec(
      output,
    );
  if (!rps || !mixLine) throw new Error(`wrk's output lacks its requests/s or the mix's counts:\n${output}`);
  // Printed only when there were any.
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    p50: percentile(50),
    p99: percentile(99),
    rps: Number(rps[1]),
    socketErrors,
    leadsSent: Number(mixLine[1]),
    leadsOk: Number(mixLine[2]),
    limited: Number(mixLine[3]),
    failed: Number(mixLine[4]),
    cpuSeconds: Number(mixLine[5]),
  };
}

/** "wrk debian/4.1.0-3+b2" from the first line of `wrk -v` (which exits with 1). */
function wrkVersion(wrk: string) {
  const { stdout, stderr } = spawnSync(wrk, ["-v"], { encoding: "utf8" });
  return /^wrk \S+/.exec(`${stdout}${stderr}`.trim())?.[0] ?? "wrk";
}

let wrkRuns = 0;

/** One wrk run of the mix; its lead addresses carry a tag of their own (this process and run). */
function runWrk(wrk: string, origin: string, paths: string[], seconds: number) {
  const tag = `${process.pid}-${++wrkRuns}`;
  const args = [
    ...["-t", String(WRK_THREADS), "-c", String(CONNECTIONS), "-d", `${seconds}s`],
    // autocannon's timeout: a slow answer is counted in the latency, not dropped as an error.
    ...["--timeout", "10s", "--latency", "-s", WRK_SCRIPT, `${origin}/`, "--", tag, ...paths],
  ];
  return new Promise<ReturnType<typeof parseWrkOutput>>((resolve, reject) => {
    const child = spawn(wrk, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), (seconds + 30) * 1000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`wrk ${args.join(" ")} exited with ${code}:\n${output}`));
      try {
        resolve(parseWrkOutput(output));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** A run of the mix by wrk, as fast as the 100 connections go, after an unmeasured warm-up. */
async function loadWithWrk(wrk: string, origin: string, paths: string[], seconds: number): Promise<LoadFigures> {
  const warmUp = await runWrk(wrk, origin, paths, WARM_UP_SECONDS);
  const result = await runWrk(wrk, origin, paths, seconds);
  for (const counted of [warmUp, result]) {
    allLeads.sent += counted.leadsSent;
    allLeads.ok += counted.leadsOk;
    allLeads.limited += counted.limited;
  }
  return {
    p50: Math.round(result.p50),
    p99: Math.round(result.p99),
    rps: Math.round(result.rps),
    // Connection errors, timeouts and every answer that is not 2xx or 3xx (429s counted apart).
    errors: result.socketErrors + result.failed,
    limited: result.limited,
    leadsOk: result.leadsOk,
    generatorCpuSeconds: result.cpuSeconds,
  };
}

/** The same run by autocannon, for a machine without wrk. */
async function loadWithAutocannon(origin: string, ca: Buffer, paths: string[], seconds: number): Promise<LoadFigures> {
  const options = {
    url: origin,
    connections: CONNECTIONS,
    headers: { "accept-encoding": "br, gzip" },
    tlsOptions: { ca },
  };
  await autocannon({ ...options, duration: WARM_UP_SECONDS, requests: mix(paths, allLeads) });
  const before = allLeads.ok;
  const result = await autocannon({ ...options, duration: seconds, requests: mix(paths, allLeads) });
  const limited = Number(result.statusCodeStats?.["429"]?.count ?? 0);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    // Connection errors, timeouts and every answer that is not 2xx (429s counted apart).
    errors: result.errors + result.timeouts + result.non2xx - limited,
    limited,
    leadsOk: allLeads.ok - before,
  };
}

/**
 * Where the time goes, from nginx's own log (each request's time in nginx, first byte read to
 * last byte sent): p50 and p99 per kind of request, for the measured run (the warm-up left out).
 */
function breakdown(count: number, log: AccessEntry[], from: number) {
  const measured = log.filter((e) => e.at >= from + WARM_UP_SECONDS * 1000);
  const kinds = new Map<string, AccessEntry[]>();
  const add = (kind: string, entry: AccessEntry) => kinds.set(kind, [...(kinds.get(kind) ?? []), entry]);
  for (const entry of measured) {
    const [method, target] = entry.request.split(" ");
    add(
      `${method} ${target?.replace(/\/blog\/[^?]+/, "/blog/{slug}").replace(/\/api\/posts\/[^?]+/, "/api/posts/{slug}")}`,
      entry,
    );
    // Which process answered: a slow one among two shows here.
    if (count > 1) add(`  answered by port ${entry.upstreams.at(-1) ?? "-"}`, entry);
  }
  const at = (sorted: number[], q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]! : 0;
  const figure = (sorted: number[], q: number) => String(Math.round(at(sorted, q))).padStart(4);
  console.log(
    `[bench] proxy mixed load, ${count} process${count === 1 ? "" : "es"}: time in nginx by request (of which in the app)`,
  );
  for (const [kind, entries] of [...kinds].sort()) {
    const total = entries.map((e) => e.ms).sort((a, b) => a - b);
    const app = entries.map((e) => e.upstreamMs).sort((a, b) => a - b);
    console.log(
      `[bench]   ${kind.padEnd(44)} ${String(entries.length).padStart(6)} requests  p50 ${figure(total, 0.5)} (${figure(app, 0.5)}) ms  p99 ${figure(total, 0.99)} (${figure(app, 0.99)}) ms`,
    );
  }
  const all = measured.map((e) => e.ms).sort((a, b) => a - b);
  return { p50: Math.round(at(all, 0.5)), p99: Math.round(at(all, 0.99)) };
}

export async function section(ctx: Pick<BenchContext, "port" | "seconds">): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const base = ctx.port + 40;
  const [portA, portB, httpPort, httpsPort] = [base, base + 1, base + 2, base + 3];
  const name = `wbt_bench_proxy_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: PG_URL });
  await admin.connect().catch((error: unknown) => {
    throw new Error(
      `no PostgreSQL server at ${PG_URL} (${String(error)}): this bench makes a database of its own there; set BENCH_PG_URL to a server it may use`,
      { cause: error },
    );
  });
  await admin.query(`create database ${name}`);
  const databaseUrl = withDatabase(PG_URL, name);
  const dataDir = tempDataDir("wbt-bench-proxy-");
  const apps: ChildProcess[] = [];
  try {
    await runCommand(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--scale", SCALE], {
      ...process.env,
      DATABASE_URL: databaseUrl,
    });
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SITE_URL: `https://127.0.0.1:${httpsPort}`,
      TRUST_PROXY: "1",
      PUBLIC_FORM_LIMIT: FORM_LIMIT,
    };
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    // A database that has served for years has been vacuumed along the way; one loaded a moment
    // ago has not, and its autovacuum would run under the measurements.
    await db.query("vacuum (analyze)");
    const { rows } = await db.query<{ slug: string }>(
      `select slug from posts where status = 'published' and post_type = 'blog' order by published_at desc limit 1`,
    );
    const slug = rows[0]?.slug;
    if (!slug) throw new Error("the seeded database has no published blog post");
    const paths = [
      "/",
      "/pricing",
      "/newport-web-design",
      "/blog",
      `/blog/${slug}`,
      "/api/posts?post_type=blog&limit=10",
      `/api/posts/${slug}`,
      "/api/chat-settings",
    ];

    const wrk = findWrk();
    console.log(
      wrk
        ? `[bench] proxy mixed load: load from ${wrkVersion(wrk)}, ${WRK_THREADS} thread${WRK_THREADS === 1 ? "" : "s"}; nginx with ${NGINX_WORKERS} worker${NGINX_WORKERS === 1 ? "" : "s"}`
        : "[bench] proxy mixed load: wrk is not installed (Debian/Ubuntu: sudo apt-get install -y wrk), so the load comes from autocannon, whose TLS in JavaScript on the same cores holds the rate down: these figures do not compare with wrk's (docs/performance.md)",
    );
    apps.push(await startApp(portA, env));
    for (const count of [1, 2]) {
      if (count === 2) apps.push(await startApp(portB, env));
      const nginx = await startNginx({
        httpPort,
        httpsPort,
        upstreams: count === 1 ? [portA] : [portA, portB],
        workers: NGINX_WORKERS,
      });
      let figuresOf: LoadFigures;
      let inNginx: { p50: number; p99: number };
      try {
        const from = Date.now();
        figuresOf = wrk
          ? await loadWithWrk(wrk, nginx.httpsOrigin, paths, ctx.seconds)
          : await loadWithAutocannon(nginx.httpsOrigin, nginx.ca, paths, ctx.seconds);
        inNginx = breakdown(count, nginx.accessLog(), from);
        // The load generator runs on the cores it measures: how much of them it took.
        const cpu = figuresOf.generatorCpuSeconds;
        if (cpu !== undefined)
          console.log(
            `[bench] proxy mixed load, ${count} process${count === 1 ? "" : "es"}: wrk took ${cpu.toFixed(1)} s of CPU in the ${ctx.seconds} s run, ${Math.round((cpu / ctx.seconds / availableParallelism()) * 100)}% of ${availableParallelism()} cores`,
          );
      } finally {
        await nginx.stop();
      }
      const { p50, p99, rps, errors, limited, leadsOk } = figuresOf;
      const label = `proxy mixed load, ${count} process${count === 1 ? "" : "es"}:`;
      const stored = Number(
        (await db.query<{ n: string }>(`select count(*) as n from contacts where email like 'bench.lead.%'`)).rows[0]!
          .n,
      );
      figures.push(
        { name: `${label} p50`, value: p50, unit: "ms", target: "-", ok: true },
        count === 2
          ? { name: `${label} p99`, value: p99, unit: "ms", target: `< ${TARGETS.p99Ms}`, ok: p99 < TARGETS.p99Ms }
          : { name: `${label} p99`, value: p99, unit: "ms", target: "-", ok: true },
        { name: `${label} requests/s`, value: rps, unit: "req/s", target: "-", ok: true },
        // The same requests timed by nginx (TLS handshakes and the load generator's own waits left out).
        { name: `${label} p50 in nginx`, value: inNginx.p50, unit: "ms", target: "-", ok: true },
        { name: `${label} p99 in nginx`, value: inNginx.p99, unit: "ms", target: "-", ok: true },
        { name: `${label} errors`, value: errors, unit: "requests", target: "= 0", ok: errors === 0 },
        { name: `${label} leads answered 200`, value: leadsOk, unit: "leads", target: "-", ok: true },
        { name: `${label} leads refused 429`, value: limited, unit: "leads", target: "= 0", ok: limited === 0 },
      );
      // Every lead answered 200 so far (warm-ups included) is stored; a few more may be, whose
      // answers came after the load generator stopped listening.
      figures.push({
        name: `${label} leads stored, all runs so far`,
        value: stored,
        unit: "rows",
        target: `>= ${allLeads.ok} answered 200`,
        ok: stored >= allLeads.ok,
      });
    }
    await db.end();
  } finally {
    await Promise.all(apps.map(stopChild));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await section({
    port: Number(process.env.BENCH_PORT ?? 4622) - 40,
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
  });
  for (const f of figures)
    console.log(`${f.name}: ${f.value} ${f.unit} (target ${f.target}) ${f.target === "-" || f.ok ? "ok" : "MISSED"}`);
  process.exit(figures.every((f) => f.ok) ? 0 : 1);
}

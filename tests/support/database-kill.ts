import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";

/**
 * Kills the embedded PostgreSQL of a running app (`kill -9` of the postmaster named in
 * DATA_DIR/postgres/cluster/postmaster.pid) under a stream of contact-form submissions, and
 * follows what every submission and the health check were answered until writes succeed again.
 * Shared by the outage test (tests/api/database-outage.test.ts) and `npm run bench`.
 */
export interface Submission {
  email: string;
  status: number;
  retryAfter: string | null;
  /** ms since the kill (negative: before it). */
  at: number;
}

export interface KillResult {
  submissions: Submission[];
  /** [ms since the kill, status] of each health check after the kill. */
  health: [number, number][];
  /** ms from the kill to the first submission answered 200 that was sent after it. */
  firstWriteMs: number | null;
  /** ms from the kill to the health check answered 200 after the last one that was not. */
  healthyMs: number | null;
  /** The acknowledged submissions that are not in the database (must be none). */
  lost: string[];
  /** Acknowledged submissions without their owner notice in the outbox (must be none). */
  withoutNotice: string[];
}

export function postmasterPid(dataDir: string): number {
  const file = path.join(dataDir, "postgres/cluster/postmaster.pid");
  return Number(readFileSync(file, "utf8").split("\n")[0]);
}

/** The embedded database's address, from the password the app keeps in its data folder. */
export function embeddedDatabaseUrl(dataDir: string, pgPort: number) {
  const password = readFileSync(path.join(dataDir, "postgres/password"), "utf8").trim();
  return `postgres://postgres:${password}@127.0.0.1:${pgPort}/app`;
}

export async function killDatabaseUnderLoad(options: {
  base: string;
  dataDir: string;
  pgPort: number;
  /** Concurrent submitters. */
  workers?: number;
  /** Submissions acknowledged before the kill. */
  warmup?: number;
  /** Give up this long after the kill. */
  deadlineMs?: number;
  /** Keep submitting this long after the first write succeeded again. */
  afterMs?: number;
}): Promise<KillResult> {
  const { base, workers = 4, warmup = 20, deadlineMs = 30_000, afterMs = 1000 } = options;
  const submissions: Submission[] = [];
  const health: [number, number][] = [];
  let killedAt: number | null = null;
  let firstWriteMs: number | null = null;
  let stop = false;
  let sequence = 0;
  const since = () => (killedAt === null ? -1 : performance.now() - killedAt);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let warmed!: () => void;
  const warmedUp = new Promise<void>((resolve) => (warmed = resolve));

  const submitter = async () => {
    while (!stop) {
      const email = `outage-${run}-${sequence++}@example.com`;
      const sentAt = since();
      let status = 0;
      let retryAfter: string | null = null;
      try {
        const res = await fetch(`${base}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Outage Test", email, message: "Do you have room for a new site in January?" }),
          signal: AbortSignal.timeout(20_000),
        });
        status = res.status;
        retryAfter = res.headers.get("retry-after");
        await res.arrayBuffer();
      } catch {
        status = 0; // no answer at all
      }
      submissions.push({ email, status, retryAfter, at: sentAt });
      if (killedAt === null && submissions.filter((s) => s.status === 200).length >= warmup) warmed();
      if (status === 200 && killedAt !== null && sentAt >= 0 && firstWriteMs === null) {
        firstWriteMs = since();
        setTimeout(() => (stop = true), afterMs);
      }
      if (killedAt !== null && since() > deadlineMs) stop = true;
    }
  };
  const watcher = async () => {
    let healthyMs: number | null = null;
    // `stop` is set by the submitters, between the awaits of this loop.
    const stopped = () => stop;
    while (!stopped() || healthyMs === null) {
      if (killedAt !== null && since() > deadlineMs) break;
      let status = 0;
      try {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      if (killedAt !== null) {
        health.push([Math.round(since()), status]);
        // The first checks may still see the dead server's pool as healthy: a 503 starts the count again.
        if (status !== 200) healthyMs = null;
        else if (healthyMs === null) healthyMs = since();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return healthyMs;
  };

  const streams = Array.from({ length: workers }, submitter);
  await warmedUp;
  process.kill(postmasterPid(options.dataDir), "SIGKILL");
  killedAt = performance.now();
  const healthyMs = await watcher();
  stop = true;
  await Promise.all(streams);

  const acknowledged = submissions.filter((s) => s.status === 200).map((s) => s.email);
  const client = new Client({ connectionString: embeddedDatabaseUrl(options.dataDir, options.pgPort) });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; notices: number }>(
      `select c.email, (select count(*)::int from email_outbox o where o.contact_id = c.id and o.kind = 'lead_notification') as notices
         from contacts c where c.email = any($1::text[])`,
      [acknowledged],
    );
    const stored = new Map(rows.map((r) => [r.email, r.notices]));
    return {
      submissions,
      health,
      firstWriteMs,
      healthyMs,
      lost: acknowledged.filter((email) => !stored.has(email)),
      withoutNotice: acknowledged.filter((email) => stored.has(email) && stored.get(email) === 0),
    };
  } finally {
    await client.end();
  }
}

import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { seedShippedContent } from "../../server/services/migration";
import { writeAnalytics, type AnalyticsCounts } from "./analytics";
import { createCalendar } from "./calendar";
import { seedBilling } from "./billing";
import { seedCommunications } from "./communications";
import { insertContacts, planContacts } from "./contacts";
import { createContext, type Step } from "./context";
import {
  forgetStaleRollups,
  number,
  publishedBlogSlugs,
  refuseDataUnlessForced,
  reserveIds,
  tune,
} from "./database-state";
import { seedInquiries } from "./inquiries";
import { seedOutbox } from "./outbox";
import { sitePages } from "./pages";
import { seedPosts } from "./posts";
import { seedProjects } from "./projects";
import type { Exec } from "./sql";
import { startWorkers } from "./workers";

/**
 * `npm run seed`: an empty database filled with N times a busy two-year solo web-design
 * practice (its quotes, invoices and payments included), set-based so that N=1 takes seconds.
 * One transaction writes the practice while two more write its analytics (workers.ts) and
 * commit right after it: all of it or nothing.
 * Uses three connections of the pool.
 */

export { SeedRefusedError } from "./database-state";

/** N=1: the practice's two years. */
export const AT_SCALE_ONE = {
  contacts: 5_000,
  communications: 20_000,
  projects: 600,
  inquiries: 3_000,
  emails: 20_000,
  pageviews: 500_000,
  blogPosts: 24,
  portfolioPosts: 12,
} as const;

/** Transactions writing the analytics beside the main one: one per core of a small machine. */
const ANALYTICS_WORKERS = 2;

/** Any stable 64-bit number: one seed at a time per database. */
const SEED_LOCK_ID = 7_314_227_055;

export interface SeedOptions {
  /** N, > 0 (0.01 for a test); default 1. */
  scale?: number;
  /** Seed a database that already holds data (nothing is deleted; the seed is added beside it). */
  force?: boolean;
  /** One line per table as it is written, and the total. */
  log?: (line: string) => void;
  /** The end of the two years (default: now). */
  now?: Date;
}

export interface SeedResult {
  /** Rows written per table. */
  rows: Record<string, number>;
  seconds: number;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1).padStart(5)} s`;

export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000)
    throw new RangeError("scale must be above 0 and at most 1000");
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const count = (atOne: number) => Math.round(atOne * scale);
  const started = performance.now();
  const rows: Record<string, number> = {};
  const line = (table: string, n: number, since: number, note = "") =>
    log(`${table.padEnd(20)} ${number(n).padStart(10)}  ${seconds(since)}${note && `  (${note})`}`);
  const step: Step = async (table, work) => {
    const at = performance.now();
    const done = await work();
    const written = typeof done === "number" ? done : done.rows;
    rows[table] = (rows[table] ?? 0) + written;
    line(table, written, at, typeof done === "number" ? "" : done.note);
  };

  // The app loads the shipped posts only into an empty posts table: load them first, so the seeded
  // posts never keep them out and never take their slugs.
  const shipped = await seedShippedContent(db);
  if (shipped.length > 0)
    line(
      "posts",
      shipped.reduce((sum, r) => sum + r.created, 0),
      started,
      "shipped, from content/",
    );

  let analytics: ReturnType<typeof startWorkers<AnalyticsCounts>> | undefined;
  try {
    await db.transaction(async (tx) => {
      const exec: Exec = (query) => tx.execute(sql.raw(query));
      await exec(`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      await refuseDataUnlessForced(exec, options.force ?? false);
      await tune(exec);
      const contacts = count(AT_SCALE_ONE.contacts);
      const firstId = await reserveIds(exec, "contacts", contacts);
      const ctx = createContext(exec, scale, now, firstId);
      await createCalendar(ctx);
      const blog = Math.max(1, count(AT_SCALE_ONE.blogPosts));
      await step("posts", () => seedPosts(ctx, { blog, portfolio: Math.max(1, count(AT_SCALE_ONE.portfolioPosts)) }));
      const pages = sitePages(await publishedBlogSlugs(ctx));

      // The analytics, by far the most rows, are written beside everything else, on every core.
      const analyticsAt = performance.now();
      const [next] = (await exec("select coalesce(max(id), 0) + 1 as id from analytics_events")).rows;
      const plan = { pageviews: count(AT_SCALE_ONE.pageviews), pages, firstId: Number(next?.id) };
      analytics = startWorkers(db, ANALYTICS_WORKERS, async (workerExec, worker, wanted) => {
        await tune(workerExec);
        const workerCtx = createContext(workerExec, scale, now, firstId);
        return writeAnalytics(workerCtx, plan, worker, ANALYTICS_WORKERS, wanted);
      });

      await planContacts(ctx, { firstId, total: contacts, projects: count(AT_SCALE_ONE.projects), pages });
      await step("contacts", () => insertContacts(ctx));
      await seedProjects(ctx, step);
      await seedBilling(ctx, step);
      await seedInquiries(ctx, count(AT_SCALE_ONE.inquiries), step, pages);
      await step("communications", () => seedCommunications(ctx, count(AT_SCALE_ONE.communications)));
      await step("email_outbox", () => seedOutbox(ctx, count(AT_SCALE_ONE.emails)));

      const counts = await analytics.written;
      const sum = (key: keyof AnalyticsCounts) => number(counts.reduce((total, c) => total + c[key], 0));
      const total = counts.reduce((n, c) => n + c.pageviews + c.scrolls + c.events, 0);
      rows.analytics_events = total;
      line(
        "analytics_events",
        total,
        analyticsAt,
        `${sum("pageviews")} pageviews in ${sum("visits")} visits, ${sum("scrolls")} scrolls, ${sum("events")} events`,
      );
    });
  } catch (error) {
    await analytics?.rollBack(error);
    throw error;
  }
  await analytics?.commit();

  // Fresh statistics, so the first screens are planned for the real sizes (after the commit:
  // ANALYZE then sees the rows as every other session does).
  const at = performance.now();
  await db.execute(sql.raw(`analyze ${Object.keys(rows).join(", ")}`));
  await forgetStaleRollups(db, now);
  log(`${"(analyze)".padEnd(20)} ${"".padStart(10)}  ${seconds(at)}`);
  line(
    "total",
    Object.values(rows).reduce((a, b) => a + b, 0),
    started,
  );
  return { rows, seconds: (performance.now() - started) / 1000 };
}

/**
 * The owner's lists on years of data (docs/decisions/032-server-paged-lists.md,
 * 049-rollups-and-list-pages-at-scale.md): for each scale N of BENCH_OWNER_LIST_SCALES (default
 * "1"), a database seeded by `npm run seed -- --scale N`, rolled up, through the daily project
 * retention and vacuumed (as in two-year-business.ts), and the built app started on it. Then, for
 * every owner list that holds rows, p99 at 10 connections of its first page, its last page and a
 * search for a word of its oldest row.
 *
 * The seed writes no invoices: when it has written none, N x 3,000 are added here (over the
 * seeded projects, two years of issue dates), so the invoices list is measured on a size of its own.
 *
 * By itself (the app built first):
 *   BENCH_OWNER_LIST_SCALES=10 npx tsx scripts/bench/owner-lists.ts
 * BENCH_OWNER_LIST_DATA_DIR=/some/dir keeps the seeded database there, and uses the one it finds
 * there on the next run: two builds measured on the very same rows (one scale at a time).
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectDatabase } from "../../server/db/client";
import { runningEmbeddedUrl } from "../../server/db/embedded";
import { printFiguresAndExit, runsAlone, seededDataDir } from "./app-process";
import { fillRollups, listP99Ms, median, p99, signIn, startApp, stopApp, type ScaleApp } from "./two-year-business";
import type { BenchContext, BenchFigure } from "./types";

const PAGE = 50;
const ALONE_CALLS = 11;
/** Invoices added per unit of scale when the seed wrote none. */
const INVOICES_AT_SCALE_ONE = 3_000;

const scales = (process.env.BENCH_OWNER_LIST_SCALES ?? "1")
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isFinite(n) && n > 0);
const keptDir = process.env.BENCH_OWNER_LIST_DATA_DIR;

/** A list: its address (with any filter), how its answer names the rows, and its search parameter. */
interface OwnerList {
  name: string;
  path: string;
  rows: string;
  search: string;
  /** A word of the oldest row, which the search finds. */
  word: string;
}

/** The lists measured, each with a word to search for, read from the database. */
async function ownerLists(url: string): Promise<OwnerList[]> {
  const database = connectDatabase(url, { max: 1 });
  const word = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute<{ w: string | null }>(query)).rows[0]?.w ?? "").split(/[\s@.]+/).at(-1) ?? "";
  try {
    const [{ id: talker } = { id: "0" }] = (
      await database.db.execute<{ id: string }>(
        sql`select contact_id::text as id from communications group by contact_id order by count(*) desc, contact_id limit 1`,
      )
    ).rows;
    return [
      {
        name: "contacts",
        path: "/api/admin/contacts?",
        rows: "contacts",
        search: "q",
        word: await word(sql`select name as w from contacts order by created_at, id limit 1`),
      },
      {
        name: "contacts by name",
        path: "/api/admin/contacts?sort=name&",
        rows: "contacts",
        search: "q",
        word: await word(
          sql`select company as w from contacts where company is not null order by created_at, id limit 1`,
        ),
      },
      {
        name: "submissions",
        path: "/api/admin/contacts?view=submissions&",
        rows: "contacts",
        search: "q",
        word: await word(
          sql`select name as w from contacts where submission_data is not null order by created_at, id limit 1`,
        ),
      },
      {
        name: "a contact's communications",
        path: `/api/admin/contacts/${talker}/communications?`,
        rows: "communications",
        search: "",
        word: "",
      },
      {
        name: "projects",
        path: "/api/admin/projects?",
        rows: "projects",
        search: "q",
        word: await word(sql`select name as w from projects order by created_at, id limit 1`),
      },
      {
        name: "inquiries",
        path: "/api/admin/inquiries?",
        rows: "inquiries",
        search: "search",
        word: await word(sql`select visitor_name as w from inquiries order by created_at, id limit 1`),
      },
      {
        name: "outbox",
        path: "/api/admin/emails?",
        rows: "emails",
        search: "search",
        word: await word(
          sql`select split_part(to_address, '@', 1) as w from email_outbox order by created_at, id limit 1`,
        ),
      },
      {
        name: "media",
        path: "/api/admin/media?",
        rows: "media",
        search: "search",
        word: await word(sql`select original_name as w from media order by created_at, id limit 1`),
      },
      {
        name: "posts",
        path: "/api/admin/posts?",
        rows: "posts",
        search: "",
        word: "",
      },
      {
        name: "invoices",
        path: "/api/admin/invoices?",
        rows: "invoices",
        search: "q",
        word: await word(sql`select client_name as w from invoices order by created_at, id limit 1`),
      },
    ];
  } finally {
    await database.close();
  }
}

/** N x 3,000 invoices over the seeded projects, when the seed wrote none (see the file's comment). */
async function addInvoices(url: string, scale: number): Promise<number> {
  const database = connectDatabase(url, { max: 1 });
  try {
    const [{ n } = { n: 0 }] = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from invoices`))
      .rows;
    if (n > 0) return n;
    const count = Math.round(INVOICES_AT_SCALE_ONE * scale);
    await database.db.execute(sql`
      with p as (select id, name, row_number() over (order by created_at, id) as k, count(*) over () as all_projects from projects),
      made as (
        select i, issued, p.id as project_id, p.name as project_name, c.name as client_name, c.email as client_email,
          (array['draft', 'sent', 'partially_paid', 'paid', 'void'])[1 + i % 5] as status,
          10000 + (abs(hashtext(i::text)) % 500000) as total
        from generate_series(1, ${count}) as i
          cross join lateral (select (now() - make_interval(days => (730 * (${count} - i)) / ${count}))::date as issued) as d
          join p on p.k = 1 + i % p.all_projects
          left join lateral (
            select c.name, c.email from project_contacts pc join contacts c on c.id = pc.contact_id
            where pc.project_id = p.id order by pc.created_at limit 1
          ) as c on true
      )
      insert into invoices (number, year, sequence, project_id, project_ref, project_name, client_name, client_email,
        kind, status, lines, subtotal_cents, discount_cents, total_cents, amount_paid_cents, issue_date, due_date,
        created_at, updated_at)
      select 'INV-' || extract(year from issued) || '-' || lpad(n::text, greatest(4, length(n::text)), '0'),
        extract(year from issued)::int, n, project_id, project_id, project_name, client_name, client_email,
        'manual', status, '[]'::jsonb, total, 0, total,
        case status when 'paid' then total when 'partially_paid' then total / 2 else 0 end,
        issued, issued + 30, issued::timestamptz, issued::timestamptz
      from (select *, row_number() over (partition by extract(year from issued) order by i) as n from made) as numbered`);
    await database.db.execute(sql`vacuum (analyze) invoices`);
    return count;
  } finally {
    await database.close();
  }
}

async function total(app: ScaleApp, token: string, list: OwnerList): Promise<number> {
  const res = await fetch(`${app.base}${list.path}limit=1`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${list.path} answered ${res.status}`);
  return ((await res.json()) as { total: number }).total;
}

/**
 * The built app on a seeded database (app-process.ts seededDataDir), `measure` run with it and the
 * URL of its database, the app stopped afterwards and a temporary DATA_DIR removed.
 */
export async function onSeededApp<T>(
  name: string,
  scale: number,
  kept: string | undefined,
  port: number,
  measure: (app: ScaleApp, url: string) => Promise<T>,
): Promise<T> {
  const { dataDir, remove } = await seededDataDir(name, scale, kept, port + 1000);
  let app: ScaleApp | undefined;
  try {
    app = await startApp(port, dataDir);
    const url = runningEmbeddedUrl(path.join(dataDir, "postgres"), app.pgPort);
    if (!url) throw new Error("the app's embedded database is not running");
    return await measure(app, url);
  } finally {
    if (app) await stopApp(app);
    remove();
  }
}

const measureScale = (scale: number, port: number, seconds: number) =>
  onSeededApp("owner-lists", scale, keptDir, port, async (app, url) => {
    const label = (name: string) => `N=${scale}: ${name}`;
    const figures: BenchFigure[] = [];
    const invoices = await addInvoices(url, scale);
    await fillRollups(app);
    const lists = await ownerLists(url);
    const token = await signIn(app.base);
    figures.push({ name: label("invoices"), value: invoices, unit: "rows", target: "-", ok: true });
    figures.push(...(await moneyCards(app, token, label)));
    for (const list of lists) {
      const rows = await total(app, token, list);
      figures.push({ name: label(`${list.name}: rows`), value: rows, unit: "rows", target: "-", ok: true });
      if (rows === 0) continue;
      const lastOffset = Math.floor((rows - 1) / PAGE) * PAGE;
      const calls: [string, string][] = [
        ["first page", `${list.path}limit=${PAGE}&offset=0`],
        ["last page", `${list.path}limit=${PAGE}&offset=${lastOffset}`],
      ];
      if (list.search && list.word)
        calls.push([
          `search "${list.word}"`,
          `${list.path}${list.search}=${encodeURIComponent(list.word)}&limit=${PAGE}&offset=0`,
        ]);
      for (const [what, call] of calls) {
        // One at a time first: what a call costs, apart from the queue that 10 at once make.
        const alone: number[] = [];
        for (let i = 0; i < ALONE_CALLS; i++) {
          const started = performance.now();
          const res = await fetch(`${app.base}${call}`, { headers: { authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          alone.push(performance.now() - started);
        }
        figures.push({
          name: label(`${list.name}, ${what}, median of ${ALONE_CALLS} one at a time`),
          value: Math.round(median(alone)),
          unit: "ms",
          target: "-",
          ok: true,
        });
        const result = await p99(`${app.base}${call}`, token, seconds);
        // None answered within the run: each took longer than the run itself.
        const none = result.answered === 0;
        figures.push({
          name: label(`${list.name}, ${what} p99${none ? " (none answered within the run)" : ""}`),
          value: none ? seconds * 1000 : result.p99,
          unit: none ? "ms or more" : "ms",
          target: `< ${listP99Ms(scale)}`,
          ok: !none && result.p99 < listP99Ms(scale) && result.failures === 0,
        });
        if (result.failures > 0)
          figures.push({
            name: label(`${list.name}, ${what} failures`),
            value: result.failures,
            unit: "requests",
            target: "0",
            ok: false,
          });
      }
    }
    return figures;
  });

/**
 * The dashboard's money cards (GET /api/admin/billing/summary): every call answered 200 (their
 * sums are bigint end to end: at thirty times a year's payments pass what an int holds), and
 * the median of 11 one at a time.
 */
async function moneyCards(app: ScaleApp, token: string, label: (name: string) => string): Promise<BenchFigure[]> {
  const times: number[] = [];
  const statuses = new Set<number>();
  let summary: { paid_this_year_cents?: number | string } = {};
  for (let i = 0; i < ALONE_CALLS; i++) {
    const started = performance.now();
    const res = await fetch(`${app.base}/api/admin/billing/summary`, { headers: { authorization: `Bearer ${token}` } });
    statuses.add(res.status);
    summary = (await res.json()) as typeof summary;
    times.push(performance.now() - started);
  }
  const ok = statuses.size === 1 && statuses.has(200);
  return [
    {
      name: label(`money cards: answers (${[...statuses].join(", ")})`),
      value: ok ? 200 : Math.max(...statuses),
      unit: "status",
      target: "200",
      ok,
    },
    { name: label("money cards, median of 11"), value: Math.round(median(times)), unit: "ms", target: "-", ok: true },
    {
      name: label("money cards: paid this year"),
      value: Math.round(Number(summary.paid_this_year_cents ?? 0) / 100),
      unit: "dollars",
      target: "-",
      ok: true,
    },
  ];
}

export async function section(ctx: Pick<BenchContext, "port" | "seconds">): Promise<BenchFigure[]> {
  const measured = [];
  for (const [i, scale] of scales.entries())
    measured.push(await measureScale(scale, ctx.port + 40 + i * 2, Math.min(ctx.seconds, 5)));
  return measured.flat();
}

if (runsAlone(import.meta.url))
  printFiguresAndExit(
    await section({ port: 4700 + Math.floor(Math.random() * 200), seconds: Number(process.env.BENCH_SECONDS ?? 5) }),
  );

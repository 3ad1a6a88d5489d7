import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { dayIn } from "~/contracts/analytics-days";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { analyticsEvents, serverSecrets } from "../../db/schema";
import { createAnalyticsIngest, createVisitorHasher, purgeOldAnalytics } from "../../services/analytics/ingest";

/**
 * The analytics calls (docs/product/consent-and-analytics.md "What is counted", "On the server") on
 * a real database: what a page may send and what is refused, the per-address limit, bots left out,
 * no address kept, the batched writes and the two-year purge (docs/decisions/024-analytics.md).
 */

const LIMIT = 12;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let ipCounter = 0;
/** Each test sends from its own address, so the limit of one never touches another. */
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const now = () => new Date().toISOString();

function post(kind: "pageview" | "scroll" | "event", body: unknown, options: { ip?: string; ua?: string | null } = {}) {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Forwarded-For": options.ip ?? freshIp(),
    Host: "localhost:3000",
  };
  if (options.ua !== null) headers["User-Agent"] = options.ua ?? CHROME;
  return ctx.app.request(`/api/analytics/${kind}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const rowsAt = async (path: string) => {
  await ctx.analytics.flush();
  return ctx.db
    .execute<Record<string, unknown>>(sql`select * from analytics_events where path = ${path} order by id`)
    .then((r) => r.rows);
};

const unique = () => Math.random().toString(36).slice(2, 9);

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: "true", ANALYTICS_RATE_LIMIT: String(LIMIT) } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());

describe("POST /api/analytics/pageview", () => {
  it("answers 202 uncompressed: a confirmation of a few bytes is not worth a compression stream", async () => {
    const res = await ctx.app.request("/api/analytics/pageview", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Accept-Encoding": "br, gzip",
        "X-Forwarded-For": freshIp(),
        "User-Agent": CHROME,
        Host: "localhost:3000",
      },
      body: JSON.stringify({ path: `/pricing-${unique()}`, referrer: "", userAgent: CHROME, timestamp: now() }),
    });
    expect(res.status).toBe(202);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toEqual({ accepted: true });
  });

  it("accepts a page's pageview and stores its path, outside referrer and UTM tags, not its query", async () => {
    const path = `/newport-web-design-${unique()}`;
    const res = await post("pageview", {
      path: `${path}?utm_source=gmb&utm_medium=organic&utm_campaign=fall&email=x@example.com`,
      referrer: "https://www.google.com/search?q=web+design+newport",
      userAgent: CHROME,
      timestamp: now(),
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
    const [row] = await rowsAt(path);
    expect(row).toMatchObject({
      kind: "pageview",
      name: null,
      path,
      referrer_host: "google.com",
      utm_source: "gmb",
      utm_medium: "organic",
      utm_campaign: "fall",
      scroll_depth: null,
    });
    expect(row!.visitor).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(row)).not.toContain("example.com");
  });

  it("keeps no referrer for a move between the site's own pages, and marks the pages that begin a visit", async () => {
    const path = `/services-${unique()}`;
    const referrers = [
      "http://localhost:3000/pricing",
      `https://${site.productionHost}/`,
      "",
      "https://duckduckgo.com/",
      "not an address",
    ];
    for (const referrer of referrers)
      expect((await post("pageview", { path, referrer, timestamp: now() })).status).toBe(202);
    const rows = await rowsAt(path);
    expect(rows.map((r) => [r.referrer_host, r.entry])).toEqual([
      [null, false],
      [null, false],
      [null, true],
      ["duckduckgo.com", true],
      [null, true],
    ]);
  });

  it.each([
    ["a full address", "https://evil.example/page"],
    ["a protocol-relative address", "//evil.example/page"],
    ["no leading slash", "services"],
    ["spaces", "/web design"],
    ["markup", "/<script>alert(1)</script>"],
    ["a fragment", "/about#team"],
    ["an empty path", ""],
    ["a very long path", `/${"a".repeat(1000)}`],
  ])("refuses %s as the path with 400", async (_label, path) => {
    const res = await post("pageview", { path, referrer: "", timestamp: now() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields.path).toMatch(/path/);
  });

  it.each([
    ["two days ahead", new Date(Date.now() + 2 * 86_400_000).toISOString()],
    ["three days old", new Date(Date.now() - 3 * 86_400_000).toISOString()],
    ["not a date", "yesterday"],
    ["a number", 1_700_000_000_000],
  ])("refuses a timestamp %s with 400", async (_label, timestamp) => {
    const res = await post("pageview", { path: "/", timestamp });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.timestamp).toBeTruthy();
  });

  it("refuses a body that is not JSON, or has no path, with a clear 400", async () => {
    const notJson = await post("pageview", "{path:");
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: string }).error).toBeTruthy();
    const noPath = await post("pageview", { timestamp: now() });
    expect(noPath.status).toBe(400);
    expect(((await noPath.json()) as { error: string }).error).toMatch(/path/);
  });
});

describe("POST /api/analytics/scroll", () => {
  it("stores the depth reached", async () => {
    const path = `/pricing-${unique()}`;
    expect((await post("scroll", { path, scrollDepth: 75, timestamp: now() })).status).toBe(202);
    expect((await rowsAt(path))[0]).toMatchObject({ kind: "scroll", scroll_depth: 75 });
  });

  it.each([-1, 101, 250, 50.5, "50", null])("refuses the absurd depth %s with 400", async (scrollDepth) => {
    const res = await post("scroll", { path: "/pricing", scrollDepth, timestamp: now() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.scrollDepth).toBeTruthy();
  });
});

describe("POST /api/analytics/event", () => {
  it("stores the time-on-page milestone and the event's fields, but not a Project ID", async () => {
    const path = `/start-project-${unique()}`;
    expect(
      (await post("event", { event: "time_on_page", path, params: { seconds: 60 }, timestamp: now() })).status,
    ).toBe(202);
    expect(
      (
        await post("event", {
          event: "project_submission",
          path,
          params: { project_id: "WBT-2026-7KQ4MZ", form_completed: true, unknown_field: "dropped" },
          timestamp: now(),
        })
      ).status,
    ).toBe(202);
    const [time, submission] = await rowsAt(path);
    expect(time).toMatchObject({ kind: "event", name: "time_on_page", seconds: 60, props: null });
    expect(submission).toMatchObject({ kind: "event", name: "project_submission", props: { form_completed: true } });
    expect(JSON.stringify(submission)).not.toContain("WBT-2026");
  });

  it("takes an error's message up to 100 characters and its context up to 200 (docs/product/consent-and-analytics.md)", async () => {
    const path = `/contact-${unique()}`;
    const ok = await post("event", {
      event: "error",
      path,
      params: { message: "m".repeat(100), context: "c".repeat(200) },
      timestamp: now(),
    });
    expect(ok.status).toBe(202);
    const long = await post("event", { event: "error", path, params: { message: "m".repeat(101) }, timestamp: now() });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { fields: Record<string, string> }).fields["params.message"]).toMatch(/100/);
    const longContext = await post("event", {
      event: "error",
      path,
      params: { message: "m", context: "c".repeat(201) },
      timestamp: now(),
    });
    expect(longContext.status).toBe(400);
  });

  it("stores the booking page's events with their page path", async () => {
    const path = `/book/discovery-call-${unique()}`;
    for (const event of ["booking_started", "booking_completed"])
      expect((await post("event", { event, path, params: { page_path: path }, timestamp: now() })).status).toBe(202);
    const [started, completed] = await rowsAt(path);
    expect(started).toMatchObject({ kind: "event", name: "booking_started", props: { page_path: path } });
    expect(completed).toMatchObject({ kind: "event", name: "booking_completed", props: { page_path: path } });
  });

  it("refuses an unknown event, and a time-on-page without its seconds", async () => {
    const unknown = await post("event", { event: "purchase", path: "/", timestamp: now() });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { fields: Record<string, string> }).fields.event).toMatch(/one of/);
    const noSeconds = await post("event", { event: "time_on_page", path: "/", timestamp: now() });
    expect(noSeconds.status).toBe(400);
  });
});

describe("bots", () => {
  it("are answered like anyone else but never counted", async () => {
    const path = `/bots-${unique()}`;
    const body = { path, referrer: "", timestamp: now() };
    expect((await post("pageview", body, { ua: GOOGLEBOT })).status).toBe(202);
    expect((await post("pageview", body, { ua: "curl/8.5.0" })).status).toBe(202);
    expect((await post("pageview", body, { ua: null })).status).toBe(202);
    // A headless browser that says so in the body too.
    expect((await post("pageview", { ...body, userAgent: "HeadlessChrome/131.0" })).status).toBe(202);
    expect((await post("scroll", { path, scrollDepth: 50, timestamp: now() }, { ua: GOOGLEBOT })).status).toBe(202);
    expect(await rowsAt(path)).toEqual([]);
    // The same page from a browser is counted.
    expect((await post("pageview", body)).status).toBe(202);
    expect(await rowsAt(path)).toHaveLength(1);
  });
});

describe("the per-address limit", () => {
  it(`answers 429 with Retry-After after ${LIMIT} calls a minute from one address, refused ones included`, async () => {
    const ip = freshIp();
    const path = `/limit-${unique()}`;
    for (let i = 0; i < LIMIT - 1; i++)
      expect((await post("pageview", { path, timestamp: now() }, { ip })).status).toBe(202);
    expect((await post("scroll", { path, scrollDepth: 500, timestamp: now() }, { ip })).status).toBe(400);
    const limited = await post("pageview", { path, timestamp: now() }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many/);
    // Another address is not held back.
    expect((await post("pageview", { path, timestamp: now() })).status).toBe(202);
    expect(await rowsAt(path)).toHaveLength(LIMIT);
  });
});

describe("privacy", () => {
  it("stores no address anywhere: the visitor is a daily hash of address and browser", async () => {
    const ip = "203.0.113.77";
    const path = `/privacy-${unique()}`;
    expect((await post("pageview", { path, referrer: "", timestamp: now() }, { ip })).status).toBe(202);
    expect((await post("scroll", { path, scrollDepth: 25, timestamp: now() }, { ip })).status).toBe(202);
    expect((await post("pageview", { path, referrer: "", timestamp: now() }, { ip: "203.0.113.78" })).status).toBe(202);
    const rows = await rowsAt(path);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.visitor, "one visitor, one hash").toBe(rows[1]!.visitor);
    expect(rows[2]!.visitor, "another address, another visitor").not.toBe(rows[0]!.visitor);

    // Every table of the database, every row as text: the address is in none of them.
    const { rows: tables } = await ctx.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { name } of tables) {
      const { rows: found } = await ctx.db.execute(
        sql`select 1 from ${sql.identifier(name)} t where t::text like ${"%203.0.113.7%"} limit 1`,
      );
      expect(found, `the address in ${name}`).toEqual([]);
    }
  });

  it("changes every visitor's hash from one day to the next", async () => {
    const hash = createVisitorHasher(ctx.db);
    const today = new Date();
    const tomorrow = new Date(today.getTime() + 86_400_000);
    expect(await hash("198.51.100.4", CHROME, today)).toBe(await hash("198.51.100.4", CHROME, today));
    expect(await hash("198.51.100.4", CHROME, today)).not.toBe(await hash("198.51.100.4", CHROME, tomorrow));
    expect(await hash("198.51.100.4", CHROME, today)).not.toBe(await hash("198.51.100.4", "Safari", today));
  });
});

describe("batched writes", () => {
  const row = (path: string) => ({ kind: "pageview" as const, path, visitor: "v".repeat(22) });
  const stored = async (path: string) =>
    (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_events where path = ${path}`))
      .rows[0]!.n;

  it("writes within the flush interval, at once when a batch is full, and the rest on close", async () => {
    const ingest = createAnalyticsIngest({ db: ctx.db, log: console, flushMs: 60_000, batchRows: 5 });
    const path = `/batch-${unique()}`;
    for (let i = 0; i < 3; i++) ingest.add(row(path));
    expect(ingest.pending).toBe(3);
    expect(await stored(path), "nothing before the interval").toBe(0);
    for (let i = 0; i < 2; i++) ingest.add(row(path));
    await expect.poll(() => stored(path), { message: "a full batch goes at once" }).toBe(5);
    ingest.add(row(path));
    await ingest.close();
    expect(await stored(path)).toBe(6);
    ingest.add(row(path));
    expect(ingest.pending, "nothing is taken after close").toBe(0);
  });

  it("writes on its own within the interval", async () => {
    const ingest = createAnalyticsIngest({ db: ctx.db, log: console, flushMs: 50 });
    const path = `/interval-${unique()}`;
    ingest.add(row(path));
    await expect.poll(() => stored(path)).toBe(1);
    await ingest.close();
  });
});

describe("the retention purge", () => {
  it("deletes analytics older than two years and the visitor salts of past days", async () => {
    const at = new Date("2026-06-15T12:00:00Z");
    const path = `/purge-${unique()}`;
    const daysAgo = (days: number) => new Date(at.getTime() - days * 86_400_000);
    await ctx.db.insert(analyticsEvents).values([
      { kind: "pageview", path, visitor: "old", createdAt: daysAgo(2 * 365 + 2) },
      { kind: "pageview", path, visitor: "recent", createdAt: daysAgo(2 * 365 - 2) },
      { kind: "pageview", path, visitor: "today", createdAt: at },
    ]);
    const salt = (day: string) => ({ name: `analytics-salt:${day}`, value: "x" });
    await ctx.db
      .insert(serverSecrets)
      .values([salt("2026-06-13"), salt("2026-06-14"), salt("2026-06-15")])
      .onConflictDoNothing();

    expect(await purgeOldAnalytics(ctx.db, at)).toBeGreaterThanOrEqual(1);
    const left = await rowsAt(path);
    expect(left.map((r) => r.visitor)).toEqual(["recent", "today"]);
    const { rows: salts } = await ctx.db.execute<{ name: string }>(
      sql`select name from server_secrets where name like 'analytics-salt:2026-06-1%' order by name`,
    );
    expect(salts.map((s) => s.name)).toEqual(["analytics-salt:2026-06-14", "analytics-salt:2026-06-15"]);
    expect(dayIn(site.timeZone, at)).toBe("2026-06-15");
  });
});

describe("GET /api/admin/analytics", () => {
  it("needs the owner's token", async () => {
    expect((await ctx.app.request("/api/admin/analytics")).status).toBe(401);
    expect((await ctx.app.request("/api/admin/analytics.csv")).status).toBe(401);
  });

  it("answers the last 30 days by default", async () => {
    const res = await ctx.app.request("/api/admin/analytics", { headers: auth });
    expect(res.status).toBe(200);
    const report = (await res.json()) as { from: string; to: string; days: unknown[]; time_zone: string };
    expect(report.to).toBe(dayIn(site.timeZone));
    expect(report.days).toHaveLength(30);
    expect(report.time_zone).toBe(site.timeZone);
  });

  it.each([
    ["from after to", "from=2026-11-10&to=2026-11-01"],
    ["a day that does not exist", "from=2026-02-30"],
    ["not a day", "from=last-week"],
    ["a range over 800 days", "from=2020-01-01&to=2026-01-01"],
  ])("refuses %s with 400", async (_label, query) => {
    const res = await ctx.app.request(`/api/admin/analytics?${query}`, { headers: auth });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  });

  it("exports the range as a CSV file with a block per table", async () => {
    const res = await ctx.app.request("/api/admin/analytics.csv?from=2026-11-01&to=2026-11-07", { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="analytics-2026-11-01-to-2026-11-07.csv"',
    );
    const text = await res.text();
    for (const title of ["Per day", "Funnel by landing page", "Top pages", "Referrers", "UTM sources", "Events"])
      expect(text).toContain(`\r\n${title}\r\n`);
    expect(text).toContain("2026-11-07,");
  });
});

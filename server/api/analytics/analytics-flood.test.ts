import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { AnalyticsReportSchema } from "~/contracts/analytics-report";
import { dayIn } from "~/contracts/analytics-days";
import { request as httpRequest } from "node:http";
import { createTestApp, createTestServer } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { ANALYTICS_DAILY_CAPS } from "../../services/analytics/guards";
import { ANALYTICS_MAX_BODY_BYTES } from "./analytics-front-door";

/**
 * A flood of fake visits kept out of the owner's figures (docs/decisions/033-analytics-flood.md):
 * through HTTP to the database and back through the report. Pageviews past a visitor's or an
 * address's daily cap, and those from known referrer spammers, are answered as any other (202)
 * but not stored; the report says how many were kept out.
 */

const { pageviewsPerVisitor, pageviewsPerAddress } = ANALYTICS_DAILY_CAPS;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;

const chrome = (build: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${build}.0 Safari/537.36`;
const unique = () => Math.random().toString(36).slice(2, 9);

function send(kind: "pageview" | "scroll", body: Record<string, unknown>, ip: string, ua: string) {
  return ctx.app.request(`/api/analytics/${kind}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, "User-Agent": ua, Host: "localhost:3000" },
    body: JSON.stringify({ timestamp: new Date().toISOString(), ...body }),
  });
}

/** Sends `count` pageviews of `path` and expects each to be answered 202, counted or not. */
async function pageviews(count: number, path: string, ip: string, ua: (i: number) => string, referrer = "") {
  for (let i = 0; i < count; i++) {
    const res = await send("pageview", { path, referrer, userAgent: ua(i) }, ip, ua(i));
    expect(res.status).toBe(202);
  }
}

const stored = async (path: string, kind = "pageview") => {
  await ctx.analytics.flush();
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from analytics_events where path = ${path} and kind = ${kind}`,
  );
  return rows[0]!.n;
};

const today = () => dayIn(site.timeZone);
async function report() {
  await ctx.analytics.flush();
  const res = await ctx.app.request(`/api/admin/analytics?from=${today()}&to=${today()}`, { headers: auth });
  expect(res.status).toBe(200);
  return AnalyticsReportSchema.parse(await res.json());
}

beforeAll(async () => {
  // Behind one proxy, as production; the per-minute limit out of the way of the daily caps.
  ctx = await createTestApp({ env: { TRUST_PROXY: "1", ANALYTICS_RATE_LIMIT: "1000000" } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());

describe("16. the daily caps", () => {
  it("16. a visitor's pageviews past the daily cap are answered 202 but not stored, nor its scrolls, and the report counts them", async () => {
    const before = await report();
    const path = `/flood-${unique()}`;
    const ua = () => chrome(1);
    await pageviews(pageviewsPerVisitor + 7, path, "198.51.100.10", ua);
    expect(await stored(path)).toBe(pageviewsPerVisitor);
    expect((await send("scroll", { path, scrollDepth: 75 }, "198.51.100.10", ua())).status).toBe(202);
    expect(await stored(path, "scroll"), "the visitor is over the cap for the day").toBe(0);

    // The same address in another browser is another visitor, under its own cap.
    await pageviews(2, path, "198.51.100.10", () => chrome(2));
    expect(await stored(path)).toBe(pageviewsPerVisitor + 2);

    const after = await report();
    expect(after.kept_out.over_cap - before.kept_out.over_cap).toBe(7);
    expect(after.totals.pageviews - before.totals.pageviews, "what was stored is counted").toBe(
      pageviewsPerVisitor + 2,
    );
  });

  it("16. an address's pageviews past its daily cap are kept out whatever browser each one names", async () => {
    const before = await report();
    const path = `/office-${unique()}`;
    // A new browser every 100 pageviews: no visitor reaches its own cap.
    await pageviews(pageviewsPerAddress + 4, path, "198.51.100.20", (i) => chrome(100 + Math.floor(i / 100)));
    expect(await stored(path)).toBe(pageviewsPerAddress);
    // Another address is not held back by this one.
    await pageviews(1, path, "198.51.100.21", () => chrome(1));
    expect(await stored(path)).toBe(pageviewsPerAddress + 1);
    expect((await report()).kept_out.over_cap - before.kept_out.over_cap).toBe(4);

    // From now on its calls are answered before their body is even read: a body the contract
    // refuses gets the same 202 as any, where another address gets the 400 naming the field.
    const malformed = (ip: string) =>
      ctx.app.request("/api/analytics/scroll", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, "User-Agent": chrome(1) },
        body: "{ not json",
      });
    expect((await malformed("198.51.100.20")).status).toBe(202);
    expect((await malformed("198.51.100.22")).status).toBe(400);
  });

  it("16. the addresses of one IPv6 /64 share the cap: a new address for every call changes nothing", async () => {
    const path = `/v6-${unique()}`;
    for (let i = 0; i < pageviewsPerAddress + 3; i++) {
      const ip = `2001:db8:16:${i % 2 === 0 ? "a" : "a:0"}::${(i + 1).toString(16)}`;
      expect((await send("pageview", { path, userAgent: chrome(i % 250) }, ip, chrome(i % 250))).status).toBe(202);
    }
    expect(await stored(path)).toBe(pageviewsPerAddress);
  });
});

describe("44. analytics degrade, never switch off", () => {
  it("44. after 60,000 addresses in a day, a real visitor from a new address is still counted", async () => {
    const caps = ctx.analyticsCaps;
    // The flood, through the same caps the front door and the routes use: a pageview from each
    // of 60,000 addresses, each its own visitor, more than the process follows in a day.
    for (let i = 0; i < 60_000; i++) {
      caps.address(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, true);
      caps.visitor(`flood-visitor-${i}`, true);
    }
    expect(caps.tracked.addresses).toBe(ANALYTICS_DAILY_CAPS.trackedPerDay);
    expect(caps.tracked.visitors).toBe(ANALYTICS_DAILY_CAPS.trackedPerDay);

    const before = await report();
    const path = `/after-flood-${unique()}`;
    await pageviews(2, path, "203.0.113.60", () => chrome(60));
    expect((await send("scroll", { path, scrollDepth: 50 }, "203.0.113.60", chrome(60))).status).toBe(202);
    expect(await stored(path), "the real visitor's pageviews").toBe(2);
    expect(await stored(path, "scroll")).toBe(1);
    const after = await report();
    expect(after.totals.pageviews - before.totals.pageviews).toBe(2);
    expect(after.totals.visitors - before.totals.visitors).toBe(1);
    expect(after.kept_out.over_cap, "nothing kept out for want of room").toBe(before.kept_out.over_cap);
  });

  it("44. the /64s of one IPv6 /48 share its cap: pageviews past it are kept out and counted", async () => {
    const { pageviewsPerNetwork } = ANALYTICS_DAILY_CAPS;
    // Its cap's worth of pageviews, one from each of as many /64s of 2001:db8:4848::/48.
    for (let i = 0; i < pageviewsPerNetwork; i++)
      expect(ctx.analyticsCaps.address(`2001:db8:4848:${i.toString(16)}::1`, true).allowed).toBe(true);

    const before = await report();
    const path = `/v48-${unique()}`;
    // New /64s of the same /48, each far under its own cap.
    for (const block of ["f000", "f001", "fffe", "ffff"])
      await pageviews(1, path, `2001:db8:4848:${block}::7`, () => chrome(48));
    expect(await stored(path)).toBe(0);
    // Another /48 is another network.
    await pageviews(1, path, "2001:db8:4849:1::7", () => chrome(48));
    expect(await stored(path)).toBe(1);
    const after = await report();
    expect(after.kept_out.over_cap - before.kept_out.over_cap).toBe(4);
    // The day's row says how many of its pageviews were kept out, beside its figures.
    expect(after.days.map((d) => d.day)).toEqual([today()]);
    expect(after.days[0]!.kept_out - before.days[0]!.kept_out).toBe(4);
    expect(after.days[0]!.kept_out).toBe(after.kept_out.over_cap + after.kept_out.spam_referrer);
    expect(after.days[0]!.pageviews).toBe(after.totals.pageviews);
    const csv = await ctx.app.request(`/api/admin/analytics.csv?from=${today()}&to=${today()}`, { headers: auth });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(
      `Day,Pageviews,Visits,Visitors,Kept out\r\n${today()},${after.totals.pageviews},${after.totals.visits},${after.totals.visitors},${after.days[0]!.kept_out}\r\n`,
    );
  });
});

describe("16. referrer spam", () => {
  it("16. a pageview from a known spam referrer or its subdomain is not stored, and counted as kept out", async () => {
    const before = await report();
    const path = `/landing-${unique()}`;
    for (const referrer of [
      "https://semalt.com/",
      "http://www.darodar.com/x",
      "https://forum.buttons-for-website.com/",
    ])
      expect((await send("pageview", { path, referrer }, "198.51.100.30", chrome(3))).status).toBe(202);
    expect(
      (await send("pageview", { path, referrer: "https://www.google.com/" }, "198.51.100.30", chrome(3))).status,
    ).toBe(202);
    expect(await stored(path)).toBe(1);
    const after = await report();
    expect(after.kept_out.spam_referrer - before.kept_out.spam_referrer).toBe(3);
    expect(after.referrers.map((r) => r.host)).not.toContain("semalt.com");

    // The counts are kept per day in the database, where every process adds its own.
    const { rows } = await ctx.db.execute<{ spam_referrer: number }>(
      sql`select spam_referrer from analytics_kept_out where day = ${today()}::date`,
    );
    expect(rows[0]!.spam_referrer).toBe(after.kept_out.spam_referrer);
  });
});

describe("16. the front door reads each analytics body once, from the socket, with the API's checks", () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer({ env: { TRUST_PROXY: "1", ANALYTICS_RATE_LIMIT: "1000000" } });
  });
  afterAll(() => server?.close());

  /** A POST over a real socket; `chunked` sends the body without a Content-Length. */
  function post(path: string, body: string, { chunked = false } = {}) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const url = new URL(path, server.origin);
      const req = httpRequest(
        url,
        {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "User-Agent": chrome(9),
            "X-Forwarded-For": "198.51.100.90",
            ...(chunked ? {} : { "Content-Length": String(Buffer.byteLength(body)) }),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on("error", reject);
      if (chunked) for (let at = 0; at < body.length; at += 4096) req.write(body.slice(at, at + 4096));
      else req.write(body);
      req.end();
    });
  }
  const pageview = (fields: Record<string, unknown>) =>
    JSON.stringify({ timestamp: new Date().toISOString(), userAgent: chrome(9), ...fields });

  it("16. a page's pageview is read, checked and stored", async () => {
    const path = `/socket-${unique()}`;
    expect(await post("/api/analytics/pageview", pageview({ path, referrer: "https://duckduckgo.com/" }))).toEqual({
      status: 202,
      text: JSON.stringify({ accepted: true }),
    });
    // The server's own batch is written within a second.
    const rowsOfPath = async () =>
      (
        await server.db.execute<{ referrer_host: string }>(
          sql`select referrer_host from analytics_events where path = ${path}`,
        )
      ).rows;
    await expect.poll(rowsOfPath, { timeout: 5000 }).toEqual([{ referrer_host: "duckduckgo.com" }]);
  });

  it(`16. a body over ${ANALYTICS_MAX_BODY_BYTES} bytes is refused with 413, declared or sent in chunks`, async () => {
    const large = pageview({ path: "/", referrer: "x".repeat(ANALYTICS_MAX_BODY_BYTES) });
    for (const chunked of [false, true]) {
      const res = await post("/api/analytics/pageview", large, { chunked });
      expect(res.status, chunked ? "chunked" : "declared").toBe(413);
      expect(JSON.parse(res.text)).toEqual({
        error: `Request body too large: the limit is ${ANALYTICS_MAX_BODY_BYTES} bytes`,
      });
    }
  });

  it("16. a control character, malformed JSON or a body the contract refuses answers 400 saying why", async () => {
    const bell = await post("/api/analytics/pageview", pageview({ path: "/", referrer: "https://a.example/\u0007" }));
    expect(bell.status).toBe(400);
    expect(JSON.parse(bell.text)).toMatchObject({ fields: { referrer: expect.stringContaining("control character") } });
    const malformed = await post("/api/analytics/scroll", "{ not json");
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.text)).toEqual({ error: "Malformed JSON in request body" });
    const depth = await post(
      "/api/analytics/scroll",
      JSON.stringify({ path: "/", scrollDepth: 500, timestamp: new Date().toISOString() }),
    );
    expect(depth.status).toBe(400);
    expect(JSON.parse(depth.text)).toMatchObject({ fields: { scrollDepth: expect.stringContaining("0 and 100") } });
  });
});

import { describe, expect, it } from "vitest";
import { REFERRER_SPAM_HOSTS } from "~/config/referrer-spam";
import { ANALYTICS_DAILY_CAPS, addressBlock, createDailyCaps, isSpamReferrer } from "./analytics-guards";

/**
 * The daily caps and the spam list of docs/decisions/033-analytics-flood.md, in memory: counted
 * per day, per visitor and per address (IPv6 by its /64), bounded in size, named by no address.
 * The same caps through HTTP and the database: server/api/analytics/analytics-flood.test.ts.
 */

const small = { pageviewsPerVisitor: 3, pageviewsPerAddress: 5, trackedPerDay: 4 };

describe("16. the daily caps", () => {
  it("16. are caps a visitor never meets: a few hundred pageviews a visitor, more an address", () => {
    expect(ANALYTICS_DAILY_CAPS.pageviewsPerVisitor).toBeGreaterThanOrEqual(200);
    expect(ANALYTICS_DAILY_CAPS.pageviewsPerAddress).toBeGreaterThan(ANALYTICS_DAILY_CAPS.pageviewsPerVisitor);
  });

  it("16. count a visitor's pageviews and keep out those past the cap, with their scrolls and events", () => {
    const caps = createDailyCaps(small);
    const seen = Array.from({ length: 5 }, () => caps.visitor("visitor-a", true).allowed);
    expect(seen).toEqual([true, true, true, false, false]);
    expect(caps.visitor("visitor-a", false).allowed, "a scroll of a visitor over the cap").toBe(false);
    expect(caps.visitor("visitor-b", true).allowed, "another visitor has a cap of its own").toBe(true);
    expect(caps.visitor("visitor-b", false).allowed).toBe(true);
  });

  it("16. count an address's pageviews, all its browsers together, and IPv6 by its /64", () => {
    const caps = createDailyCaps(small);
    const sameBlock = ["2001:db8:7:1::1", "2001:db8:7:1:ffff::2", "2001:0db8:0007:0001:abcd::3"];
    const answers = Array.from({ length: 6 }, (_, i) => caps.address(sameBlock[i % 3]!, true).allowed);
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect(caps.address("2001:db8:7:2::1", true).allowed, "the next /64 is another network").toBe(true);
    expect(caps.address("::ffff:203.0.113.9", true).allowed).toBe(true);
    expect(addressBlock("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressBlock("203.0.113.9")).toBe("203.0.113.9");
    expect(addressBlock("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBlock("1::2:3:4:5:192.0.2.1"), "an IPv4 tail is two groups").toBe("1:0:2:3::/64");
  });

  it("16. start again each day, with a new key for the addresses", () => {
    let now = Date.parse("2026-11-26T16:00:00Z"); // 11 am in Providence
    const caps = createDailyCaps(small, () => now);
    for (let i = 0; i < 5; i++) caps.address("198.51.100.7", true);
    const over = caps.address("198.51.100.7", true);
    expect(over).toEqual({ allowed: false, day: "2026-11-26" });
    now = Date.parse("2026-11-27T05:00:01Z"); // just past midnight there
    expect(caps.address("198.51.100.7", true)).toEqual({ allowed: true, day: "2026-11-27" });
    expect(caps.tracked).toEqual({ addresses: 1, visitors: 0 });
  });

  it("16. follow a bounded number of visitors and addresses a day, keeping out new ones past it", () => {
    const caps = createDailyCaps(small);
    for (let i = 0; i < 4; i++) expect(caps.visitor(`visitor-${i}`, true).allowed).toBe(true);
    expect(caps.visitor("visitor-new", true).allowed).toBe(false);
    expect(caps.visitor("visitor-new", false).allowed).toBe(false);
    expect(caps.visitor("visitor-0", true).allowed, "one already followed is still counted").toBe(true);
    expect(caps.tracked.visitors).toBe(4);
  });
});

describe("16. referrer spam", () => {
  it("16. is a listed host or any subdomain of one, and nothing else", () => {
    expect(REFERRER_SPAM_HOSTS.length).toBeGreaterThan(20);
    for (const host of REFERRER_SPAM_HOSTS) expect(host).toBe(host.toLowerCase().replace(/^www\./, ""));
    expect(isSpamReferrer("semalt.com")).toBe(true);
    expect(isSpamReferrer("forum.semalt.com")).toBe(true);
    expect(isSpamReferrer("notsemalt.com")).toBe(false);
    expect(isSpamReferrer("semalt.com.example")).toBe(false);
    expect(isSpamReferrer("google.com")).toBe(false);
    expect(isSpamReferrer(null)).toBe(false);
  });
});

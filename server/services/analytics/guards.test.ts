import { describe, expect, it } from "vitest";
import { REFERRER_SPAM_HOSTS } from "~/config/referrer-spam";
import { ANALYTICS_DAILY_CAPS, addressBlock, addressNetwork, createDailyCaps, isSpamReferrer } from "./guards";

/**
 * The daily caps and the spam list of docs/decisions/033-analytics-flood.md, in memory: counted
 * per day, per visitor and per address (IPv6 by its /64 and its /48), bounded in size, named by no
 * address, and counting on past that bound (docs/decisions/044-analytics-under-load.md).
 * The same caps through HTTP and the database: server/api/analytics/analytics-flood.test.ts.
 */

const small = { pageviewsPerVisitor: 3, pageviewsPerAddress: 5, pageviewsPerNetwork: 8, trackedPerDay: 4 };

describe("16. the daily caps", () => {
  it("16. are caps a visitor never meets: a few hundred pageviews a visitor, more an address", () => {
    expect(ANALYTICS_DAILY_CAPS.pageviewsPerVisitor).toBeGreaterThanOrEqual(200);
    expect(ANALYTICS_DAILY_CAPS.pageviewsPerAddress).toBeGreaterThan(ANALYTICS_DAILY_CAPS.pageviewsPerVisitor);
    expect(ANALYTICS_DAILY_CAPS.pageviewsPerNetwork).toBeGreaterThan(ANALYTICS_DAILY_CAPS.pageviewsPerAddress);
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
    expect(caps.tracked).toEqual({ addresses: 1, networks: 0, visitors: 0, untracked: 0 });
  });

  it("16. follow a bounded number of visitors and addresses a day, and count new ones past it without following them", () => {
    const caps = createDailyCaps(small);
    for (let i = 0; i < 4; i++) expect(caps.visitor(`visitor-${i}`, true).allowed).toBe(true);
    expect(caps.visitor("visitor-new", true).allowed, "a new visitor past the bound is counted").toBe(true);
    expect(caps.visitor("visitor-new", false).allowed).toBe(true);
    expect(caps.visitor("visitor-0", true).allowed, "one already followed is still counted").toBe(true);
    for (let i = 0; i < 3; i++) caps.visitor("visitor-0", true);
    expect(caps.visitor("visitor-0", true).allowed, "and still capped").toBe(false);
    expect(caps.tracked).toMatchObject({ visitors: 4, untracked: 1 });
  });
});

describe("44. analytics degrade, never switch off", () => {
  it("44. 60,000 addresses in a day, each with a visitor, leave a real visitor counted and the flood's heaviest still capped", () => {
    const caps = createDailyCaps();
    const { trackedPerDay, pageviewsPerAddress } = ANALYTICS_DAILY_CAPS;
    // One heavy address among the first, then 60,000 distinct addresses, a pageview each.
    for (let i = 0; i < pageviewsPerAddress; i++) expect(caps.address("198.51.100.1", true).allowed).toBe(true);
    for (let i = 0; i < 60_000; i++) {
      const address = `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`;
      expect(caps.address(address, true).allowed).toBe(true);
      expect(caps.visitor(`flood-${i}`, true).allowed).toBe(true);
    }
    expect(caps.tracked.addresses).toBe(trackedPerDay);
    expect(caps.tracked.visitors).toBe(trackedPerDay);

    // A real visitor, new today, from an address never seen: counted, its scrolls too.
    expect(caps.address("203.0.113.50", true).allowed).toBe(true);
    expect(caps.visitor("real-visitor", true).allowed).toBe(true);
    expect(caps.address("203.0.113.50", false).allowed).toBe(true);
    expect(caps.visitor("real-visitor", false).allowed).toBe(true);
    // The memory stays bounded, and an address followed before the bound keeps its cap.
    expect(caps.tracked.addresses).toBe(trackedPerDay);
    expect(caps.address("198.51.100.1", true).allowed).toBe(false);
  });

  it("44. the addresses of one IPv6 /48 share a cap across their /64s, and each /64 keeps its own", () => {
    const caps = createDailyCaps(small);
    // One pageview from each of 8 /64s of 2001:db8:48::/48: the network's 8.
    for (let i = 0; i < 8; i++) expect(caps.address(`2001:db8:48:${i.toString(16)}::1`, true).allowed).toBe(true);
    expect(caps.address("2001:db8:48:ffff::1", true).allowed, "a ninth /64 of the same /48").toBe(false);
    expect(caps.address("2001:db8:48:ffff::1", false).allowed, "its scrolls too").toBe(false);
    expect(caps.address("2001:db8:49::1", true).allowed, "the next /48 is another network").toBe(true);
    expect(caps.address("203.0.113.9", true).allowed, "IPv4 has no /48").toBe(true);

    // A /64 over its own cap does not use up its /48's share.
    const other = createDailyCaps(small);
    for (let i = 0; i < 20; i++) other.address("2001:db8:50:1::1", true);
    for (let i = 0; i < 3; i++) expect(other.address(`2001:db8:50:${i + 2}::1`, true).allowed).toBe(true);

    expect(addressNetwork("2001:0db8:0048:abcd::1")).toBe("2001:db8:48::/48");
    expect(addressNetwork("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(addressNetwork("::ffff:203.0.113.9")).toBeUndefined();
    expect(addressNetwork("203.0.113.9")).toBeUndefined();
  });

  it("44. 65,536 /64s of one /48 cannot fill the addresses followed and slip past the caps", () => {
    const caps = createDailyCaps();
    const { pageviewsPerNetwork } = ANALYTICS_DAILY_CAPS;
    let counted = 0;
    for (let i = 0; i < 65_536; i++) if (caps.address(`2001:db8:ab:${i.toString(16)}::1`, true).allowed) counted++;
    expect(counted).toBe(pageviewsPerNetwork);
    expect(caps.tracked.networks).toBe(1);
    expect(caps.tracked.addresses, "only the /64s it was counted for are followed").toBe(pageviewsPerNetwork);
    expect(caps.address("198.51.100.77", true).allowed).toBe(true);
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

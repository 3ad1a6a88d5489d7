import { hash, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { site } from "~/config/site";
import { REFERRER_SPAM_HOSTS } from "~/config/referrer-spam";
import { dayIn } from "~/contracts/analytics";

/**
 * What keeps a flood of fake visits out of the owner's figures (docs/decisions/033-analytics-flood.md),
 * decided in memory before any database work: daily caps per visitor and per address, and the
 * known referrer spammers. The per-minute limit of every analytics call stays where it was
 * (server/api/analytics/analytics.handlers.ts).
 */

/**
 * The daily caps, counted in pageviews per day of the business's time zone. The capture code
 * sends a pageview only after a page has been open a second, so a person browsing the site
 * reads a few dozen pages on a busy day; a few hundred is a machine. An address is shared by an
 * office, a household or a phone network, hence its larger cap; an IPv6 address counts by its
 * /64, the block one connection is given.
 */
export const ANALYTICS_DAILY_CAPS = {
  /** Pageviews one visitor (an address and a browser: the report's visitor) is counted for in a day. */
  pageviewsPerVisitor: 300,
  /** Pageviews one address (IPv4, or IPv6 /64) is counted for in a day, all its browsers together. */
  pageviewsPerAddress: 1_000,
  /**
   * Visitors, and addresses, one process follows in a day: a bound on its memory (about 7 MB each).
   * Past it, a visitor or address not yet seen that day is kept out as if over its cap: a day
   * with that many is a flood, not a busy day for a one-person business.
   */
  trackedPerDay: 50_000,
} as const;

export type DailyCaps = Record<keyof typeof ANALYTICS_DAILY_CAPS, number>;

/** Why a pageview was not counted (the columns of analytics_kept_out). */
export type KeptOutReason = "overCap" | "spamReferrer";

const SPAM_HOSTS = new Set(REFERRER_SPAM_HOSTS);

/** A referrer host (lowercase, without "www.") that is a known spammer's, or a subdomain of one. */
export function isSpamReferrer(host: string | null): boolean {
  if (!host) return false;
  for (let at = -1; ;) {
    if (SPAM_HOSTS.has(host.slice(at + 1))) return true;
    at = host.indexOf(".", at + 1);
    if (at < 0) return false;
  }
}

/**
 * The part of an address the per-address cap counts: an IPv4 address whole (an IPv4-mapped
 * IPv6 one as its IPv4), an IPv6 address by its first 64 bits, since one connection is handed a
 * whole /64 and could otherwise take a new address for every call.
 */
export function addressBlock(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An IPv4 tail ("64:ff9b::192.0.2.1") is two groups long.
  const width = (part: string[]) => part.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array(8 - width(left) - width(right)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export interface CapCheck {
  /** Whether the call may be counted. */
  allowed: boolean;
  /** The day it was counted against (YYYY-MM-DD, the business's time zone). */
  day: string;
}

/**
 * The daily caps, counted in this process's memory. Addresses are held only as a keyed hash
 * (SHA-256 of a random key of the process, replaced each day with the counts, and the address),
 * so the map names no address; visitors are their daily hash already. Each call to `address` or
 * `visitor` with `pageview` counts one pageview; other calls (scrolls, events) only ask whether
 * their visitor or address is over its cap, and are kept out with it.
 */
export function createDailyCaps(caps: DailyCaps = ANALYTICS_DAILY_CAPS, now: () => number = Date.now) {
  let day = "";
  let checkedAt = -Infinity;
  let key = randomBytes(32).toString("base64");
  const addresses = new Map<string, number>();
  const visitors = new Map<string, number>();

  // The day is looked up once a second at most: formatting a date in a time zone costs more
  // than everything else here.
  const today = () => {
    const at = now();
    if (at - checkedAt >= 1000 || at < checkedAt) {
      checkedAt = at;
      const current = dayIn(site.timeZone, new Date(at));
      if (current !== day) {
        day = current;
        key = randomBytes(32).toString("base64");
        addresses.clear();
        visitors.clear();
      }
    }
    return day;
  };

  const count = (counts: Map<string, number>, id: string, cap: number, pageview: boolean): boolean => {
    const seen = counts.get(id);
    if (seen === undefined && counts.size >= caps.trackedPerDay) return false;
    if (!pageview) return (seen ?? 0) <= cap;
    const next = (seen ?? 0) + 1;
    counts.set(id, next);
    return next <= cap;
  };

  /** What the counts know an address by today: a keyed hash of its block (addressBlock). */
  const addressId = (address: string) => {
    today();
    return hash("sha256", `${key}\n${addressBlock(address)}`, "base64url").slice(0, 22);
  };
  /** Counts a call from the address of this id (a pageview, or only asks, for other calls). */
  const addressById = (id: string, pageview: boolean): CapCheck => {
    const current = today();
    return { allowed: count(addresses, id, caps.pageviewsPerAddress, pageview), day: current };
  };

  return {
    addressId,
    addressById,
    /** Counts a call from `address` (a pageview, or only asks, for other calls). */
    address: (address: string, pageview: boolean) => addressById(addressId(address), pageview),
    /** Counts a call from the visitor of this hash (see createVisitorHasher). */
    visitor(visitor: string, pageview: boolean): CapCheck {
      const current = today();
      return { allowed: count(visitors, visitor, caps.pageviewsPerVisitor, pageview), day: current };
    },
    /** Today, in the business's time zone, as the counts reckon it. */
    day: today,
    /** How many visitors and addresses are followed today (the bench and tests look). */
    get tracked() {
      return { addresses: addresses.size, visitors: visitors.size };
    },
  };
}

export type DailyCapCounter = ReturnType<typeof createDailyCaps>;

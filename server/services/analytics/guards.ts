import { hash, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { site } from "~/config/site";
import { REFERRER_SPAM_HOSTS } from "~/config/referrer-spam";
import { dayIn } from "~/contracts/analytics-days";

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
 * /64, the block one connection is given, and its /48, the network one site or customer is
 * routed (docs/decisions/044-analytics-under-load.md).
 */
export const ANALYTICS_DAILY_CAPS = {
  /** Pageviews one visitor (an address and a browser: the report's visitor) is counted for in a day. */
  pageviewsPerVisitor: 300,
  /** Pageviews one address (IPv4, or IPv6 /64) is counted for in a day, all its browsers together. */
  pageviewsPerAddress: 1_000,
  /**
   * Pageviews one IPv6 /48 is counted for in a day, all its /64s together: a /48 holds 65,536 of
   * them, and is one customer's network or one carrier's pool of phones.
   */
  pageviewsPerNetwork: 5_000,
  /**
   * Visitors, addresses and /48 networks one process follows in a day, each: a bound on its
   * memory (about 7 MB each). Past it, one not yet seen that day is still counted, without being
   * followed: those already followed keep their caps, and analytics never stops counting.
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

/** An IPv6 address's eight groups, lowercase and without leading zeros; undefined for any other. */
function ipv6Groups(address: string): string[] | undefined {
  if (!isIPv6(address)) return undefined;
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An IPv4 tail ("64:ff9b::192.0.2.1") is two groups long.
  const width = (part: string[]) => part.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array(8 - width(left) - width(right)).fill("0"), ...right];
  return groups.map((g) => g.replace(/^0+(?=.)/, ""));
}

/** An IPv4-mapped IPv6 address's IPv4 ("::ffff:203.0.113.9"), else undefined. */
const mappedIPv4 = (address: string) => /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];

/**
 * The part of an address the per-address cap counts: an IPv4 address whole (an IPv4-mapped
 * IPv6 one as its IPv4), an IPv6 address by its first 64 bits, since one connection is handed a
 * whole /64 and could otherwise take a new address for every call.
 */
export function addressBlock(address: string): string {
  const mapped = mappedIPv4(address);
  if (mapped) return mapped;
  const groups = isIPv4(address) ? undefined : ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

/**
 * The IPv6 network the per-network cap counts: the address's first 48 bits, the prefix routed to
 * one site, which holds 65,536 /64s. Undefined for IPv4 (and IPv4-mapped) addresses, which the
 * per-address cap counts whole.
 */
export function addressNetwork(address: string): string | undefined {
  if (mappedIPv4(address) || isIPv4(address)) return undefined;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 3).join(":")}::/48` : undefined;
}

/** What the counts know an address by today: keyed hashes of its block and of its IPv6 /48. */
export interface AddressId {
  block: string;
  network: string | undefined;
}

export interface CapCheck {
  /** Whether the call may be counted. */
  allowed: boolean;
  /** The day it was counted against (YYYY-MM-DD, the business's time zone). */
  day: string;
}

/**
 * The daily caps, counted in this process's memory. Addresses and networks are held only as a
 * keyed hash (SHA-256 of a random key of the process, replaced each day with the counts, and the
 * block or network), so the maps name no address; visitors are their daily hash already. Each
 * call to `address` or `visitor` with `pageview` counts one pageview; other calls (scrolls,
 * events) only ask whether their visitor or address is over its cap, and are kept out with it.
 *
 * Each map follows at most `trackedPerDay` ids a day. Past that, an id not yet seen is counted
 * without being followed (`tracked.untracked` says how many pageviews were): analytics degrades,
 * it never switches off (docs/decisions/044-analytics-under-load.md).
 */
export function createDailyCaps(caps: DailyCaps = ANALYTICS_DAILY_CAPS, now: () => number = Date.now) {
  let day = "";
  let checkedAt = -Infinity;
  let key = randomBytes(32).toString("base64");
  const addresses = new Map<string, number>();
  const networks = new Map<string, number>();
  const visitors = new Map<string, number>();
  let untracked = 0;

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
        networks.clear();
        visitors.clear();
        untracked = 0;
      }
    }
    return day;
  };

  const count = (counts: Map<string, number>, id: string, cap: number, pageview: boolean): boolean => {
    const seen = counts.get(id);
    if (seen === undefined && counts.size >= caps.trackedPerDay) {
      // Not followed: counted, never kept out for want of room.
      if (pageview) untracked++;
      return true;
    }
    if (!pageview) return (seen ?? 0) <= cap;
    const next = (seen ?? 0) + 1;
    counts.set(id, next);
    return next <= cap;
  };

  const keyed = (part: string) => hash("sha256", `${key}\n${part}`, "base64url").slice(0, 22);
  /** What the counts know an address by today: keyed hashes of its block and IPv6 /48. */
  const addressId = (address: string): AddressId => {
    today();
    const network = addressNetwork(address);
    return { block: keyed(addressBlock(address)), network: network === undefined ? undefined : keyed(network) };
  };
  /**
   * Counts a call from the address of this id (a pageview, or only asks, for other calls). An
   * IPv6 /48 over its cap keeps the call out before its /64 is looked at, so one network cannot
   * fill the addresses followed (a /48 adds at most its cap's worth of them a day). Otherwise the
   * call counts against its block's cap, then, if the block let it through, against its /48's:
   * a /64 over its own cap does not use up its neighbours' share.
   */
  const addressById = (id: AddressId, pageview: boolean): CapCheck => {
    const current = today();
    const { block, network } = id;
    if (network !== undefined) {
      const seen = networks.get(network);
      // Full for a pageview at its cap; for other calls, past it (as count() reckons).
      if (seen !== undefined && seen >= caps.pageviewsPerNetwork + (pageview ? 0 : 1)) {
        if (pageview) networks.set(network, seen + 1);
        return { allowed: false, day: current };
      }
    }
    const allowed =
      count(addresses, block, caps.pageviewsPerAddress, pageview) &&
      (network === undefined || count(networks, network, caps.pageviewsPerNetwork, pageview));
    return { allowed, day: current };
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
    /**
     * How many visitors, addresses and /48 networks are followed today, and how many pageview
     * checks were counted without following their id, the maps being full (the bench and tests look).
     */
    get tracked() {
      return { addresses: addresses.size, networks: networks.size, visitors: visitors.size, untracked };
    },
  };
}

export type DailyCapCounter = ReturnType<typeof createDailyCaps>;

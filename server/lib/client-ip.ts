import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The visitor's address, for abuse limits. Behind `trustedProxies` reverse
 * proxies (TRUST_PROXY), each of which appends the address it was reached from
 * to X-Forwarded-For, the client is the entry that many places from the right:
 * whatever a client writes into the header itself stays to the left of it, so
 * no one can pick their own address. With 0 the header is ignored. An entry
 * that is not an IP address falls back to the socket's address.
 */
export function clientIp(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = forwardedClient(c.req.header("x-forwarded-for"), trustedProxies);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // no socket: app.request() in tests
  }
}

/**
 * The same address for a request Hono never sees: a WebSocket upgrade, whose per-address caps
 * would otherwise count every visitor behind the proxy as the proxy's one address.
 */
export function upgradeClientIp(req: Pick<IncomingMessage, "headers" | "socket">, trustedProxies: number): string {
  if (trustedProxies > 0) {
    // Node joins repeated X-Forwarded-For headers with ", " into one list.
    const header = req.headers["x-forwarded-for"];
    const forwarded = forwardedClient(Array.isArray(header) ? header.join(",") : header, trustedProxies);
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * The client's entry of an X-Forwarded-For value behind `hops` proxies, or
 * undefined when the header is absent or that entry is not an address. With
 * fewer entries than proxies, the leftmost (still written by a trusted proxy).
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header.split(",");
  return ipAddress(entries[Math.max(0, entries.length - hops)]!.trim());
}

/** An address as proxies write it: bare, or with a port ("203.0.113.7:51234", "[2001:db8::1]:443"). */
function ipAddress(entry: string): string | undefined {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(entry);
  const address = bracketed?.[1] ?? withPort?.[1] ?? entry;
  return isIP(address) ? address.toLowerCase() : undefined;
}

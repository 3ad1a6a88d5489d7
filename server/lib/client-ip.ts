import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The visitor's address, for abuse limits. X-Forwarded-For is trusted only
 * behind a proxy (TRUST_PROXY), where its first entry is the client.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // no socket: app.request() in tests
  }
}

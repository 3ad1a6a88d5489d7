import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { clientIp, forwardedClient, upgradeClientIp } from "./client-ip";

describe("forwardedClient", () => {
  it("takes the entry as many places from the right as there are trusted proxies", () => {
    const header = "198.51.100.9, 203.0.113.7, 10.0.0.2";
    expect(forwardedClient(header, 1)).toBe("10.0.0.2");
    expect(forwardedClient(header, 2)).toBe("203.0.113.7");
    expect(forwardedClient(header, 3)).toBe("198.51.100.9");
  });

  it("ignores whatever a client wrote to the left of the proxy's entry", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the one proxy appended the real address.
    expect(forwardedClient("1.2.3.4, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(forwardedClient("1.2.3.4,5.6.7.8,203.0.113.7", 1)).toBe("203.0.113.7");
  });

  it("takes the leftmost entry when there are fewer entries than proxies", () => {
    expect(forwardedClient("203.0.113.7", 2)).toBe("203.0.113.7");
  });

  it("accepts IPv6 and addresses with a port, and refuses what is not an address", () => {
    expect(forwardedClient("2001:DB8::1", 1)).toBe("2001:db8::1");
    expect(forwardedClient("[2001:db8::1]:443", 1)).toBe("2001:db8::1");
    expect(forwardedClient("203.0.113.7:51234", 1)).toBe("203.0.113.7");
    for (const bad of ["unknown", "evil.example.com", "1.2.3.4, ", "", "300.1.1.1", "1.2.3.4, <script>"])
      expect(forwardedClient(bad, 1)).toBeUndefined();
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient("203.0.113.7", 0)).toBeUndefined();
  });
});

describe("clientIp", () => {
  const app = (hops: number) => new Hono().get("/", (c) => c.text(clientIp(c, hops)));
  const ask = async (hops: number, forwarded?: string) =>
    (await app(hops).request("/", { headers: forwarded ? { "X-Forwarded-For": forwarded } : {} })).text();

  it("ignores X-Forwarded-For without trusted proxies", async () => {
    expect(await ask(0, "203.0.113.7")).toBe("unknown");
  });

  it("uses the proxy's entry behind one, and the socket's address when the entry is not an address", async () => {
    expect(await ask(1, "1.2.3.4, 203.0.113.7")).toBe("203.0.113.7");
    expect(await ask(1, "203.0.113.7, not-an-ip")).toBe("unknown");
    expect(await ask(1)).toBe("unknown");
  });
});

describe("upgradeClientIp", () => {
  // A socket upgrade as node:http hands it over: its headers and the connection's address.
  const upgrade = (forwarded?: string | string[]) => ({
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
    socket: { remoteAddress: "127.0.0.1" } as never,
  });

  it("follows the same rule as clientIp: the trusted proxy's entry, else the connection's address", () => {
    expect(upgradeClientIp(upgrade("1.2.3.4, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(upgradeClientIp(upgrade(["1.2.3.4", "203.0.113.7"]), 1)).toBe("203.0.113.7");
    expect(upgradeClientIp(upgrade("203.0.113.7, not-an-ip"), 1)).toBe("127.0.0.1");
    expect(upgradeClientIp(upgrade(), 1)).toBe("127.0.0.1");
    expect(upgradeClientIp(upgrade("203.0.113.7"), 0)).toBe("127.0.0.1");
  });
});

describe("TRUST_PROXY", () => {
  it("is a count of trusted proxies; true still means one, false and unset none", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it.each(["maybe", "-1", "1.5", "10"])("refuses %s with a message naming the variable", (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be the number of trusted proxies/);
  });
});

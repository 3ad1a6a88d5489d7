import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.EMBEDDED_PG_PORT).not.toBe(5432);
    expect(env.MAX_JSON_BODY_BYTES).toBe(1024 * 1024);
  });

  it("derives the default site URL from the port and strips a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://example.com/" }).SITE_URL).toBe("https://example.com");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["SITE_URL", "not a url"],
    ["SITE_URL", "ftp://example.com"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY", "maybe"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(
      new RegExp(`${name}: .*\\(got "${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\)`),
    );
  });

  it("accepts a postgres URL and treats an empty one as unset", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" }).DATABASE_URL).toBe(
      "postgres://postgres@127.0.0.1:5432/test",
    );
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});

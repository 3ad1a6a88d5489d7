import { beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { createTestApp } from "../../tests/support/app";
import { isDatabaseUnavailable } from "./unavailable";

describe("isDatabaseUnavailable", () => {
  it("knows a server that is away from a statement or a program that is wrong", () => {
    const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });
    for (const error of [
      coded("ECONNREFUSED"),
      coded("57P01", "terminating connection due to administrator command"),
      coded("57P03", "the database system is starting up"),
      coded("08006"),
      coded("53300", "sorry, too many clients already"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      coded("55000", 'database "app" is not currently accepting connections'),
      // Drizzle wraps the driver's error; a host with two addresses fails with both.
      Object.assign(new Error("Failed query: insert into contacts ..."), { cause: coded("ECONNRESET") }),
      new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")], "connect failed"),
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    for (const error of [
      coded("23505", "duplicate key value violates unique constraint"),
      coded("22P02", "invalid input syntax for type integer"),
      coded("42P01", "relation does not exist"),
      new TypeError("Cannot read properties of undefined"),
      undefined,
      "ECONNREFUSED",
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});

/**
 * The public writes while the database is gone: 503 with Retry-After and the words to try again
 * in a minute or call, never a 500 and never a success. (The pool is closed: every query fails as
 * it does against a server that is down.)
 */
describe("public writes without a database", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.close();
  });

  const post = (path: string, body?: unknown) =>
    ctx.app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it.each([
    ["/api/submissions", { name: "Ana", email: "ana@example.com", description: "A site for the bakery." }],
    ["/api/contact", { name: "Ana", email: "ana@example.com", message: "Do you do menus?" }],
    [
      "/api/claims",
      {
        siteId: "kickemuit-hardware",
        name: "Ana",
        phone: "(401) 555-0111",
        email: "ana@example.com",
        verification: "I own the shop.",
      },
    ],
    ["/api/inquiries/create", undefined],
    ["/api/client-portal/lookup", { type: "project-id", identifier: "WBT-2026-ABCDEF" }],
    ["/api/auth/login", { email: "owner@example.com", password: "a long password" }],
  ])("POST %s answers 503 with Retry-After", async (path, body) => {
    const res = await post(path, body);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    const answer = (await res.json()) as { success?: boolean; error: string };
    expect(answer.success).toBe(false);
    expect(answer.error).toBe(
      `We couldn't save this just now. Please try again in a minute, or call ${site.phone.display}.`,
    );
  });

  it("sends a plain contact-form post back to the form with what was typed", async () => {
    const res = await ctx.app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Ana", email: "ana@example.com", message: "Do you do menus?" }).toString(),
    });
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get("location")!, "http://localhost");
    expect(to.pathname).toBe("/contact");
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      error: "unavailable",
      name: "Ana",
      message: "Do you do menus?",
    });
  });

  it("answers the health check 503 with Retry-After", async () => {
    const res = await ctx.app.request("/api/health");
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("pages without a database", () => {
  it("answers a blog page 503, not 500, and says to try again or call", async () => {
    const ctx = await createTestApp({ site: true });
    await ctx.close();
    for (const path of ["/blog", "/blog/a-post-that-would-be-read-from-the-database"]) {
      const res = await ctx.app.request(path);
      expect(res.status, path).toBe(503);
      expect(await res.text()).toContain(`Please try again in a minute, or call ${site.phone.display}.`);
    }
  });
});

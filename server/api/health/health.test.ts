import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../tests/support/app";

describe("GET /api/health", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("answers ok after a real query", async () => {
    const res = await ctx.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, db: true });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers 503 with db false when the database is gone", async () => {
    const broken = await createTestApp();
    await broken.close();
    const res = await broken.app.request("/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, db: false, error: "The database does not answer" });
  });
});

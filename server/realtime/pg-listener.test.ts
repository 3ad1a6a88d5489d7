import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { createLogger } from "../lib/logger";
import { createPgListener, type PgListener } from "./pg-listener";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let listener: PgListener;
const heard: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  listener = createPgListener(database.url, createLogger("silent"));
  listener.on("listener_test", (payload) => {
    if (payload === "bad") throw new Error("a handler failed");
  });
  listener.on("listener_test", (payload) => heard.push(payload));
  await listener.ready();
}, 60_000);

afterAll(async () => {
  await listener?.close();
  await database?.close();
});

/** Waits for a condition (each socket message or notification makes it true), or fails naming it. */
const until = (check: () => boolean, what: string, ms = 5000) =>
  vi.waitUntil(check, { timeout: ms, interval: 10 }).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });

describe("createPgListener", () => {
  it("keeps delivering to the other handlers, and later notifications, when one handler throws", async () => {
    for (const payload of ["bad", "good"])
      await database.db.execute(sql`select pg_notify('listener_test', ${payload})`);
    await until(() => heard.length >= 2, "both notifications");
    expect(heard).toEqual(["bad", "good"]);
  });
});

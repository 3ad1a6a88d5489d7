import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("createPgListener", () => {
  it("keeps delivering to the other handlers, and later notifications, when one handler throws", async () => {
    for (const payload of ["bad", "good"])
      await database.db.execute(sql`select pg_notify('listener_test', ${payload})`);
    await until(() => heard.length >= 2, "both notifications");
    expect(heard).toEqual(["bad", "good"]);
  });
});

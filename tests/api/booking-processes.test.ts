import { rmSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AvailabilityAnswerSchema } from "~/contracts/booking-public";
import { bookings } from "../../server/db/schema";
import { builtEntry, spawnLogged, tempDataDir, waitForHealth, type Spawned } from "../support/app-process";
import { createTestDatabase } from "../support/db";
import { freePort } from "../support/global-setup";

/**
 * Never double-booked across processes (docs/decisions/058-bookings.md): two built app processes
 * on one database take twenty bookings of one slot at once, ten each. PostgreSQL's exclusion
 * constraint is the judge: exactly one booking, nineteen clear refusals with the next free times.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
const ports: number[] = [];
const apps: Spawned[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = tempDataDir("wbt-bookings-");
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    ports.push(port);
    apps.push(
      spawnLogged([builtEntry], {
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        PORT: String(port),
        DATABASE_URL: database.url,
        DATABASE_POOL_MAX: "6",
        REPORT_POOL_MAX: "1",
        DATA_DIR: dataDir,
        SITE_URL: `http://127.0.0.1:${port}`,
        PUBLIC_FORM_LIMIT: "1000",
      }),
    );
  }
  try {
    await Promise.all(ports.map((port) => waitForHealth(port, 40_000)));
  } catch (error) {
    throw new Error(`${String(error)}\n${apps.map((app) => app.output()).join("\n")}`, { cause: error });
  }
}, 60_000);

afterAll(async () => {
  for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill();
  await Promise.all(apps.map((app) => app.exited));
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("twenty bookings of one slot across two app processes", () => {
  it("end in exactly one booking and nineteen refusals", async () => {
    const start = new Date(Date.now() + 60 * 60_000).toISOString();
    const end = new Date(Date.now() + 35 * 86_400_000).toISOString();
    const answer = await fetch(
      `http://127.0.0.1:${ports[0]}/api/booking/availability?type=discovery-call&start=${start}&end=${end}`,
    );
    const [slot] = AvailabilityAnswerSchema.parse(await answer.json()).slots;
    expect(slot).toBeDefined();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`http://127.0.0.1:${ports[i % 2]}/api/bookings`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            type: "discovery-call",
            start: slot!.start,
            name: `Visitor ${i}`,
            email: `visitor.${i}.${Date.now()}@example.com`,
            phone: "(401) 555-0100",
            about: "A new site for a shop in Cranston",
            time_zone: "America/New_York",
          }),
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(
      statuses.filter((s) => s === 201),
      `${JSON.stringify(statuses)} ${apps
        .map((app) => app.output())
        .join("\n")
        .slice(-3000)}`,
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const res of answers.filter((r) => r.status === 409)) {
      const body = (await res.json()) as { error: string; next_slots: { start: string }[] };
      expect(body.error).toBe("That time was just taken");
      expect(body.next_slots.map((s) => s.start)).not.toContain(slot!.start);
    }
    const live = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.startsAt, new Date(slot!.start)), eq(bookings.status, "confirmed")));
    expect(live).toHaveLength(1);
  });
});

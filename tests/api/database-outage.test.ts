import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/global-setup";
import { builtEntry, cleanUp, spawnLogged, tempDataDir, waitForHealth, type Spawned } from "../support/app-process";
import { killDatabaseUnderLoad } from "../support/database-kill";

/**
 * The embedded PostgreSQL dies under the built app while visitors send the contact form
 * (docs/decisions/029-database-outages.md): the app starts it again by itself, writes succeed
 * within 15 s, every acknowledged submission is stored with its owner's notice, and every
 * refused one was told 503 with Retry-After, never 500.
 */
const dataDir = tempDataDir("wbt-outage-");
const processes: Spawned[] = [];
afterAll(() => cleanUp(dataDir, processes));

let app: Spawned;
let port: number;
let pgPort: number;
beforeAll(async () => {
  port = await freePort();
  do pgPort = await freePort();
  while (pgPort === port);
  app = spawnLogged([builtEntry], {
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    PUBLIC_FORM_LIMIT: "10000",
  });
  processes.push(app);
  await waitForHealth(port, 60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${app.output().slice(-3000)}`, { cause: error });
  });
}, 90_000);

describe("a killed embedded PostgreSQL", () => {
  it("is started again by the app, and no acknowledged lead is lost", async () => {
    const result = await killDatabaseUnderLoad({ base: `http://127.0.0.1:${port}`, dataDir, pgPort });
    const after = result.submissions.filter((s) => s.at >= 0);
    const statuses = [...new Set(result.submissions.map((s) => s.status))].sort();
    expect(
      statuses.every((s) => s === 200 || s === 503),
      `answers seen: ${statuses.join(", ")}`,
    ).toBe(true);
    for (const refused of result.submissions.filter((s) => s.status === 503))
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(result.firstWriteMs, app.output().slice(-3000)).not.toBeNull();
    expect(result.firstWriteMs!).toBeLessThan(15_000);
    expect(result.healthyMs!).toBeLessThan(15_000);
    expect(after.some((s) => s.status === 200)).toBe(true);
    expect(result.lost).toEqual([]);
    expect(result.withoutNotice).toEqual([]);
    await app.waitFor(/"msg":"embedded PostgreSQL restarted"/, 10_000);
    console.log(
      `database killed: first write ${Math.round(result.firstWriteMs!)} ms later, healthy after ${Math.round(result.healthyMs!)} ms; ` +
        `${result.submissions.filter((s) => s.status === 200).length} acknowledged, ${result.submissions.filter((s) => s.status === 503).length} refused with 503`,
    );

    // It goes on as before: a clean stop with exit code 0.
    app.child.kill("SIGTERM");
    expect((await app.exited).code, app.output().slice(-3000)).toBe(0);
  }, 90_000);
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { startFlags } from "../../scripts/bench/app-process";
import {
  ONE_TOKEN_TARGETS,
  prepareOneToken,
  runOneTokenLoad,
  STORM,
  type OneTokenFigures,
} from "../../scripts/bench/one-token-load";
import { builtEntry, cleanUp, spawnLogged, tempDataDir, waitForHealth, type Spawned } from "../support/app-process";
import { createTestDatabase } from "../support/db";
import { freePort } from "../support/global-setup";

/**
 * One portal token cannot stall the site (docs/decisions/046-limits-per-token-and-process.md): the
 * built server, run as production runs it (npm start's memory flags), takes 200 PDF requests and
 * 16 uploads of 24 MB from one token at once while visitors check /api/health and send leads,
 * each lead from an address of its own (TRUST_PROXY=1). Every visitor is answered, every
 * lead is stored, the token is told to wait, and the process's memory stays small.
 * scripts/bench/one-token-load.ts runs the same storm for `npm run bench:one-token`.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Spawned;
const dataDir = tempDataDir("wbt-one-token-");
let figures: OneTokenFigures;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  app = spawnLogged([...startFlags, builtEntry], {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    TRUST_PROXY: "1",
  });
  await waitForHealth(port);
  const base = `http://127.0.0.1:${port}`;
  figures = await runOneTokenLoad(await prepareOneToken(database.db, base), app.child.pid!);
}, 90_000);

afterAll(async () => {
  cleanUp(dataDir, app ? [app] : []);
  await app?.exited;
  await database?.close();
});

// How quick /api/health stays is a speed target, measured by `npm run bench:one-token` (its p99
// under ONE_TOKEN_TARGETS.healthP99Ms), not by this test on a machine of any speed.
it("answers every visitor's /api/health while one token storms", () => {
  expect(figures.healthChecks, JSON.stringify(figures)).toBeGreaterThan(0);
  expect(figures.healthFailed, JSON.stringify(figures)).toBe(0);
});

it("stores every visitor's lead", () => {
  const statuses = Object.keys(figures.leadStatuses);
  expect(statuses, JSON.stringify(figures)).toEqual(["200"]);
  expect(figures.leadStatuses[200]).toBeGreaterThan(0);
});

it("tells the token to wait, with Retry-After and words, and still serves it some", () => {
  expect(figures.pdfStatuses[429], JSON.stringify(figures)).toBeGreaterThan(0);
  expect(figures.uploadStatuses[429], JSON.stringify(figures)).toBeGreaterThan(0);
  expect(figures.pdfStatuses[200]).toBeGreaterThan(0);
  expect(figures.uploadStatuses[201]).toBeGreaterThan(0);
  // Nothing else: no failure, no request left unanswered.
  expect((figures.pdfStatuses[200] ?? 0) + (figures.pdfStatuses[429] ?? 0)).toBe(STORM.pdfs);
  expect((figures.uploadStatuses[201] ?? 0) + (figures.uploadStatuses[429] ?? 0)).toBe(STORM.uploads);
  expect(figures.refusalsExplained).toBe(true);
});

it("keeps the server's memory small through 384 MB of uploads", () => {
  expect(figures.peakRssMb, JSON.stringify(figures)).toBeLessThan(ONE_TOKEN_TARGETS.peakRssMb);
});

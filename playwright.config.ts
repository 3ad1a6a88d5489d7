import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";

const port = Number(process.env.E2E_PORT ?? 4173);
/** E2E_BASE_URL points the journeys at a server that is already running (e.g. a dev server). */
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://localhost:${port}`;

/**
 * Browser journeys against the production build, served by the real server
 * on its own PostgreSQL: the embedded one in a temporary folder, or
 * DATABASE_URL when set (CI's second run).
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // One worker more than cores, locally and in CI: a journey spends part of its time waiting on the
  // server, the database or a timer, and a third worker on two cores finished a heavy set of files
  // in 104 s against 126 s (a fourth gained nothing). `--workers=1` on a shared machine.
  workers: availableParallelism() + 1,
  retries: 0,
  // Generous: axe on a long page takes seconds on a busy two-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // E2E_JSON_REPORT=file also writes Playwright's JSON report there (.ci/run prints each spec's time from it).
  reporter: process.env.E2E_JSON_REPORT
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT }]]
    : [["list"]],
  use: {
    baseURL,
    // Recording a trace costs every journey its DOM snapshots; CI, which keeps no artifacts, sets E2E_TRACE=0.
    trace: process.env.E2E_TRACE === "0" ? "off" : "retain-on-failure",
    // The site honours prefers-reduced-motion (app/app.css): no frames are painted for transitions
    // nobody watches, and nothing waits for an element to stop moving.
    reducedMotion: "reduce",
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    // Signs the owner in once and saves the session the back-office journeys reuse (auth.setup.ts).
    { name: "setup", testMatch: /.*\.setup\.ts/, use: { ...devices["Desktop Chrome"] } },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
      grepInvert: /@phone-only|@global-settings/,
      dependencies: ["setup"],
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
      grep: /@phone/,
      grepInvert: /@global-settings/,
      dependencies: ["setup"],
    },
    // Journeys that change what every public page shows (the chat widget's settings) run last,
    // when no other journey is looking.
    {
      name: "global-settings",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
      grep: /@global-settings/,
      dependencies: ["desktop", "phone"],
    },
  ],
  webServer: external
    ? undefined
    : {
        command: "node tests/support/e2e-server.mjs",
        url: `${baseURL}/api/health`,
        timeout: 90_000,
        reuseExistingServer: false,
        // SIGTERM lets the app finish and stop its embedded PostgreSQL (the default is SIGKILL).
        gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
        stdout: "ignore",
        stderr: "pipe",
        env: { PORT: String(port), LOG_LEVEL: "warn" },
      },
});

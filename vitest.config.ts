import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Tests of app processes on their own embedded PostgreSQL (the supervisor, start-up after a
 * kill -9, shutdown, crash handling): they never use DATABASE_URL, so a run against another
 * server (CI's second pass) may leave them out with TEST_SKIP_EMBEDDED_PROCESSES=1.
 */
const EMBEDDED_PROCESS_TESTS = [
  "tests/api/supervisor.test.ts",
  "tests/api/process-lifecycle.test.ts",
  "tests/api/process-resilience.test.ts",
  "tests/api/crash-shutdown.test.ts",
  "tests/api/database-outage.test.ts",
  "tests/api/backup-restore.test.ts",
  "tests/api/operator-settings.test.ts",
  "tests/api/deploy-units.test.ts",
  "tests/api/clean-stop.test.ts",
];

const TEST_DIRS = ["app", "server", "scripts", "tests/api"];
const TEST_FILE = /\.test\.tsx?$/;
/** A test file that works on PostgreSQL: it makes its database, or an app on one, with tests/support. */
const USES_DATABASE = /createTestDatabase|support\/(?:db|app|admin|projects)"/;

/**
 * With TEST_DATABASE_ONLY=1 (CI's second pass, against another PostgreSQL server), only the
 * files that use the database: the others (pure functions, components, build scripts, and the
 * processes on their own embedded PostgreSQL) ran in the first pass and would run the same.
 */
function databaseTestFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(file);
      } else if (TEST_FILE.test(entry.name) && USES_DATABASE.test(readFileSync(file, "utf8"))) files.push(file);
    }
  };
  for (const dir of TEST_DIRS) walk(dir);
  return files;
}

const databaseOnly = process.env.TEST_DATABASE_ONLY === "1";

/**
 * Tests that measure the app's answer times under load (one token's storm against the visitors,
 * docs/decisions/046-limits-per-token-and-process.md): they run alone, once every other file is
 * done, so that the times they assert are the app's and not those of the other files' forks on
 * the same cores.
 */
const MEASURED_ALONE = ["tests/api/one-token-load.test.ts"];

/**
 * Component tests that render with React's browser renderer (createRoot) rather than to markup:
 * they import their own modules. In a fork shared with the markup tests, a context a server render
 * left marked as its own makes React warn of "multiple renderers" (a console.error, which fails
 * the test).
 */
const OWN_MODULES = ["app/components/site/booking/booking-flow.test.tsx"];

const testFiles = databaseOnly
  ? databaseTestFiles()
  : ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/api/**/*.test.ts"];
const exclude = [
  ...configDefaults.exclude,
  ...(process.env.TEST_SKIP_EMBEDDED_PROCESSES === "1" ? EMBEDDED_PROCESS_TESTS : []),
];

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The files of a fork share its module cache instead of importing the app again for each
    // (a third less time). Every file builds its own app and database, and tests/support/setup.ts
    // restores timers, mocks, globals and environment after each test.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "tests",
          include: testFiles,
          exclude: [...exclude, ...MEASURED_ALONE, ...OWN_MODULES],
          sequence: { groupOrder: 0 },
          // Vitest's default is one fork per core less one: a single fork on a two-core machine,
          // idle while its test waits on PostgreSQL, a socket or a child process. One more fork
          // than cores keeps both cores busy (about twice as fast here).
          maxWorkers: availableParallelism() + 1,
        },
      },
      {
        extends: true,
        test: {
          name: "own modules",
          include: databaseOnly ? [] : OWN_MODULES,
          exclude,
          isolate: true,
          sequence: { groupOrder: 0 },
          maxWorkers: availableParallelism() + 1,
        },
      },
      {
        extends: true,
        test: {
          name: "measured alone",
          include: databaseOnly ? testFiles.filter((file) => MEASURED_ALONE.includes(file)) : MEASURED_ALONE,
          exclude,
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
        },
      },
    ],
  },
});

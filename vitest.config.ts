import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/api/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one fork per core less one: a single fork on a two-core machine, idle
    // while its test waits on PostgreSQL, a socket or a child process. One more fork than cores
    // keeps both cores busy (about twice as fast here).
    maxWorkers: availableParallelism() + 1,
    // The files of a fork share its module cache instead of importing the app again for each
    // (a third less time). Every file builds its own app and database, and tests/support/setup.ts
    // restores timers, mocks, globals and environment after each test.
    isolate: false,
  },
});

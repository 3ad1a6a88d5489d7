import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../server/lib/paths";
import { freePort } from "../support/global-setup";
import { alive, cleanUp, postmasterPid, spawnLogged, tempDataDir, type Spawned } from "../support/app-process";

/**
 * An error nothing catches is logged as fatal and runs the ordered shutdown
 * (server/lib/shutdown.ts): the embedded PostgreSQL is stopped, not orphaned,
 * and the exit code says the process failed.
 */
const dataDir = tempDataDir("wbt-crash-");
const processes: Spawned[] = [];
let pgPort: string;

beforeAll(async () => {
  pgPort = String(await freePort());
});
afterAll(() => cleanUp(dataDir, processes));

const script = path.join(projectRoot, "tests/support/crash-process.ts");

describe("an uncaught error", () => {
  it.each([
    ["an exception thrown from a timer", "throw", /"level":60.*"msg":"uncaught exception: stopping the process"/],
    [
      "a promise rejection nobody handles",
      "reject",
      /"level":60.*"msg":"unhandled promise rejection: stopping the process"/,
    ],
  ])(
    "%s is logged and stops the embedded PostgreSQL before a non-zero exit",
    async (_name, mode, fatalLine) => {
      const crash = spawnLogged(["--import", "tsx", script, mode], { DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort });
      processes.push(crash);
      await crash.waitFor(/ready to fail/, 25_000);
      const postgres = postmasterPid(dataDir)!;
      expect(alive(postgres)).toBe(true);

      const { code } = await crash.exited;
      expect(code, crash.output()).toBe(1);
      expect(crash.output()).toMatch(fatalLine);
      expect(crash.output()).toContain("shutdown: stop the embedded database done");
      expect(alive(postgres), "the embedded PostgreSQL was stopped").toBe(false);
    },
    40_000,
  );
});

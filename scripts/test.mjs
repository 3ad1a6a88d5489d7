// `npm test`: every test, unit to browser. Builds first when the build is
// missing or stale (the API and browser tests run against the production
// build), then Vitest (unit + API on a real PostgreSQL), then Playwright.
// `npm test -- --e2e-grep @db` (or E2E_GREP=@db) runs only the journeys whose
// title matches, `--e2e-project desktop` only that Playwright project (and the
// setup it needs); every other argument goes to Vitest.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { computeStamp, readStamp, root } from "./build-stamp.mjs";

const chromium = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
].find((file) => file && existsSync(file));
if (!chromium && process.env.PLAYWRIGHT_BUNDLED !== "1") {
  console.error(
    "No Chromium found for the browser tests.\n" +
      "  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n" +
      "  elsewhere: set CHROMIUM_PATH=/path/to/chrome, or run `npx playwright install chromium` and set PLAYWRIGHT_BUNDLED=1",
  );
  process.exit(1);
}

const run = (label, command, args, env = {}) => {
  console.log(`\n[test] ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
};

if (readStamp() !== computeStamp()) {
  if (run("building the app", process.execPath, ["--import", "tsx", path.join(root, "scripts/build.ts")]) !== 0)
    process.exit(1);
}
const extra = [];
let e2eGrep = process.env.E2E_GREP;
let e2eProject = process.env.E2E_PROJECT;
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  if (arg === "--e2e-grep") e2eGrep = process.argv[++i];
  else if (arg.startsWith("--e2e-grep=")) e2eGrep = arg.slice("--e2e-grep=".length);
  else if (arg === "--e2e-project") e2eProject = process.argv[++i];
  else if (arg.startsWith("--e2e-project=")) e2eProject = arg.slice("--e2e-project=".length);
  else extra.push(arg);
}
const unit = run("unit and API tests (vitest)", process.execPath, [
  path.join(root, "node_modules/vitest/vitest.mjs"),
  "run",
  ...extra,
]);
const e2e = run("browser journeys (playwright)", process.execPath, [
  path.join(root, "node_modules/@playwright/test/cli.js"),
  "test",
  ...(e2eGrep ? ["--grep", e2eGrep] : []),
  ...(e2eProject ? ["--project", e2eProject] : []),
]);
console.log(`\n[test] vitest: ${unit === 0 ? "passed" : "FAILED"}; playwright: ${e2e === 0 ? "passed" : "FAILED"}`);
process.exit(unit || e2e);

import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { computeStamp, readStamp } from "../../scripts/build-stamp.mjs";
import { projectRoot } from "../../server/lib/paths";
import { SHUTDOWN_TIMEOUT_MS } from "../../server/lib/shutdown";
import { alive, postmasterPid, tempDataDir, waitForHealth } from "../support/app-process";
import { freePort } from "../support/global-setup";
import { deployToolsRequired, INSTALL_HINT } from "../support/nginx";

/**
 * The systemd units of deploy/systemd: systemd's own checker finds nothing to say about them,
 * their hardening scores well, the template is the single unit line for line but for its port,
 * and the way they stop the site (SIGTERM to npm alone, KillMode=mixed) stops it cleanly.
 */
const unitsDir = path.join(projectRoot, "deploy/systemd");
const single = path.join(unitsDir, "ri-web-design.service");
const template = path.join(unitsDir, "ri-web-design@.service");
const analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((file) => existsSync(file));
const required = deployToolsRequired();
if (!analyze && !required)
  console.warn(`deploy-units.test.ts: systemd-analyze is missing, checks skipped. ${INSTALL_HINT}`);

const scratch = mkdtempSync(path.join(os.tmpdir(), "wbt-units-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function systemdAnalyze(args: string[]) {
  if (!analyze) throw new Error(`systemd-analyze is not installed. ${INSTALL_HINT}`);
  const run = spawnSync(analyze, args, { cwd: scratch, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

/** The unit's settings, comments and blank lines left out. */
const settings = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

/** Every `Environment=` assignment of a unit, in order (later ones win, as in systemd). */
function environmentOf(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of settings(file).filter((l) => l.startsWith("Environment=")))
    for (const assignment of line.slice("Environment=".length).split(/\s+/)) {
      const at = assignment.indexOf("=");
      env[assignment.slice(0, at)] = assignment.slice(at + 1);
    }
  return env;
}

describe.skipIf(!analyze && !required)("deploy/systemd", () => {
  it("passes systemd-analyze verify without a warning, the template as an instance too", () => {
    for (const unit of [single, template]) {
      const result = systemdAnalyze(["verify", unit]);
      expect(result, path.basename(unit)).toEqual({ status: 0, output: "" });
    }
    // An instance is read from the template beside it, with %i filled in.
    copyFileSync(template, path.join(scratch, "ri-web-design@.service"));
    expect(systemdAnalyze(["verify", path.join(scratch, "ri-web-design@3001.service")])).toEqual({
      status: 0,
      output: "",
    });
  });

  it("is hardened: systemd rates its exposure low", () => {
    const result = systemdAnalyze(["security", "--offline=true", single]);
    const score = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(result.output)?.[1]);
    // 0 is locked down, 10 is nothing restricted; systemd calls under 2 "OK".
    expect(score, result.output.slice(-2000)).toBeLessThan(2);
  });

  it("runs npm start as ri-web-design from /srv/ri-web-design, stops with SIGTERM in time, and restarts on failure", () => {
    const lines = settings(single);
    for (const expected of [
      "User=ri-web-design",
      "WorkingDirectory=/srv/ri-web-design",
      "EnvironmentFile=/etc/ri-web-design.env",
      "ExecStart=/usr/bin/env npm start",
      "KillSignal=SIGTERM",
      "KillMode=mixed",
      "Restart=on-failure",
      "NoNewPrivileges=yes",
      "ProtectSystem=strict",
      "ReadWritePaths=/srv/ri-web-design/data",
      "PrivateTmp=yes",
    ])
      expect(lines).toContain(expected);
    const stopSeconds = Number(lines.find((l) => l.startsWith("TimeoutStopSec="))?.split("=")[1]);
    // The server's own bound, plus the supervisor and npm passing the signal on and exiting.
    expect(stopSeconds).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS / 1000 + 10);
    // V8 writes the code it runs: a unit that forbade it would not start.
    expect(lines.some((l) => l.startsWith("MemoryDenyWriteExecute="))).toBe(false);
  });

  it("has a template that is the single unit but for the port of its instance", () => {
    const one = settings(single);
    const many = settings(template);
    expect(many).toHaveLength(one.length);
    const differences = one.flatMap((line, i) => (line === many[i] ? [] : [[line, many[i]]]));
    expect(differences).toEqual([
      [
        "Description=Websites by Tyler: public site, API and back office",
        "Description=Websites by Tyler: public site, API and back office (port %i)",
      ],
      [
        "Environment=NODE_ENV=production HOST=127.0.0.1 PORT=3000 TRUST_PROXY=1",
        "Environment=NODE_ENV=production HOST=127.0.0.1 TRUST_PROXY=1",
      ],
      ["ExecStart=/usr/bin/env npm start", "ExecStart=/usr/bin/env PORT=%i npm start"],
    ]);
  });
});

// `npm start` builds first when the build is out of date, which is no part of a stop: this runs
// where the build is current, as under `npm test` and in CI, which build before the tests.
const buildCurrent = readStamp() === computeStamp();
describe.skipIf(!buildCurrent)("the units' way of stopping the site", () => {
  it("stops npm start cleanly with SIGTERM to npm alone: the server drains and stops its database, nothing is left", async () => {
    const dataDir = tempDataDir("wbt-unit-stop-");
    const port = await freePort();
    // The unit's own environment (npm through bash included), with a port and folders of the test's.
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: dataDir,
      ...environmentOf(single),
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      npm_config_cache: path.join(dataDir, "npm"),
    };
    const npm = spawn("/usr/bin/env", ["npm", "start"], { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on("exit", (code) => resolve(code)));
    let serverPid: number | undefined;
    try {
      await waitForHealth(port, 40_000);
      serverPid = Number(/"pid":(\d+)[^\n]*serving /.exec(output)?.[1]);
      const postgres = postmasterPid(dataDir);
      expect(serverPid && postgres, output).toBeTruthy();

      // What systemd does with KillMode=mixed: SIGTERM to the main process, npm, and no other.
      npm.kill("SIGTERM");
      expect(await exited, output).toBe(0);
      expect(output).toContain("shutdown: stop the embedded database done");
      expect(alive(serverPid), "the server").toBe(false);
      expect(alive(postgres!), "the embedded PostgreSQL").toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill("SIGKILL");
      if (serverPid && alive(serverPid)) process.kill(serverPid, "SIGKILL");
      const postgres = postmasterPid(dataDir);
      if (postgres && alive(postgres)) process.kill(postgres, "SIGINT");
      setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000).unref();
    }
  }, 60_000);
});

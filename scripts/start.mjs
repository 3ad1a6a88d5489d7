// `npm start`: build when the build is missing or stale, then serve, starting
// the server again by itself if it ever stops unexpectedly (scripts/supervisor.mjs).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { computeStamp, readStamp, root } from "./build-stamp.mjs";
import { heldProblem } from "./held.mjs";
import { recordLifeline } from "./lifeline.mjs";
import { loadSettingsFile, SettingsFileError } from "./settings-file.mjs";
import { supervise } from "./supervisor.mjs";

// Who started this, read before anything else (a build may take minutes): the server stops
// when they are gone (scripts/lifeline.mjs).
const lifeline = recordLifeline();

// The settings of ENV_FILE, or of .env in the app folder, as every npm script reads them (the
// environment's own values win); the server and the build inherit them.
try {
  loadSettingsFile();
} catch (error) {
  if (!(error instanceof SettingsFileError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// A port or data folder still held by an earlier run: said at once, with what holds it.
const held = await heldProblem();
if (held) {
  console.error(held);
  process.exit(1);
}

if (readStamp() !== computeStamp()) {
  console.log("[start] the build is missing or out of date: building first");
  execFileSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/build.ts")], {
    cwd: root,
    stdio: "inherit",
  });
}
supervise(path.join(root, "build/server-app/index.js"), lifeline);

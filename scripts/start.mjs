// `npm start`: build when the build is missing or stale, then serve, starting
// the server again by itself if it ever stops unexpectedly (scripts/supervisor.mjs).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { computeStamp, readStamp, root } from "./build-stamp.mjs";
import { loadSettingsFile, SettingsFileError } from "./settings-file.mjs";
import { supervise } from "./supervisor.mjs";

// The settings of ENV_FILE, or of .env in the app folder, as every npm script reads them (the
// environment's own values win); the server and the build inherit them.
try {
  loadSettingsFile();
} catch (error) {
  if (!(error instanceof SettingsFileError)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (readStamp() !== computeStamp()) {
  console.log("[start] the build is missing or out of date: building first");
  execFileSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/build.ts")], {
    cwd: root,
    stdio: "inherit",
  });
}
supervise(path.join(root, "build/server-app/index.js"));
